import { ANNOTATION_KEYWORDS } from '../annotations.ts';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../errors.ts';
import { INT64_MAX, INT64_MIN } from '../integers.ts';
import type { JsonValue } from '../json.ts';
import { isTemporalFormat, TEMPORAL_FORMATS } from '../temporal.ts';
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
const FORMATS = TEMPORAL_FORMATS.join(', ');

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
  checkKeys(declared, path, position, ['type', 'format'], 'a string');
  const node: Node = { type: 'string' };
  const format = declared['format'];
  if (format !== undefined) {
    if (!isTemporalFormat(format)) {
      throw unsupported(
        path,
        `${typeof format === 'string' ? `The format \`${format}\`` : 'The format given'} is outside the vocabulary; use one of ${FORMATS}.`,
      );
    }
    node['format'] = format;
  }
  return annotated(node, declared, path);
}

export function publishNumber(declared: Declared, path: string, position: Position): Node {
  checkKeys(declared, path, position, ['type', 'minimum', 'maximum'], 'a number');
  const node: Node = { type: 'number' };
  for (const keyword of ['minimum', 'maximum'] as const) {
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
  const { minimum, maximum } = node;
  if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) {
    throw crossed(path);
  }
  return annotated(node, declared, path);
}

/**
 * An integer of a width up to `SafeInteger`: its bounds are always published, wherever it sits
 * (a property, an array item at any depth, a map value, a definition), so the document alone is
 * the criterion. A plain `Type.Integer()` is a `SafeInteger`.
 */
export function publishInteger(declared: Declared, path: string, position: Position): Node {
  checkKeys(declared, path, position, ['type', 'minimum', 'maximum'], 'an integer');
  const minimum = safeBound(declared['minimum'], Number.MIN_SAFE_INTEGER, `${path}/minimum`);
  const maximum = safeBound(declared['maximum'], Number.MAX_SAFE_INTEGER, `${path}/maximum`);
  if (minimum > maximum) throw crossed(path);
  return annotated({ type: 'integer', minimum, maximum }, declared, path);
}

/** An `Int64` (or a plain `Type.BigInt()`): bounds published as exact bigints, wherever it sits. */
export function publishInt64(declared: Declared, path: string, position: Position): Node {
  checkKeys(declared, path, position, ['type', 'minimum', 'maximum'], 'an `Int64`');
  const minimum = int64Bound(declared['minimum'], INT64_MIN, `${path}/minimum`);
  const maximum = int64Bound(declared['maximum'], INT64_MAX, `${path}/maximum`);
  if (minimum > maximum) throw crossed(path);
  return annotated({ type: 'integer', minimum, maximum }, declared, path);
}

function crossed(path: string): SchemaDefectError {
  return malformed(
    path,
    'The `minimum` exceeds the `maximum`, so nothing is admitted; give bounds that admit a value.',
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
