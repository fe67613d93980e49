import {
  isArraySubschemaKeyword,
  isJsonObject,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema';

function isSchema(value: unknown): value is SchemaNode {
  return typeof value === 'boolean' || isJsonObject(value);
}

/**
 * `mapSubschemas` of `@portcullis/schema`, with the same keyword table and contract, but building
 * every copy with data-property semantics: a property NAMED `__proto__` stays a property instead of
 * becoming the copy's prototype (and vanishing from the published document).
 */
export function mapChildren(
  node: SchemaObject,
  fn: (child: SchemaNode, segments: readonly string[]) => SchemaNode,
): SchemaObject {
  const out: [string, unknown][] = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (isSingleSubschemaKeyword(keyword) && isSchema(value)) {
      out.push([keyword, fn(value, [keyword])]);
    } else if ((isArraySubschemaKeyword(keyword) || keyword === 'items') && Array.isArray(value)) {
      out.push([
        keyword,
        value.map((child: unknown, index) =>
          isSchema(child) ? fn(child, [keyword, String(index)]) : child,
        ),
      ]);
    } else if (isMapSubschemaKeyword(keyword) && isJsonObject(value)) {
      out.push([
        keyword,
        Object.fromEntries(
          Object.entries(value).map(([name, child]) => [
            name,
            isSchema(child) ? fn(child, [keyword, name]) : child,
          ]),
        ),
      ]);
    } else {
      out.push([keyword, value]);
    }
  }
  return Object.fromEntries(out);
}
