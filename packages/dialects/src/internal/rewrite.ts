import {
  ANNOTATION_KEYWORDS,
  escapePointerSegment,
  isJsonObject,
  mapSubschemas,
  type SchemaNode,
  type SchemaObject,
  walkSchema,
} from '@portcullis/schema/document';

/** Pointer segments from the document root to a subschema. */
export type Segments = readonly string[];

/** What one rewrite collects while it walks: the pointers of the fields that narrowed. */
export interface RewriteContext {
  readonly narrowed: string[];
}

/**
 * One dialect's rules as a walk over keyword positions. `before` may replace a subschema whole (its
 * children are then not visited); `after` rewrites a schema object whose subschemas are already
 * rewritten. Either returns a new node; neither mutates what it is given.
 */
export interface Pass {
  readonly before?: (node: SchemaNode, at: Segments, ctx: RewriteContext) => SchemaNode | undefined;
  readonly after?: (node: SchemaObject, at: Segments, ctx: RewriteContext) => SchemaNode;
}

/** Applies `pass` to `node` and everything below it in keyword position. */
export function rewrite(
  node: SchemaNode,
  pass: Pass,
  ctx: RewriteContext,
  at: Segments = [],
): SchemaNode {
  const replaced = pass.before?.(node, at, ctx);
  if (replaced !== undefined) return replaced;
  if (typeof node === 'boolean') return node;
  const mapped = mapSubschemas(node, (child, rel) => rewrite(child, pass, ctx, [...at, ...rel]));
  return pass.after === undefined ? mapped : pass.after(mapped, at, ctx);
}

/** The JSON pointer of `at` (`''` for the root). */
export function pointer(at: Segments): string {
  return at.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

/**
 * The pointers of `wanted` that name a subschema of `schema`, in document order: how a rendering
 * that narrowed in more than one step reports its paths (a broken cycle inside a map that later
 * narrowed whole is no schema object of the rendering, so it is left out).
 */
export function inDocumentOrder(schema: SchemaNode, wanted: ReadonlySet<string>): string[] {
  const found: string[] = [];
  walkSchema(schema, (node, segments) => {
    // A declared field is a schema object, never a boolean such as `additionalProperties: false`.
    if (typeof node === 'boolean') return undefined;
    const at = pointer(segments);
    if (wanted.has(at)) found.push(at);
    return undefined;
  });
  return found;
}

/** Builds an object from entries with data-property semantics (a key `__proto__` stays a key). */
export function fromEntries(
  entries: Iterable<readonly [string, unknown]>,
): Record<string, unknown> {
  return Object.fromEntries(entries) as Record<string, unknown>;
}

/** A copy of `node` without the given keywords, order kept. */
export function omit(node: SchemaObject, keywords: ReadonlySet<string>): Record<string, unknown> {
  return fromEntries(Object.entries(node).filter(([key]) => !keywords.has(key)));
}

/** A copy of `node` with `keyword` set: replaced in place when present, appended otherwise. */
export function withKeyword(
  node: SchemaObject,
  keyword: string,
  value: unknown,
): Record<string, unknown> {
  if (!Object.hasOwn(node, keyword))
    return fromEntries([...Object.entries(node), [keyword, value]]);
  return fromEntries(
    Object.entries(node).map(([key, old]) => [key, key === keyword ? value : old]),
  );
}

/** A copy of `node` with the keyword `from` renamed to `to` in the same position. */
export function renameKeyword(
  node: SchemaObject,
  from: string,
  to: string,
): Record<string, unknown> {
  return fromEntries(Object.entries(node).map(([key, value]) => [key === from ? to : key, value]));
}

/** Keywords that describe a value without constraining it (the schema vocabulary's one list). */
const ANNOTATIONS: ReadonlySet<string> = new Set(ANNOTATION_KEYWORDS);

/** The description and title of `node`, in their order, for a replacement to carry. */
export function labels(node: SchemaNode): Record<string, unknown> {
  if (typeof node === 'boolean') return {};
  return fromEntries(
    Object.entries(node).filter(([key]) => key === 'title' || key === 'description'),
  );
}

/** True for an open value: `true`, or a schema with annotations only (`{}` admits any JSON). */
export function isOpen(node: SchemaNode): boolean {
  if (typeof node === 'boolean') return node;
  return Object.keys(node).every((key) => ANNOTATIONS.has(key));
}

/** True for a map: an object whose `additionalProperties` is a value shape (or `true`). */
export function isMap(node: SchemaNode): node is SchemaObject {
  if (typeof node === 'boolean') return false;
  const additional = node.additionalProperties;
  return additional === true || isJsonObject(additional);
}

/** True for an object schema: typed `object`, or stating `properties`. */
export function isObjectSchema(node: SchemaObject): boolean {
  const type = node.type;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    isJsonObject(node.properties)
  );
}

/**
 * True where a subschema stands for a declared value (a property, an array element, a map value or
 * a definition), as opposed to a combinator position such as `not`, where narrowing would widen.
 */
export function isValuePosition(at: Segments): boolean {
  const last = at[at.length - 1];
  const parent = at[at.length - 2];
  if (last === 'items' || last === 'additionalProperties') return true;
  return parent === 'properties' || parent === 'prefixItems' || parent === '$defs';
}

/** The names in a `required` keyword, when it is an array of strings. */
export function requiredOf(node: SchemaObject): ReadonlySet<string> {
  const required = node.required;
  return new Set(
    Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string') : [],
  );
}

/** The `properties` of a schema object, when it has them. */
export function propertiesOf(node: SchemaObject): Readonly<Record<string, SchemaNode>> | undefined {
  const properties = node.properties;
  return isJsonObject(properties) ? (properties as Record<string, SchemaNode>) : undefined;
}

/** A deep copy that keeps `bigint` and own `__proto__` keys; dialect output never aliases input. */
export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The primitive types an open value narrows to where a dialect cannot leave a node untyped. A
 * fresh array at every call: a rendering shares nothing with another, nor with module state.
 */
export function primitiveUnion(): SchemaObject[] {
  return [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }];
}

/**
 * A tree copy of a keyword's value (arrays and objects copied at every occurrence, `bigint` and
 * own `__proto__` keys kept). Unlike `structuredClone`, a value reached twice is copied twice, so
 * the copy shares nothing with its source or with itself.
 */
export function copyValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyValue) as T;
  if (isJsonObject(value)) {
    return fromEntries(Object.entries(value).map(([key, item]) => [key, copyValue(item)])) as T;
  }
  return value;
}

/**
 * `sentence` appended to a description: after a full stop (added when `existing` ends without
 * one), or alone when there is no description yet.
 */
export function joinSentences(existing: unknown, sentence: string): string {
  if (typeof existing !== 'string' || existing === '') return sentence;
  return `${existing}${/[.!?]$/.test(existing) ? '' : '.'} ${sentence}`;
}

/** Renders a JSON value for a description (bigint exactly). */
export function literal(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? String(value);
}
