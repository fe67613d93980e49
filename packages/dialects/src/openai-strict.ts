import type { JsonValue } from '@portcullis/schema';
import {
  isJsonObject,
  refOf,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
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
  'minLength',
  'maxLength',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
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
    after: (node) => {
      let out: SchemaObject = omit(node, UNSUPPORTED);
      if (Object.hasOwn(out, 'oneOf')) out = renameKeyword(out, 'oneOf', 'anyOf');
      const format = out.format;
      if (typeof format === 'string' && !OPENAI_STRICT_FORMATS.has(format)) {
        out = omit(out, new Set(['format']));
      }
      const pattern = out.pattern;
      if (typeof pattern === 'string' && LOOKAROUND.test(pattern)) {
        out = omit(out, new Set(['pattern']));
      }
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
  return { schema, narrowed };
}

/**
 * The one branch of a nullable union (`anyOf` of one schema and `{"type": "null"}`), or `undefined`
 * for any other schema. A value under it that is not null is judged by that branch alone, so its
 * optional properties are found there.
 */
function nullableBranch(node: SchemaNode): SchemaNode | undefined {
  if (typeof node === 'boolean' || !Array.isArray(node.anyOf)) return undefined;
  const others = node.anyOf.filter(
    (branch) =>
      !(isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
  );
  const branch = others[0];
  return others.length === 1 && (typeof branch === 'boolean' || isJsonObject(branch))
    ? branch
    : undefined;
}

/**
 * Follows a chain of references and nullable unions from `node` to a schema that is neither: what
 * judges a value there that is not null.
 */
function follow(root: SchemaObject, node: SchemaNode): SchemaNode | undefined {
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
    const branch = nullableBranch(current);
    if (branch === undefined) return current;
    current = branch;
  }
  return undefined;
}

/**
 * Removes a null exactly where `schema` declares an optional property, through properties, array
 * items, references and nullable unions; everything else is returned as it came, for the gate to
 * judge.
 */
function removeOptionalNulls(value: JsonValue, node: SchemaNode, root: SchemaObject): JsonValue {
  const schema = follow(root, node);
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
    } else if (item === null && !required.has(key)) {
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
 * merged into the root, no siblings beside `$ref`, `$schema` and `default` removed, only OpenAI's
 * formats kept; refused with `DialectError` LIMIT_EXCEEDED past OpenAI's documented limits
 * (counted as if every reference were inlined). Output: the vocabulary rewrites alone. The inverse
 * removes a null exactly where canonical declares an optional property.
 */
export const openaiStrictDialect = defineDialect({
  name: 'openai_strict',
  audience: 'OpenAI / Azure OpenAI function calling and Structured Outputs with strict: true, xAI',
  render,
  arguments: (wire, canonicalInput) => removeOptionalNulls(wire, canonicalInput, canonicalInput),
});
