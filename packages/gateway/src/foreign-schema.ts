/**
 * Longer than 400 lines: one walk over every kind of foreign schema node (objects, maps, arrays,
 * unions, literals, each JSON type, references and cycles), whose refusals read best side by side.
 *
 * A foreign tool's JSON Schema, turned into a declaration our publisher takes. The schema is first
 * normalized with the inliner's foreign policy (`inlineRefs(schema, 'foreign')`: an unresolvable
 * reference collapses to a bare object, a cycle is kept under the root `$defs`), then walked into
 * TypeBox declarations of the `@portcullis/schema` vocabulary:
 *
 * - every object with declared properties is closed (`additionalProperties: false`), whatever the
 *   upstream said about extra properties; an object with no properties and an `additionalProperties`
 *   schema (or none at all) is a map of that value;
 * - integer bounds are the upstream's; where it gave none, the vocabulary's plain integer
 *   (`SafeInteger`, the range a JSON number holds exactly) is published;
 * - anything the vocabulary cannot state (a keyword the gate does not judge, `allOf`, `not`, a tuple,
 *   an object that is both closed and a map, an unknown format) is a {@link ForeignSchemaError}
 *   naming the JSON pointer: the tool is left out rather than served loosely.
 *
 * Nothing is invented: no bound, no format, no default the upstream did not state.
 */
import { inlineRefs } from '@portcullis/dialects';
import { Map as StringMap, Unknown } from '@portcullis/schema';
import { type TSchema, Type } from 'typebox';

/** Why a foreign schema cannot be served: a pointer into the upstream's schema and our reason. */
export class ForeignSchemaError extends Error {
  override readonly name = 'ForeignSchemaError';
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`${reason} (at \`${path === '' ? '/' : path}\`)`);
    this.path = path;
  }
}

type Json = Record<string, unknown>;

const ANNOTATIONS = [
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
] as const;
/** Keywords that say nothing the gate judges, dropped wherever they are. */
const IGNORED = new Set(['$schema', '$id', '$anchor']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(path: string, key: string): string {
  return `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** The annotations of a node, typed as the publisher checks them (a wrong kind is dropped). */
function annotationsOf(node: Json): Json {
  const out: Json = {};
  for (const key of ANNOTATIONS) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (key === 'title' || key === 'description' || key === '$comment') {
      if (typeof value === 'string') out[key] = value;
    } else if (key === 'deprecated' || key === 'readOnly' || key === 'writeOnly') {
      if (typeof value === 'boolean') out[key] = value;
    } else if (key === 'examples') {
      if (Array.isArray(value)) out[key] = value;
    } else if (value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

/** Refuses any keyword of `node` outside `allowed`, the annotations, the ignored and `x-` extensions. */
function onlyKeys(node: Json, path: string, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(node)) {
    if (allowed.includes(key) || (ANNOTATIONS as readonly string[]).includes(key)) continue;
    if (IGNORED.has(key) || key.startsWith('x-')) continue;
    throw new ForeignSchemaError(
      pointer(path, key),
      `the keyword \`${key}\` on ${what} is not one the gate judges`,
    );
  }
}

function pick(node: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (node[key] !== undefined) out[key] = node[key];
  return out;
}

/** The keywords of a number or an integer the gate judges. */
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** `schema`, once it holds only the keywords of a number (`what`) and its type. */
function numberKeys(schema: Json, path: string, what: string): Json {
  onlyKeys(schema, path, ['type', ...BOUNDS], what);
  return schema;
}

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

class Converter {
  readonly #defs: Json;
  #converted: Record<string, TSchema> | undefined;

  constructor(defs: Json) {
    this.#defs = defs;
  }

  /** The kept definitions, each reference in them a `Type.Ref`, converted once. */
  #definitions(): Record<string, TSchema> {
    if (this.#converted === undefined) {
      const out: Record<string, TSchema> = {};
      this.#converted = out;
      for (const [name, body] of Object.entries(this.#defs)) {
        out[name] = this.node(body, pointer('/$defs', name), true);
      }
    }
    return this.#converted;
  }

  node(schema: unknown, path: string, inDefinition: boolean): TSchema {
    if (schema === true) return Unknown();
    if (!isObject(schema)) {
      throw new ForeignSchemaError(path, 'a subschema is neither an object nor `true`');
    }
    const annotations = annotationsOf(schema);
    const ref = schema['$ref'];
    if (ref !== undefined) {
      onlyKeys(schema, path, ['$ref'], 'a reference');
      const prefix = '#/$defs/';
      const name =
        typeof ref === 'string' && ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
      if (name === undefined || !Object.hasOwn(this.#defs, name)) {
        throw new ForeignSchemaError(path, 'a reference names no kept definition');
      }
      if (inDefinition) return Type.Ref(name, annotations);
      return Type.Cyclic(this.#definitions(), name, annotations);
    }
    if (schema['const'] !== undefined) {
      onlyKeys(schema, path, ['const', 'type'], 'a constant');
      return literal(schema['const'], path, annotations, schema['type']);
    }
    if (schema['enum'] !== undefined) {
      onlyKeys(schema, path, ['enum', 'type'], 'an enum');
      const values = schema['enum'];
      if (!Array.isArray(values) || values.length === 0) {
        throw new ForeignSchemaError(pointer(path, 'enum'), 'an enum lists no values');
      }
      const literals = values.map((value, index) =>
        literal(value, pointer(path, `enum/${index}`), {}, schema['type']),
      );
      return literals.length === 1
        ? Type.Union(literals, annotations)
        : Type.Union(literals, annotations);
    }
    const union = schema['anyOf'] ?? schema['oneOf'];
    if (union !== undefined) {
      const key = schema['anyOf'] !== undefined ? 'anyOf' : 'oneOf';
      onlyKeys(schema, path, [key], 'a union');
      if (!Array.isArray(union) || union.length === 0) {
        throw new ForeignSchemaError(pointer(path, key), 'a union lists no members');
      }
      const members = union.map((member, index) =>
        this.node(member, pointer(path, `${key}/${index}`), inDefinition),
      );
      return members.length === 1 ? members[0]! : Type.Union(members, annotations);
    }
    const type = schema['type'];
    if (Array.isArray(type)) {
      const named = type.filter((entry) => entry !== 'null');
      const nullable = named.length < type.length;
      if (named.length !== 1 || !nullable || typeof named[0] !== 'string') {
        throw new ForeignSchemaError(
          pointer(path, 'type'),
          'a list of types other than one type and `null` is not one the gate judges',
        );
      }
      const inner = this.typed({ ...schema, type: named[0] }, path, inDefinition, {});
      return Type.Union([inner, Type.Null()], annotations);
    }
    if (type === undefined) {
      onlyKeys(schema, path, [], 'an open value');
      return Unknown(annotations);
    }
    return this.typed(schema, path, inDefinition, annotations);
  }

  typed(schema: Json, path: string, inDefinition: boolean, annotations: Json): TSchema {
    const type = schema['type'];
    if (typeof type !== 'string' || !TYPES.has(type)) {
      throw new ForeignSchemaError(pointer(path, 'type'), 'the `type` is not a JSON type');
    }
    switch (type) {
      case 'string':
        onlyKeys(schema, path, ['type', 'minLength', 'maxLength', 'pattern', 'format'], 'a string');
        return Type.String({
          ...pick(schema, ['minLength', 'maxLength', 'pattern', 'format']),
          ...annotations,
        });
      case 'number':
        return Type.Number({
          ...pick(numberKeys(schema, path, 'a number'), BOUNDS),
          ...annotations,
        });
      case 'integer':
        return Type.Integer({
          ...pick(numberKeys(schema, path, 'an integer'), BOUNDS),
          ...annotations,
        });
      case 'boolean':
        onlyKeys(schema, path, ['type'], 'a boolean');
        return Type.Boolean(annotations);
      case 'null':
        throw new ForeignSchemaError(
          path,
          'a value that can only be null is not one the gate judges',
        );
      case 'array': {
        onlyKeys(
          schema,
          path,
          ['type', 'items', 'minItems', 'maxItems', 'uniqueItems'],
          'an array',
        );
        const items = schema['items'];
        if (Array.isArray(items)) {
          throw new ForeignSchemaError(
            pointer(path, 'items'),
            'a tuple is not one the gate judges',
          );
        }
        const item =
          items === undefined ? Unknown() : this.node(items, pointer(path, 'items'), inDefinition);
        return Type.Array(item, {
          ...pick(schema, ['minItems', 'maxItems', 'uniqueItems']),
          ...annotations,
        });
      }
      default:
        return this.object(schema, path, inDefinition, annotations);
    }
  }

  object(schema: Json, path: string, inDefinition: boolean, annotations: Json): TSchema {
    onlyKeys(
      schema,
      path,
      [
        'type',
        'properties',
        'required',
        'additionalProperties',
        'propertyNames',
        'minProperties',
        'maxProperties',
      ],
      'an object',
    );
    const properties = schema['properties'];
    const additional = schema['additionalProperties'];
    const declared = isObject(properties) ? Object.keys(properties) : [];
    if (properties !== undefined && !isObject(properties)) {
      throw new ForeignSchemaError(
        pointer(path, 'properties'),
        'the `properties` is not an object',
      );
    }
    const isMap = declared.length === 0 && additional !== false && properties === undefined;
    if (isMap || (declared.length === 0 && isObject(additional))) {
      if (schema['required'] !== undefined) {
        // A map states no keys it requires: serving it would admit what the upstream refuses.
        throw new ForeignSchemaError(
          pointer(path, 'required'),
          'a map that requires keys is not one the gate judges',
        );
      }
      const value =
        additional === undefined || additional === true
          ? Unknown()
          : this.node(additional, pointer(path, 'additionalProperties'), inDefinition);
      const keys = schema['propertyNames'];
      return StringMap(value, {
        ...pick(schema, ['minProperties', 'maxProperties']),
        ...(keys === undefined
          ? {}
          : { keys: this.node(keys, pointer(path, 'propertyNames'), inDefinition) as never }),
        ...annotations,
      });
    }
    for (const key of ['propertyNames', 'minProperties', 'maxProperties']) {
      if (schema[key] !== undefined) {
        throw new ForeignSchemaError(
          pointer(path, key),
          `the keyword \`${key}\` on an object with declared properties is not one the gate judges`,
        );
      }
    }
    if (isObject(additional)) {
      throw new ForeignSchemaError(
        pointer(path, 'additionalProperties'),
        'an object with declared properties that also takes extra properties of a schema cannot be closed',
      );
    }
    const required = schema['required'] ?? [];
    if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
      throw new ForeignSchemaError(
        pointer(path, 'required'),
        'the `required` is not a list of names',
      );
    }
    for (const name of required) {
      if (!declared.includes(name)) {
        throw new ForeignSchemaError(
          pointer(path, 'required'),
          'a required property is not declared, so a closed object would admit nothing',
        );
      }
    }
    const members: Record<string, TSchema> = {};
    for (const name of declared) {
      if (name === '__proto__') {
        // Its value would be lost, or taken as a prototype, by whatever copies the declaration.
        throw new ForeignSchemaError(
          pointer(pointer(path, 'properties'), name),
          'a property named `__proto__` is not one the vocabulary can declare',
        );
      }
      const member = this.node(
        (properties as Json)[name],
        pointer(pointer(path, 'properties'), name),
        inDefinition,
      );
      Object.defineProperty(members, name, {
        value: required.includes(name) ? member : Type.Optional(member),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return Type.Object(members, { ...annotations, additionalProperties: false });
  }
}

/** The JSON type a literal value has, as `type` names it (a whole number is also a `number`). */
function fitsType(value: string | number | boolean, type: unknown): boolean {
  if (type === undefined) return true;
  if (typeof type !== 'string') return false;
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  return typeof value === type;
}

function literal(value: unknown, path: string, annotations: Json, type?: unknown): TSchema {
  if (
    (typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))) &&
    !fitsType(value, type)
  ) {
    // Dropping the sibling `type` would admit what the upstream's own schema refuses.
    throw new ForeignSchemaError(path, 'a constant is not of the type its schema states');
  }
  if (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  ) {
    return Type.Literal(value, annotations);
  }
  throw new ForeignSchemaError(
    path,
    'a constant other than a string, a number or a boolean is not one the gate judges',
  );
}

/**
 * The declaration of a foreign schema, closed for our publisher; throws {@link ForeignSchemaError}
 * (or the inliner's error) for one that cannot be served exactly.
 */
/**
 * The pointer of the first object in `value` that is not a plain JSON object: one whose prototype
 * a reader set from a `__proto__` key (a JSON text may hold one; an object reader that copies keys
 * by assignment turns it into the prototype, and the key is gone). Undefined when there is none.
 */
function alteredPrototype(
  value: unknown,
  path: string,
  seen = new Set<object>(),
): string | undefined {
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  const prototype = Object.getPrototypeOf(value);
  const plain = Array.isArray(value)
    ? prototype === Array.prototype
    : prototype === Object.prototype || prototype === null;
  if (!plain) return path;
  for (const key of Object.keys(value)) {
    const found = alteredPrototype((value as Json)[key], pointer(path, key), seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function closeForeignSchema(schema: unknown): TSchema {
  if (!isObject(schema)) throw new ForeignSchemaError('', 'the schema is not an object');
  const altered = alteredPrototype(schema, '');
  if (altered !== undefined) {
    throw new ForeignSchemaError(
      altered,
      'an object here held a `__proto__` key, which the reader of the tool list turned into a prototype: the upstream schema cannot be read exactly',
    );
  }
  const inlined = inlineRefs(schema as never, 'foreign') as Json;
  const defs = isObject(inlined['$defs']) ? inlined['$defs'] : {};
  const { $defs: _defs, ...root } = inlined;
  return new Converter(defs).node(root, '', false);
}
