import type { JsonValue } from '@portcullis/schema';
import {
  discriminatorOf,
  isJsonObject,
  refOf,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { type Drops, dropConstraints, parentsFirst } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { measureSchema } from './internal/measure.ts';
import {
  deepCopy,
  fromEntries,
  isMap,
  isObjectSchema,
  isOpen,
  isValuePosition,
  labels,
  omit,
  type Pass,
  pointer,
  primitiveUnion,
  propertiesOf,
  renameKeyword,
  requiredOf,
  rewrite,
  withKeyword,
} from './internal/rewrite.ts';
import { mergeRootRef } from './internal/root-ref.ts';
import { OPENAI_STRICT_LIMITS } from './limits.ts';

/** The string formats OpenAI's strict mode names; any other `format` is a 400. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords OpenAI's strict subset does not support: dropped (the canonical pass still judges). */
const UNSUPPORTED = new Set([
  '$schema',
  'default',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
]);

const LOOKAROUND = /\(\?<?[=!]/;

/**
 * The value constraints of `node` strict mode cannot state: string lengths and `uniqueItems`
 * (not in OpenAI's supported list), a format OpenAI does not name (`uri`), a pattern with
 * lookaround. Everything else of the vocabulary (`pattern`, the named formats, `minItems`,
 * `maxItems`, the number bounds, `multipleOf`) is kept.
 */
const drops: Drops = (keyword, node) => {
  switch (keyword) {
    case 'minLength':
    case 'maxLength':
    case 'uniqueItems':
      return true;
    case 'format':
      return !OPENAI_STRICT_FORMATS.has(String(node.format));
    case 'pattern':
      return LOOKAROUND.test(String(node.pattern));
    default:
      return false;
  }
};

/** The null branch of an optional property's union; fresh at every use, never shared. */
const nullSchema = (): SchemaObject => ({ type: 'null' });

function admitsNull(node: SchemaNode): boolean {
  if (typeof node === 'boolean') return node;
  const type = node.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  const anyOf = node.anyOf;
  return Array.isArray(anyOf) && anyOf.some((branch) => admitsNull(branch as SchemaNode));
}

/** True for a schema whose type admits `null` (a `type` list holding it). */
function typedNullable(node: SchemaNode): boolean {
  return typeof node !== 'boolean' && Array.isArray(node.type) && node.type.includes('null');
}

/** The strict spelling of an optional property: its own type, or null. */
function nullable(node: SchemaNode): SchemaNode {
  if (typeof node === 'boolean') return node ? node : nullSchema();
  if (admitsNull(node)) return node;
  if (refOf(node) !== undefined) {
    return renameKeyword(
      withKeyword(node, '$ref', [{ $ref: refOf(node) }, nullSchema()]),
      '$ref',
      'anyOf',
    );
  }
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf)) return withKeyword(node, 'anyOf', [...anyOf, nullSchema()]);
  if (Object.hasOwn(node, 'enum') || Object.hasOwn(node, 'const')) {
    const inner = omit(node, new Set(['title', 'description']));
    return { ...labels(node), anyOf: [inner, nullSchema()] };
  }
  const type = node.type;
  if (typeof type === 'string') return withKeyword(node, 'type', [type, 'null']);
  if (Array.isArray(type)) return withKeyword(node, 'type', [...type, 'null']);
  return node;
}

function strictPass(side: SchemaSide): Pass {
  return {
    before: (node, at, ctx) => {
      if (side === 'output') return undefined;
      if (isMap(node)) {
        ctx.narrowed.push(pointer(at));
        return {
          ...labels(node),
          type: typedNullable(node) ? ['object', 'null'] : 'object',
          properties: {},
          required: [],
          additionalProperties: false,
        };
      }
      if (isValuePosition(at) && isOpen(node)) {
        ctx.narrowed.push(pointer(at));
        return { ...labels(node), anyOf: primitiveUnion() };
      }
      return undefined;
    },
    after: (node, at, ctx) => {
      // An output narrows nothing: its drops are stated in words, never listed.
      const place = side === 'input' ? ctx : { narrowed: [] };
      let out: SchemaObject = omit(dropConstraints(node, drops, at, place), UNSUPPORTED);
      if (Object.hasOwn(out, 'oneOf')) out = renameKeyword(out, 'oneOf', 'anyOf');
      const ref = refOf(out);
      if (ref !== undefined && Object.keys(out).length > 1) {
        out = renameKeyword(withKeyword(out, '$ref', [{ $ref: ref }]), '$ref', 'anyOf');
      }
      if (side === 'input' && isObjectSchema(out) && !isMap(out)) {
        const properties = propertiesOf(out) ?? {};
        const required = requiredOf(out);
        const names = Object.keys(properties);
        out = withKeyword(
          out,
          'properties',
          fromEntries(
            names.map((name) => [
              name,
              required.has(name) ? properties[name]! : nullable(properties[name]!),
            ]),
          ),
        );
        out = withKeyword(out, 'required', names);
        out = withKeyword(out, 'additionalProperties', false);
      }
      return out;
    },
  };
}

function render(canonical: SchemaObject, side: SchemaSide) {
  const narrowed: string[] = [];
  const root = mergeRootRef(deepCopy(canonical));
  const schema = objectRoot(rewrite(root, strictPass(side), { narrowed }), 'openai_strict', side);
  if (side === 'input') {
    measureSchema(
      schema,
      {
        properties: OPENAI_STRICT_LIMITS.properties,
        depth: OPENAI_STRICT_LIMITS.depth,
        characters: OPENAI_STRICT_LIMITS.characters,
        enumValues: OPENAI_STRICT_LIMITS.enumValues,
        largestEnumCharacters: OPENAI_STRICT_LIMITS.largeEnumCharacters,
      },
      'openai_strict',
    );
  }
  return { schema, narrowed: parentsFirst(narrowed) };
}

/** The JSON type of a value, as `type` names it (`integer` for a whole number). */
function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The JSON types a member of a union admits, read from `type`, `enum` or `const` (through a chain
 * of references), or `undefined` when it states none.
 */
function memberTypes(root: SchemaObject, node: SchemaNode): ReadonlySet<string> | undefined {
  let member: SchemaNode | undefined = node;
  for (let hops = 0; member !== undefined && refOf(member) !== undefined; hops++) {
    if (hops > 32) return undefined;
    member = tryResolveRef(root, refOf(member)!);
  }
  if (member === undefined || typeof member === 'boolean') return undefined;
  const type = member.type;
  if (typeof type === 'string') return new Set(type === 'number' ? ['number', 'integer'] : [type]);
  if (Array.isArray(type)) {
    return new Set(type.flatMap((t) => (t === 'number' ? ['number', 'integer'] : [String(t)])));
  }
  const values = Array.isArray(member.enum)
    ? (member.enum as JsonValue[])
    : Object.hasOwn(member, 'const')
      ? [member.const as JsonValue]
      : undefined;
  return values === undefined ? undefined : new Set(values.map(jsonTypeOf));
}

/**
 * The member of the union at `node` that judges `value`, when one is selected: by the
 * discriminator of an object union (`discriminatorOf`, the schema's one reading), by JSON type in
 * a union whose members' types are disjoint, or the one branch of a nullable union. `undefined`
 * when `node` is no union or no single member is selected (the value is then left as it came).
 */
function selectedMember(
  root: SchemaObject,
  node: SchemaNode,
  value: JsonValue,
): SchemaNode | undefined {
  if (typeof node === 'boolean' || !Array.isArray(node.anyOf)) return undefined;
  const members = (node.anyOf as SchemaNode[]).filter(
    (branch) =>
      !(isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
  );
  if (members.length === 1) return members[0];
  const discriminator = discriminatorOf({ anyOf: members });
  if (discriminator !== undefined) {
    if (!isJsonObject(value)) return undefined;
    const literal = (value as { readonly [key: string]: JsonValue })[discriminator.property];
    const index = typeof literal === 'string' ? discriminator.members.get(literal) : undefined;
    return index === undefined ? undefined : members[index];
  }
  const type = jsonTypeOf(value);
  const matching = members.filter((member) => memberTypes(root, member)?.has(type) === true);
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * Follows references and unions from `node` to the schema that judges `value` there, or
 * `undefined` when none is selected.
 */
function follow(root: SchemaObject, node: SchemaNode, value: JsonValue): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  const seen = new Set<string>();
  while (current !== undefined) {
    const ref = refOf(current);
    if (ref !== undefined) {
      if (seen.has(ref)) return undefined;
      seen.add(ref);
      current = tryResolveRef(root, ref);
      continue;
    }
    if (typeof current === 'boolean' || !Array.isArray(current.anyOf)) return current;
    current = selectedMember(root, current, value);
  }
  return undefined;
}

/**
 * True when canonical admits `null` at `node`: an open value, a `type` list holding `null`, a
 * union with a member that admits it, an enum or const holding it, through references.
 */
function canonicalAdmitsNull(
  root: SchemaObject,
  node: SchemaNode,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  if (typeof node === 'boolean') return node;
  const ref = refOf(node);
  if (ref !== undefined) {
    if (seen.has(ref)) return false;
    const target = tryResolveRef(root, ref);
    return target !== undefined && canonicalAdmitsNull(root, target, new Set([...seen, ref]));
  }
  if (isOpen(node)) return true;
  const type = node.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if (Object.hasOwn(node, 'const') && node.const === null) return true;
  const anyOf = node.anyOf;
  return (
    Array.isArray(anyOf) &&
    anyOf.some((branch) => canonicalAdmitsNull(root, branch as SchemaNode, seen))
  );
}

/**
 * Removes a null exactly where `schema` declares an optional property that does not admit null,
 * through properties, array items, references and unions (the member the value selects); every
 * other null, and everything the walk cannot place, is returned as it came for the gate to judge.
 */
function removeOptionalNulls(value: JsonValue, node: SchemaNode, root: SchemaObject): JsonValue {
  const schema = follow(root, node, value);
  if (schema === undefined || typeof schema === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (typeof items !== 'boolean' && !isJsonObject(items)) return value;
    let changed = false;
    const out = value.map((item: JsonValue) => {
      const next = removeOptionalNulls(item, items as SchemaNode, root);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  const properties = propertiesOf(schema);
  if (!isJsonObject(value) || properties === undefined) return value;
  const required = requiredOf(schema);
  let changed = false;
  const out: [string, JsonValue][] = [];
  for (const [key, item] of Object.entries(value as { readonly [key: string]: JsonValue })) {
    if (!Object.hasOwn(properties, key)) {
      out.push([key, item]);
    } else if (
      item === null &&
      !required.has(key) &&
      !canonicalAdmitsNull(root, properties[key]!)
    ) {
      changed = true;
    } else {
      const next = removeOptionalNulls(item, properties[key]!, root);
      if (next !== item) changed = true;
      out.push([key, next]);
    }
  }
  return changed ? (Object.fromEntries(out) as JsonValue) : value;
}

/**
 * OpenAI and Azure function calling and Structured Outputs with `strict: true` (also xAI). Input:
 * every property required, an optional one spelled as its own type or null (`anyOf` with null for
 * a reference or an enum), every object closed, a map narrowed to the empty closed object and an
 * open value to a primitive union (both reported), `$defs` and recursion kept, a root reference
 * merged into the root, no siblings beside `$ref`, `$schema` and `default` removed; string
 * lengths, `uniqueItems`, formats OpenAI does not name and lookaround patterns dropped, stated in
 * words and reported; unions, `pattern`, item counts and number bounds kept; refused with
 * `DialectError` LIMIT_EXCEEDED past OpenAI's documented limits (counted as if every reference
 * were inlined). Output: the vocabulary rewrites alone. The inverse removes a null exactly where
 * canonical declares an optional property that does not admit null.
 */
export const openaiStrictDialect = defineDialect({
  name: 'openai_strict',
  audience: 'OpenAI / Azure OpenAI function calling and Structured Outputs with strict: true, xAI',
  render,
  arguments: (wire, canonicalInput) => removeOptionalNulls(wire, canonicalInput, canonicalInput),
});
