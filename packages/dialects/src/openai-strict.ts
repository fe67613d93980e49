import { refOf, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { type Drops, dropConstraints, parentsFirst } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { entriesToMaps, mapsAsEntries } from './internal/entries.ts';
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
import { removeOptionalNulls } from './internal/strict-inverse.ts';
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
  // Strict mode answers an unknown keyword with a 400; the server does not expect the header here.
  'x-mcp-header',
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
    case 'propertyNames':
    case 'minProperties':
    case 'maxProperties':
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
  // An input's maps below the root are lists of entries: strict mode cannot state a map's values.
  const copy = deepCopy(canonical);
  const root = mergeRootRef(side === 'input' ? (mapsAsEntries(copy) as SchemaObject) : copy);
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

/**
 * OpenAI and Azure function calling and Structured Outputs with `strict: true` (also xAI). Input:
 * every property required, an optional one spelled as its own type or null (`anyOf` with null for
 * a reference or an enum), every object closed, a map below the root published as a list of
 * `{ key, value }` entries (one at the root narrowed to the empty closed object, reported), an
 * open value narrowed to a primitive union (reported), `$defs` and recursion kept, a root reference
 * merged into the root, no siblings beside `$ref`, `$schema` and `default` removed; string
 * lengths, `uniqueItems`, formats OpenAI does not name and lookaround patterns dropped, stated in
 * words and reported; unions, `pattern`, item counts and number bounds kept; refused with
 * `DialectError` LIMIT_EXCEEDED past OpenAI's documented limits (counted as if every reference
 * were inlined, entry shapes included). Output: the vocabulary rewrites alone. The inverse turns
 * each list of entries back into the map (a key given twice becomes `DUPLICATE_KEY`), then removes
 * a null exactly where canonical declares an optional property that does not admit null.
 */
export const openaiStrictDialect = defineDialect({
  name: 'openai_strict',
  audience: 'OpenAI / Azure OpenAI function calling and Structured Outputs with strict: true, xAI',
  render,
  arguments: (wire, canonicalInput) =>
    removeOptionalNulls(
      entriesToMaps(wire, canonicalInput, canonicalInput),
      canonicalInput,
      canonicalInput,
    ),
});
