import { isJsonObject, type SchemaNode, type SchemaObject } from './json.ts';

/**
 * Where subschemas sit in JSON Schema 2020-12 (and the two older spellings, `definitions` and
 * `additionalItems`, which foreign schemas still use). Only values at these positions are schemas;
 * every other value, and every key of `properties`, is data. A walker that treated a property NAMED
 * `title` or `$ref` as a keyword would corrupt the schema; this table is what prevents that.
 */
export const SUBSCHEMA_KEYWORDS = Object.freeze({
  /** The keyword's value is one subschema (`items` may also be an array, in older drafts). */
  single: Object.freeze([
    'items',
    'additionalItems',
    'additionalProperties',
    'unevaluatedItems',
    'unevaluatedProperties',
    'propertyNames',
    'contains',
    'contentSchema',
    'not',
    'if',
    'then',
    'else',
  ] as const),
  /** The keyword's value is an array of subschemas. */
  array: Object.freeze(['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const),
  /** The keyword's value maps names (data) to subschemas. */
  map: Object.freeze([
    'properties',
    'patternProperties',
    '$defs',
    'definitions',
    'dependentSchemas',
  ] as const),
});

type SingleKeyword = (typeof SUBSCHEMA_KEYWORDS.single)[number];
type ArrayKeyword = (typeof SUBSCHEMA_KEYWORDS.array)[number];
type MapKeyword = (typeof SUBSCHEMA_KEYWORDS.map)[number];

const SINGLE = new Set<string>(SUBSCHEMA_KEYWORDS.single);
const ARRAY = new Set<string>(SUBSCHEMA_KEYWORDS.array);
const MAP = new Set<string>(SUBSCHEMA_KEYWORDS.map);

/** True when `keyword` holds a single subschema. */
export function isSingleSubschemaKeyword(keyword: string): keyword is SingleKeyword {
  return SINGLE.has(keyword);
}
/** True when `keyword` holds an array of subschemas. */
export function isArraySubschemaKeyword(keyword: string): keyword is ArrayKeyword {
  return ARRAY.has(keyword);
}
/** True when `keyword` maps names to subschemas. */
export function isMapSubschemaKeyword(keyword: string): keyword is MapKeyword {
  return MAP.has(keyword);
}

function isSchema(value: unknown): value is SchemaNode {
  return typeof value === 'boolean' || isJsonObject(value);
}

/**
 * Returns a copy of `node` (same key order) in which every direct subschema in keyword position is
 * replaced by `fn(child, segments)`, where `segments` are the pointer segments from `node` to the
 * child (`['properties', 'name']`, `['anyOf', '1']`, `['items']`). Values that are not subschemas are
 * copied by reference; the input is never mutated.
 */
export function mapSubschemas(
  node: SchemaObject,
  fn: (child: SchemaNode, segments: readonly string[]) => SchemaNode,
): SchemaObject {
  // Object.fromEntries defines own data properties, so a property NAMED `__proto__` stays data.
  return Object.fromEntries(
    Object.entries(node).map(([keyword, value]): [string, unknown] => {
      if (SINGLE.has(keyword) && isSchema(value)) return [keyword, fn(value, [keyword])];
      if ((ARRAY.has(keyword) || keyword === 'items') && Array.isArray(value)) {
        return [
          keyword,
          value.map((child: unknown, index) =>
            isSchema(child) ? fn(child, [keyword, String(index)]) : child,
          ),
        ];
      }
      if (MAP.has(keyword) && isJsonObject(value)) {
        return [
          keyword,
          Object.fromEntries(
            Object.entries(value).map(([name, child]) => [
              name,
              isSchema(child) ? fn(child, [keyword, name]) : child,
            ]),
          ),
        ];
      }
      return [keyword, value];
    }),
  );
}

/**
 * Visits `node` and every subschema below it in keyword position, depth first, parents before
 * children. `segments` is the unescaped pointer path from the starting node. Returning `'skip'` from
 * the visitor does not descend below that node. References are not followed.
 */
export function walkSchema(
  node: SchemaNode,
  visit: (node: SchemaNode, segments: readonly string[]) => 'skip' | undefined,
  segments: readonly string[] = [],
): void {
  if (visit(node, segments) === 'skip' || typeof node === 'boolean') return;
  mapSubschemas(node, (child, rel) => {
    walkSchema(child, visit, [...segments, ...rel]);
    return child;
  });
}
