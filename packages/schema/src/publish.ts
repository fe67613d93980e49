import { IsCodec, IsOptional, IsRefine } from 'typebox';
import { ANNOTATION_KEYWORDS } from './annotations.ts';
import { ARTIFACT_REFS_PROPERTY } from './artifact-refs.ts';
import { SCHEMA_DEFECT_CODES, SchemaDefectError } from './errors.ts';
import { INT64_MAX, INT64_MIN } from './integers.ts';
import { copyJson, defineEntry } from './internal/json-copy.ts';
import type { JsonObject, JsonValue } from './json.ts';
import { STRING_KEY_PATTERN } from './map.ts';
import { defRef, escapePointerSegment } from './ref.ts';
import { stringifyCanonical } from './stringify.ts';
import { isTemporalFormat } from './temporal.ts';

/** The `$schema` every canonical document states: JSON Schema 2020-12. */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A canonical published document: a plain JSON Schema 2020-12 object. Integer bounds of `Int64` are
 * `bigint` (exact); whoever serializes the document writes them as integer literals.
 */
export type CanonicalDocument = JsonObject;

type Mode = 'input' | 'output';
type Position = 'root' | 'property' | 'item' | 'value' | 'definition' | 'member';

interface Scope {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly parent: Scope | undefined;
}

type Declared = Readonly<Record<string, unknown>>;
type Node = Record<string, JsonValue>;

function unsupported(path: string, message: string): SchemaDefectError {
  return new SchemaDefectError(SCHEMA_DEFECT_CODES.UNSUPPORTED_CONSTRUCT, path, message);
}

function malformed(path: string, message: string): SchemaDefectError {
  return new SchemaDefectError(SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA, path, message);
}

const ANNOTATIONS = new Set<string>(ANNOTATION_KEYWORDS);
const STRING_ANNOTATIONS = new Set(['title', 'description', '$comment']);
const BOOLEAN_ANNOTATIONS = new Set(['deprecated', 'readOnly', 'writeOnly']);

/** Why a TypeBox kind outside the vocabulary is refused, in words an author can act on. */
const REFUSED_KINDS: Readonly<Record<string, string>> = {
  Function: 'a function is not a JSON value',
  Constructor: 'a constructor is not a JSON value',
  Undefined: '`undefined` is not a JSON value; declare the property optional instead',
  Void: '`void` is not a JSON value; declare the property optional instead',
  Null: 'a null value is not in the vocabulary; absence is spelled by an optional property',
  Never: 'a type that admits nothing cannot be published',
  Symbol: 'a symbol is not a JSON value',
  Intersect: 'an intersection is outside the vocabulary; declare one object',
  Tuple: 'a tuple is outside the vocabulary; declare an array or an object',
  TemplateLiteral: 'a template literal is outside the vocabulary',
  Promise: 'a promise is not a JSON value',
  Iterator: 'an iterator is not a JSON value',
  AsyncIterator: 'an iterator is not a JSON value',
};

/** A definition reached again under a name it already has in `$defs`, to compare at the end. */
interface Claim {
  readonly name: string;
  readonly published: JsonValue;
  readonly path: string;
}

class Publisher {
  readonly #mode: Mode;
  /** What each `$defs` name publishes (undefined while its own definition is being published). */
  readonly #defs = new Map<string, { published: JsonValue | undefined }>();
  /** The names already reached in each recursive type's definitions (keyed by its `$defs`). */
  readonly #reached = new Map<object, Set<string>>();
  readonly #claims: Claim[] = [];

  constructor(mode: Mode) {
    this.#mode = mode;
  }

  document(schema: unknown): CanonicalDocument {
    const declared = this.#declared(schema, '');
    const kind = declared['~kind'];
    let body: Node;
    if (kind === 'Object' || kind === 'Record') {
      body = this.#node(declared, '', 'root', undefined);
    } else if (kind === 'Cyclic') {
      const target = this.#rootTarget(declared);
      if (target === undefined) {
        throw unsupported('', 'the root of a published document must be an object');
      }
      body = { type: 'object', ...this.#node(declared, '', 'root', undefined) };
    } else {
      throw unsupported('', 'the root of a published document must be an object');
    }
    for (const claim of this.#claims) {
      const first = this.#defs.get(claim.name)?.published;
      if (
        first === undefined ||
        stringifyCanonical(first) !== stringifyCanonical(claim.published)
      ) {
        throw new SchemaDefectError(
          SCHEMA_DEFECT_CODES.CONFLICTING_DEFINITION,
          claim.path,
          `two different recursive types are both named "${claim.name}"`,
        );
      }
    }
    const doc: Node = { $schema: JSON_SCHEMA_2020_12, ...body };
    if (this.#defs.size > 0) {
      const defs: Node = {};
      for (const [name, entry] of this.#defs) defineEntry(defs, name, entry.published ?? {});
      doc['$defs'] = defs;
    }
    return doc;
  }

  #rootTarget(cyclic: Declared): Declared | undefined {
    const defs = cyclic['$defs'];
    const ref = cyclic['$ref'];
    if (!isRecord(defs) || typeof ref !== 'string' || !Object.hasOwn(defs, ref)) return undefined;
    const target = defs[ref];
    if (!isRecord(target)) return undefined;
    const kind = target['~kind'];
    if (kind !== 'Object' && kind !== 'Record') return undefined;
    if (
      this.#mode === 'input' &&
      kind === 'Object' &&
      isRecord(target['properties']) &&
      Object.hasOwn(target['properties'], ARTIFACT_REFS_PROPERTY)
    ) {
      throw unsupported(
        `/$defs/${escapePointerSegment(ref)}/properties/${ARTIFACT_REFS_PROPERTY}`,
        'the reserved input property cannot sit in a recursive root type',
      );
    }
    return target;
  }

  #declared(schema: unknown, path: string): Declared {
    if (!isRecord(schema)) {
      throw malformed(path, 'a declared schema must be a TypeBox schema object');
    }
    return schema;
  }

  /** The declaration, refused when it carries a transform, a refinement or a misplaced optional. */
  #plain(schema: unknown, path: string, position: Position): Declared {
    const declared = this.#declared(schema, path);
    if (IsCodec(declared)) {
      throw unsupported(path, 'a transform (codec) is outside the vocabulary');
    }
    if (IsRefine(declared)) {
      throw unsupported(path, 'a refinement is a check the published document cannot state');
    }
    if (IsOptional(declared) && position !== 'property') {
      throw unsupported(path, 'only an object property can be optional');
    }
    return declared;
  }

  #node(schema: unknown, path: string, position: Position, scope: Scope | undefined): Node {
    const declared = this.#plain(schema, path, position);
    const kind = declared['~kind'];
    switch (kind) {
      case 'String':
        return this.#string(declared, path, position);
      case 'Number':
        return this.#number(declared, path, position);
      case 'Boolean':
        this.#keys(declared, path, position, ['type'], 'a boolean');
        return this.#annotated({ type: 'boolean' }, declared, path);
      case 'Integer':
        return this.#integer(declared, path, position);
      case 'BigInt':
        return this.#bigint(declared, path, position);
      case 'Literal':
      case 'Enum':
      case 'Union':
        return this.#annotated(
          enumNode(this.#literals(declared, path, position), path),
          declared,
          path,
        );
      case 'Array':
        return this.#array(declared, path, position, scope);
      case 'Object':
        return this.#object(declared, path, position, scope);
      case 'Record':
        return this.#map(declared, path, position, scope);
      case 'Unknown':
      case 'Any':
        this.#keys(declared, path, position, [], 'an open value');
        return this.#annotated({}, declared, path);
      case 'Cyclic':
        return this.#cyclic(declared, path, position, scope);
      case 'Ref':
        return this.#ref(declared, path, position, scope);
      default: {
        const reason = typeof kind === 'string' ? REFUSED_KINDS[kind] : undefined;
        throw unsupported(
          path,
          reason ??
            (typeof kind === 'string'
              ? `the TypeBox type ${kind} is outside the vocabulary`
              : 'a schema not built with TypeBox and the vocabulary cannot be published'),
        );
      }
    }
  }

  #keys(
    declared: Declared,
    path: string,
    position: Position,
    allowed: readonly string[],
    what: string,
  ): void {
    for (const key of Object.keys(declared)) {
      if (allowed.includes(key) || ANNOTATIONS.has(key)) continue;
      if (key === '$id' && position === 'definition') continue;
      if (key === '$schema' && position === 'root' && declared[key] === JSON_SCHEMA_2020_12)
        continue;
      throw unsupported(path, `the keyword "${key}" on ${what} is outside the vocabulary`);
    }
  }

  #annotated(node: Node, declared: Declared, path: string): Node {
    for (const keyword of ANNOTATION_KEYWORDS) {
      if (!Object.hasOwn(declared, keyword)) continue;
      const value = declared[keyword];
      if (value === undefined) continue;
      const at = `${path}/${keyword}`;
      if (STRING_ANNOTATIONS.has(keyword) && typeof value !== 'string') {
        throw malformed(at, `the annotation "${keyword}" must be a string`);
      }
      if (BOOLEAN_ANNOTATIONS.has(keyword) && typeof value !== 'boolean') {
        throw malformed(at, `the annotation "${keyword}" must be a boolean`);
      }
      if (keyword === 'examples' && !Array.isArray(value)) {
        throw malformed(at, 'the annotation "examples" must be an array');
      }
      node[keyword] = copyJson(value, at);
    }
    return node;
  }

  #string(declared: Declared, path: string, position: Position): Node {
    this.#keys(declared, path, position, ['type', 'format'], 'a string');
    const node: Node = { type: 'string' };
    const format = declared['format'];
    if (format !== undefined) {
      if (!isTemporalFormat(format)) {
        throw unsupported(
          path,
          `the format ${typeof format === 'string' ? `"${format}"` : 'given'} is outside the vocabulary (date-time, date, time, duration)`,
        );
      }
      node['format'] = format;
    }
    return this.#annotated(node, declared, path);
  }

  #number(declared: Declared, path: string, position: Position): Node {
    this.#keys(declared, path, position, ['type', 'minimum', 'maximum'], 'a number');
    const node: Node = { type: 'number' };
    for (const keyword of ['minimum', 'maximum'] as const) {
      const bound = declared[keyword];
      if (bound === undefined) continue;
      if (typeof bound !== 'number' || !Number.isFinite(bound)) {
        throw malformed(`${path}/${keyword}`, 'a number bound must be a finite number');
      }
      node[keyword] = bound;
    }
    const { minimum, maximum } = node;
    if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) {
      throw malformed(path, 'the minimum exceeds the maximum');
    }
    return this.#annotated(node, declared, path);
  }

  #integer(declared: Declared, path: string, position: Position): Node {
    this.#keys(declared, path, position, ['type', 'minimum', 'maximum'], 'an integer');
    const minimum = safeBound(declared['minimum'], Number.MIN_SAFE_INTEGER, `${path}/minimum`);
    const maximum = safeBound(declared['maximum'], Number.MAX_SAFE_INTEGER, `${path}/maximum`);
    if (minimum > maximum) throw malformed(path, 'the minimum exceeds the maximum');
    const node: Node =
      position === 'item' ? { type: 'integer' } : { type: 'integer', minimum, maximum };
    return this.#annotated(node, declared, path);
  }

  #bigint(declared: Declared, path: string, position: Position): Node {
    this.#keys(declared, path, position, ['type', 'minimum', 'maximum'], 'an Int64');
    const minimum = int64Bound(declared['minimum'], INT64_MIN, `${path}/minimum`);
    const maximum = int64Bound(declared['maximum'], INT64_MAX, `${path}/maximum`);
    if (minimum > maximum) throw malformed(path, 'the minimum exceeds the maximum');
    const node: Node =
      position === 'item' ? { type: 'integer' } : { type: 'integer', minimum, maximum };
    return this.#annotated(node, declared, path);
  }

  /**
   * The values of a literal, an enum or a union of them. Members are held to the same rules as any
   * declaration (no transform, refinement, optional marker or foreign keyword); their annotations
   * have nowhere to go in one `enum` and are dropped. A union path names the union itself.
   */
  #literals(declared: Declared, path: string, position: Position): unknown[] {
    switch (declared['~kind']) {
      case 'Literal':
        this.#keys(declared, path, position, ['type', 'const'], 'a literal');
        return [declared['const']];
      case 'Enum':
        this.#keys(declared, path, position, ['enum'], 'an enum');
        if (!Array.isArray(declared['enum'])) throw malformed(path, 'an enum must list its values');
        return declared['enum'];
      case 'Union': {
        this.#keys(declared, path, position, ['anyOf'], 'a union');
        const members = declared['anyOf'];
        if (!Array.isArray(members)) throw malformed(path, 'a union must list its members');
        return members.flatMap((member: unknown) =>
          this.#literals(this.#plain(member, path, 'member'), path, 'member'),
        );
      }
      default:
        throw unsupported(path, 'a union other than of literals is outside the vocabulary');
    }
  }

  #array(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    this.#keys(declared, path, position, ['type', 'items'], 'an array');
    const items = declared['items'];
    if (!isRecord(items)) throw unsupported(path, 'an array must declare one item schema');
    const node: Node = { type: 'array', items: this.#node(items, `${path}/items`, 'item', scope) };
    return this.#annotated(node, declared, path);
  }

  #object(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    this.#keys(
      declared,
      path,
      position,
      ['type', 'properties', 'required', 'additionalProperties'],
      'an object',
    );
    const additional = declared['additionalProperties'];
    if (additional !== undefined && additional !== false) {
      throw unsupported(path, 'an object with extra properties is outside the vocabulary; use Map');
    }
    const declaredProperties = declared['properties'];
    if (!isRecord(declaredProperties)) throw malformed(path, 'an object must declare properties');
    const properties: Node = {};
    const required: string[] = [];
    for (const [name, property] of Object.entries(declaredProperties)) {
      if (this.#mode === 'input' && position === 'root' && name === ARTIFACT_REFS_PROPERTY)
        continue;
      const at = `${path}/properties/${escapePointerSegment(name)}`;
      defineEntry(properties, name, this.#node(property, at, 'property', scope));
      if (!IsOptional(property)) required.push(name);
    }
    const node: Node =
      this.#mode === 'input'
        ? { type: 'object', properties, required, additionalProperties: false }
        : { type: 'object', properties, additionalProperties: false };
    return this.#annotated(node, declared, path);
  }

  #map(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    this.#keys(declared, path, position, ['type', 'patternProperties'], 'a map');
    const patterns = declared['patternProperties'];
    if (!isRecord(patterns)) throw malformed(path, 'a record must declare its value');
    const keys = Object.keys(patterns);
    if (keys.length !== 1 || keys[0] !== STRING_KEY_PATTERN) {
      throw unsupported(
        path,
        'a record keyed by anything but any string is outside the vocabulary',
      );
    }
    const value = this.#node(
      patterns[STRING_KEY_PATTERN],
      `${path}/additionalProperties`,
      'value',
      scope,
    );
    const node: Node = {
      type: 'object',
      additionalProperties: Object.keys(value).length === 0 ? true : value,
    };
    return this.#annotated(node, declared, path);
  }

  #cyclic(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    this.#keys(declared, path, position, ['$defs', '$ref'], 'a recursive type');
    const defs = declared['$defs'];
    const ref = declared['$ref'];
    if (!isRecord(defs) || typeof ref !== 'string') {
      throw malformed(path, 'a recursive type must name its definitions and its entry');
    }
    const name = this.#define(ref, { defs, parent: scope }, path);
    return this.#annotated({ $ref: defRef(name) }, declared, path);
  }

  #ref(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    this.#keys(declared, path, position, ['$ref'], 'a reference');
    const ref = declared['$ref'];
    if (typeof ref !== 'string') throw malformed(path, 'a reference must name its target');
    const name = this.#define(ref, scope, path);
    return this.#annotated({ $ref: defRef(name) }, declared, path);
  }

  /**
   * Publishes the definition `ref` names (once) and returns its name under `$defs`. Another
   * recursive type may reach the same name (the same declaration built twice): it shares the entry
   * only if its definition, with everything it refers to, publishes the same; that is checked once
   * the whole document is published.
   */
  #define(ref: string, scope: Scope | undefined, path: string): string {
    let owner = scope;
    while (owner !== undefined && !Object.hasOwn(owner.defs, ref)) owner = owner.parent;
    if (owner === undefined) {
      throw new SchemaDefectError(
        SCHEMA_DEFECT_CODES.UNRESOLVABLE_REF,
        path,
        `the reference "${ref}" names no definition of an enclosing recursive type`,
      );
    }
    let reached = this.#reached.get(owner.defs);
    if (reached === undefined) {
      reached = new Set();
      this.#reached.set(owner.defs, reached);
    }
    if (reached.has(ref)) return ref;
    reached.add(ref);
    const at = `/$defs/${escapePointerSegment(ref)}`;
    const existing = this.#defs.get(ref);
    if (existing !== undefined) {
      const published = this.#node(owner.defs[ref], at, 'definition', owner);
      this.#claims.push({ name: ref, published, path });
      return ref;
    }
    const entry: { published: JsonValue | undefined } = { published: undefined };
    this.#defs.set(ref, entry);
    entry.published = this.#node(owner.defs[ref], at, 'definition', owner);
    return ref;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  throw malformed(path, 'an integer bound must be a safe integer; declare Int64 for wider values');
}

function int64Bound(value: unknown, fallback: bigint, path: string): bigint {
  if (value === undefined) return fallback;
  let bound: bigint | undefined;
  if (typeof value === 'bigint') bound = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) bound = BigInt(value);
  if (bound === undefined || bound < INT64_MIN || bound > INT64_MAX) {
    throw malformed(path, 'an Int64 bound must be an integer within -2^63..2^63-1');
  }
  return bound;
}

function enumNode(values: readonly unknown[], path: string): Node {
  const distinct: JsonValue[] = [];
  for (const value of values) {
    if (!distinct.includes(value as JsonValue)) distinct.push(value as JsonValue);
  }
  if (distinct.length === 0) throw unsupported(path, 'an enum with no values admits nothing');
  let type: string;
  if (distinct.every((value) => typeof value === 'string')) type = 'string';
  else if (distinct.every((value) => typeof value === 'boolean')) type = 'boolean';
  else if (distinct.every((value) => Number.isSafeInteger(value))) type = 'integer';
  else if (distinct.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    type = 'number';
  } else {
    throw unsupported(
      path,
      'an enum must hold values of one JSON type (strings, booleans, safe integers or numbers)',
    );
  }
  return { type, enum: distinct };
}

/**
 * The canonical INPUT document of a declared schema: JSON Schema 2020-12 stating everything the
 * gate judges (see the package README for the rules), with the reserved `artifact_refs` property
 * removed from the root. A construct outside the vocabulary throws {@link SchemaDefectError}
 * (UNSUPPORTED_CONSTRUCT, MALFORMED_SCHEMA, UNRESOLVABLE_REF or CONFLICTING_DEFINITION) whose `path`
 * points at the declaration in the published document. Each call returns a fresh document.
 */
export function publishCanonical(schema: unknown): CanonicalDocument {
  return new Publisher('input').document(schema);
}

/**
 * The canonical OUTPUT document of a declared schema, or `undefined` when the output is not an
 * object or uses a construct the vocabulary cannot describe truthfully (a tool with no output
 * document ships text alone). Same rules as {@link publishCanonical}, except that no `required` is
 * published and `artifact_refs` stays. A malformed declaration still throws.
 */
export function publishCanonicalOutput(schema: unknown): CanonicalDocument | undefined {
  try {
    return new Publisher('output').document(schema);
  } catch (error) {
    if (
      error instanceof SchemaDefectError &&
      error.code === SCHEMA_DEFECT_CODES.UNSUPPORTED_CONSTRUCT
    ) {
      return undefined;
    }
    throw error;
  }
}
