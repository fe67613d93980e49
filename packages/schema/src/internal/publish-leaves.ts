import { ANNOTATION_KEYWORDS } from '../annotations.ts';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../errors.ts';
import { isJudgedFormat, STRING_FORMATS } from '../formats.ts';
import { INT64_MAX, INT64_MIN } from '../integers.ts';
import type { JsonValue } from '../json.ts';
import { TEMPORAL_FORMATS } from '../temporal.ts';
import { copyJson } from './json-copy.ts';

/** The `$schema` every canonical document states: JSON Schema 2020-12. */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Which document is published: input documents carry `required`, output documents do not. */
export type Mode = 'input' | 'output';
/** Where a declaration sits; some keywords and markers are allowed only in some places. */
export type Position = 'root' | 'property' | 'item' | 'value' | 'definition' | 'member';
/** A declaration as the publisher reads it (a TypeBox schema object). */
export type Declared = Readonly<Record<string, unknown>>;
/** A node of the document being published. */
export type Node = Record<string, JsonValue>;

export function unsupported(path: string, message: string): SchemaDefectError {
  return new SchemaDefectError(SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT, message, { path });
}

export function malformed(path: string, message: string): SchemaDefectError {
  return new SchemaDefectError(SCHEMA_ERROR_CODES.MALFORMED_SCHEMA, message, { path });
}

const ANNOTATIONS = new Set<string>(ANNOTATION_KEYWORDS);
const STRING_ANNOTATIONS = new Set(['title', 'description', '$comment']);
const BOOLEAN_ANNOTATIONS = new Set(['deprecated', 'readOnly', 'writeOnly']);
const FORMATS = [...TEMPORAL_FORMATS, ...STRING_FORMATS].join(', ');

/** Refuses every keyword of `declared` outside `allowed` and the annotations. */
export function checkKeys(
  declared: Declared,
  path: string,
  position: Position,
  allowed: readonly string[],
  what: string,
): void {
  for (const key of Object.keys(declared)) {
    if (allowed.includes(key) || ANNOTATIONS.has(key)) continue;
    if (key === '$id' && position === 'definition') continue;
    if (key === '$schema' && position === 'root' && declared[key] === JSON_SCHEMA_2020_12) continue;
    throw unsupported(
      path,
      `The keyword \`${key}\` on ${what} is outside the vocabulary, because the gate does not judge it; remove it.`,
    );
  }
}

/** Copies the annotations of `declared` (as JSON, checked for their kind) onto `node`. */
export function annotated(node: Node, declared: Declared, path: string): Node {
  for (const keyword of ANNOTATION_KEYWORDS) {
    if (!Object.hasOwn(declared, keyword)) continue;
    const value = declared[keyword];
    if (value === undefined) continue;
    const at = `${path}/${keyword}`;
    if (STRING_ANNOTATIONS.has(keyword) && typeof value !== 'string') {
      throw malformed(at, `The annotation \`${keyword}\` is not a string; give a string.`);
    }
    if (BOOLEAN_ANNOTATIONS.has(keyword) && typeof value !== 'boolean') {
      throw malformed(at, `The annotation \`${keyword}\` is not a boolean; give true or false.`);
    }
    if (keyword === 'examples' && !Array.isArray(value)) {
      throw malformed(at, 'The annotation `examples` is not an array; give an array of examples.');
    }
    node[keyword] = copyJson(value, at);
  }
  return node;
}

export function publishString(declared: Declared, path: string, position: Position): Node {
  checkKeys(
    declared,
    path,
    position,
    ['type', 'format', 'minLength', 'maxLength', 'pattern'],
    'a string',
  );
  const node: Node = { type: 'string' };
  const minLength = count(declared, 'minLength', path);
  const maxLength = count(declared, 'maxLength', path);
  if (minLength !== undefined) node['minLength'] = minLength;
  if (maxLength !== undefined) node['maxLength'] = maxLength;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    throw malformed(
      path,
      'The `minLength` exceeds the `maxLength`, so no string is admitted; give lengths that admit a string.',
    );
  }
  const pattern = declared['pattern'];
  if (pattern !== undefined) node['pattern'] = checkPattern(pattern, path);
  const format = declared['format'];
  if (format !== undefined) {
    if (typeof format !== 'string' || !isJudgedFormat(format)) {
      throw unsupported(
        path,
        `${typeof format === 'string' ? `The format \`${format}\`` : 'The format given'} is outside the vocabulary; use one of ${FORMATS}.`,
      );
    }
    node['format'] = format;
  }
  return annotated(node, declared, path);
}

/**
 * The `pattern` of a string: an ECMA-262 regular expression given as a string that compiles with
 * the `u` flag, the flag every reader runs it with. Its cost on a caller's text is the catalog's to
 * check (a ReDoS checker at build).
 */
function checkPattern(pattern: unknown, path: string): string {
  if (typeof pattern !== 'string') {
    throw malformed(
      `${path}/pattern`,
      'The `pattern` of a string is not a string; give the regular expression as a string, without delimiters or flags.',
    );
  }
  try {
    new RegExp(pattern, 'u');
  } catch (cause) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.INVALID_PATTERN,
      'The `pattern` does not compile as a regular expression with the `u` flag; write it in ECMA-262 syntax valid in Unicode mode (escape only syntax characters, close every group and class).',
      { path, cause },
    );
  }
  return pattern;
}

/** A count keyword (`minLength`, `maxItems`, ...): a non-negative safe integer, when given. */
function count(declared: Declared, keyword: string, path: string): number | undefined {
  const value = declared[keyword];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw malformed(
    `${path}/${keyword}`,
    `The \`${keyword}\` is not a non-negative safe integer; give a count from 0 to 2^53 - 1.`,
  );
}

/** The item bounds of an array (`minItems`, `maxItems`, `uniqueItems` published only when true). */
export function arrayBounds(node: Node, declared: Declared, path: string): Node {
  const minItems = count(declared, 'minItems', path);
  const maxItems = count(declared, 'maxItems', path);
  if (minItems !== undefined) node['minItems'] = minItems;
  if (maxItems !== undefined) node['maxItems'] = maxItems;
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    throw malformed(
      path,
      'The `minItems` exceeds the `maxItems`, so no array is admitted; give counts that admit an array.',
    );
  }
  const unique = declared['uniqueItems'];
  if (unique !== undefined && typeof unique !== 'boolean') {
    throw malformed(
      `${path}/uniqueItems`,
      'The `uniqueItems` of an array is not a boolean; give true or leave it out.',
    );
  }
  if (unique === true) node['uniqueItems'] = true;
  return node;
}

/** The entry bounds of a map (`minProperties`, `maxProperties`: counts of its keys). */
export function mapBounds(node: Node, declared: Declared, path: string): Node {
  const minProperties = count(declared, 'minProperties', path);
  const maxProperties = count(declared, 'maxProperties', path);
  if (minProperties !== undefined) node['minProperties'] = minProperties;
  if (maxProperties !== undefined) node['maxProperties'] = maxProperties;
  if (minProperties !== undefined && maxProperties !== undefined && minProperties > maxProperties) {
    throw malformed(
      path,
      'The `minProperties` exceeds the `maxProperties`, so no map is admitted; give counts that admit a map.',
    );
  }
  return node;
}

const NUMBER_MULTIPLE =
  'A `multipleOf` on a number is outside the vocabulary, because a multiple of a fraction is not exact in binary floating point; declare an integer in smaller units instead (cents rather than fractions of a unit).';

export function publishNumber(declared: Declared, path: string, position: Position): Node {
  if (declared['multipleOf'] !== undefined) throw unsupported(path, NUMBER_MULTIPLE);
  checkKeys(
    declared,
    path,
    position,
    ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    'a number',
  );
  const node: Node = { type: 'number' };
  for (const keyword of NUMBER_BOUNDS) {
    const bound = declared[keyword];
    if (bound === undefined) continue;
    if (typeof bound !== 'number' || !Number.isFinite(bound)) {
      throw malformed(
        `${path}/${keyword}`,
        `The \`${keyword}\` of a number is not a finite number; give a finite number.`,
      );
    }
    node[keyword] = bound;
  }
  const low = tighter(node['minimum'], node['exclusiveMinimum'], 1);
  const high = tighter(node['maximum'], node['exclusiveMaximum'], -1);
  if (
    low !== undefined &&
    high !== undefined &&
    (low.value > high.value || (low.value === high.value && (low.exclusive || high.exclusive)))
  ) {
    throw crossed(path);
  }
  return annotated(node, declared, path);
}

const NUMBER_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/** The tighter of an inclusive and an exclusive bound (`side` 1 for lower, -1 for upper). */
function tighter(
  inclusive: JsonValue | undefined,
  exclusive: JsonValue | undefined,
  side: 1 | -1,
): { value: number; exclusive: boolean } | undefined {
  if (typeof exclusive !== 'number') {
    return typeof inclusive === 'number' ? { value: inclusive, exclusive: false } : undefined;
  }
  if (typeof inclusive !== 'number') return { value: exclusive, exclusive: true };
  return side * (exclusive - inclusive) >= 0
    ? { value: exclusive, exclusive: true }
    : { value: inclusive, exclusive: false };
}

const INTEGER_KEYS = [
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

/**
 * An integer of a width up to `SafeInteger`: its bounds are always published, wherever it sits
 * (a property, an array item at any depth, a map value, a definition), so the document alone is
 * the criterion. A plain `Type.Integer()` is a `SafeInteger`. Exclusive bounds and `multipleOf`
 * are published beside the width's bounds, as safe integers.
 */
export function publishInteger(declared: Declared, path: string, position: Position): Node {
  checkKeys(declared, path, position, INTEGER_KEYS, 'an integer');
  const minimum = safeBound(declared['minimum'], Number.MIN_SAFE_INTEGER, `${path}/minimum`);
  const maximum = safeBound(declared['maximum'], Number.MAX_SAFE_INTEGER, `${path}/maximum`);
  const node: Node = { type: 'integer', minimum, maximum };
  const extra: Partial<Record<'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf', bigint>> = {};
  for (const keyword of ['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
    const value = declared[keyword];
    if (value === undefined) continue;
    const bound = safeBound(value, 0, `${path}/${keyword}`);
    node[keyword] = bound;
    extra[keyword] = BigInt(bound);
  }
  checkIntegerRange(BigInt(minimum), BigInt(maximum), extra, path);
  return annotated(node, declared, path);
}

/**
 * An `Int64` (or a plain `Type.BigInt()`): bounds published as exact bigints, wherever it sits, and
 * so are its exclusive bounds and `multipleOf`.
 */
export function publishInt64(declared: Declared, path: string, position: Position): Node {
  checkKeys(declared, path, position, INTEGER_KEYS, 'an `Int64`');
  const minimum = int64Bound(declared['minimum'], INT64_MIN, `${path}/minimum`);
  const maximum = int64Bound(declared['maximum'], INT64_MAX, `${path}/maximum`);
  const node: Node = { type: 'integer', minimum, maximum };
  const extra: Partial<Record<'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf', bigint>> = {};
  for (const keyword of ['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
    const value = declared[keyword];
    if (value === undefined) continue;
    const bound = int64Bound(value, 0n, `${path}/${keyword}`);
    node[keyword] = bound;
    extra[keyword] = bound;
  }
  checkIntegerRange(minimum, maximum, extra, path);
  return annotated(node, declared, path);
}

/**
 * Refuses integer bounds that admit nothing: a `multipleOf` that is not positive, or no integer
 * (no multiple, when one is declared) between the tightest lower and upper bounds.
 */
function checkIntegerRange(
  minimum: bigint,
  maximum: bigint,
  extra: Partial<Record<'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf', bigint>>,
  path: string,
): void {
  const { exclusiveMinimum, exclusiveMaximum, multipleOf } = extra;
  if (multipleOf !== undefined && multipleOf <= 0n) {
    throw malformed(
      `${path}/multipleOf`,
      'The `multipleOf` of an integer is not positive; give a positive integer.',
    );
  }
  let low = minimum;
  let high = maximum;
  if (exclusiveMinimum !== undefined && exclusiveMinimum + 1n > low) low = exclusiveMinimum + 1n;
  if (exclusiveMaximum !== undefined && exclusiveMaximum - 1n < high) high = exclusiveMaximum - 1n;
  if (low > high) throw crossed(path);
  if (multipleOf !== undefined) {
    // The least multiple at or above `low`; bigint division truncates toward zero.
    const quotient = low / multipleOf;
    const first =
      quotient * multipleOf >= low ? quotient * multipleOf : (quotient + 1n) * multipleOf;
    if (first > high) {
      throw malformed(
        path,
        'No multiple of the `multipleOf` lies within the bounds, so nothing is admitted; give bounds that hold a multiple.',
      );
    }
  }
}

function crossed(path: string): SchemaDefectError {
  return malformed(
    path,
    'The lower bound exceeds the upper bound (`minimum` or `exclusiveMinimum` against `maximum` or `exclusiveMaximum`), so nothing is admitted; give bounds that admit a value.',
  );
}

function safeBound(value: unknown, fallback: number, path: string): number {
  if (value === undefined) return fallback;
  if (typeof value === 'bigint') {
    if (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) {
      return Number(value);
    }
  } else if (Number.isSafeInteger(value)) {
    return value as number;
  }
  throw malformed(
    path,
    'The integer bound is not a safe integer; give one within ±(2^53 - 1), or declare `Int64` for wider values.',
  );
}

function int64Bound(value: unknown, fallback: bigint, path: string): bigint {
  if (value === undefined) return fallback;
  let bound: bigint | undefined;
  if (typeof value === 'bigint') bound = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) bound = BigInt(value);
  if (bound === undefined || bound < INT64_MIN || bound > INT64_MAX) {
    throw malformed(
      path,
      'The `Int64` bound is not an integer from -2^63 to 2^63 - 1 stated exactly (a number beyond 2^53 - 1 may be a rounded literal); give it as a `bigint` within that range.',
    );
  }
  return bound;
}

/** `{ type, enum }` over the distinct `values`, which must share one JSON type. */
export function enumNode(values: readonly unknown[], path: string): Node {
  const distinct: JsonValue[] = [];
  for (const value of values) {
    if (!distinct.includes(value as JsonValue)) distinct.push(value as JsonValue);
  }
  if (distinct.length === 0) {
    throw unsupported(path, 'The enum has no values, so it admits nothing; give it a value.');
  }
  let type: string;
  if (distinct.every((value) => typeof value === 'string')) type = 'string';
  else if (distinct.every((value) => typeof value === 'boolean')) type = 'boolean';
  else if (distinct.every((value) => Number.isSafeInteger(value))) type = 'integer';
  else if (distinct.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    type = 'number';
  } else {
    throw unsupported(
      path,
      'The enum holds values of more than one JSON type; give values of one JSON type (strings, booleans, safe integers or numbers).',
    );
  }
  return { type, enum: distinct };
}
