import {
  isArraySubschemaKeyword,
  isJsonObject,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  refSegments,
  resolveRef,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema/document';
import { DIALECT_ERROR_CODES, DialectError } from '../errors.ts';
import { OPENAI_STRICT_LIMITS } from '../limits.ts';
import type { DialectName } from '../names.ts';
import { pointer } from './rewrite.ts';

/** The most subschemas {@link measureSchema} visits before it refuses. */
export const MEASURE_NODE_BUDGET = 1_000_000;

/**
 * The size of a document as an audience that inlines every reference sees it: each `$ref` counted
 * at every use (a reference back into its own expansion, once), so a shared definition costs what
 * its copies would. `largestEnumCharacters` is the character total of the largest string enum
 * with more than {@link OPENAI_STRICT_LIMITS}.largeEnumValues values (0 if none).
 */
export interface SchemaMeasure {
  readonly properties: number;
  readonly depth: number;
  readonly characters: number;
  readonly enumValues: number;
  readonly largestEnumCharacters: number;
  readonly optionalProperties: number;
  readonly unionProperties: number;
}

type Limits = Partial<Record<keyof SchemaMeasure, number>>;

/** What each measure counts, for the message of a limit it exceeds. */
const WHAT: Record<keyof SchemaMeasure, string> = {
  properties: 'object properties',
  depth: 'levels of object nesting',
  characters: 'characters of property names, definition names and string values',
  enumValues: 'enum values',
  largestEnumCharacters: 'characters in one string enum of more than 250 values',
  optionalProperties: 'optional properties',
  unionProperties: 'properties whose schema is a union',
};

const isSchema = (value: unknown): value is SchemaNode =>
  typeof value === 'boolean' || isJsonObject(value);

/**
 * Calls `fn` on every direct subschema of `node` in keyword position but those under `$defs` or
 * `definitions` (counted where they are used), with the segments from `node` to it. Reads only:
 * measuring builds nothing.
 */
function forEachUsedSubschema(
  node: SchemaObject,
  fn: (child: SchemaNode, keyword: string, name?: string) => void,
): void {
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$defs' || keyword === 'definitions') continue;
    if (isSingleSubschemaKeyword(keyword) && isSchema(value)) fn(value, keyword);
    else if ((isArraySubschemaKeyword(keyword) || keyword === 'items') && Array.isArray(value)) {
      value.forEach((child: unknown, index) => {
        if (isSchema(child)) fn(child, keyword, String(index));
      });
    } else if (isMapSubschemaKeyword(keyword) && isJsonObject(value)) {
      for (const [name, child] of Object.entries(value))
        if (isSchema(child)) fn(child, keyword, name);
    }
  }
}

function isUnion(node: SchemaNode): boolean {
  if (typeof node === 'boolean') return false;
  return Array.isArray(node.anyOf) || Array.isArray(node.type);
}

/**
 * Measures `schema` (see {@link SchemaMeasure}). When `limits` is given the walk stops at the first
 * measure that exceeds its limit and throws {@link DialectError} LIMIT_EXCEEDED, with the limit's
 * key, `dialect` and the JSON pointer of the subschema where the count went over in its details. A
 * walk past {@link MEASURE_NODE_BUDGET} subschemas throws INLINE_BUDGET_EXCEEDED. References
 * resolve within `schema` (an unresolvable one throws `SchemaDefectError`: the document is ours).
 */
export function measureSchema(
  schema: SchemaNode,
  limits?: Limits,
  dialect?: DialectName,
): SchemaMeasure {
  const m = {
    properties: 0,
    depth: 0,
    characters: 0,
    enumValues: 0,
    largestEnumCharacters: 0,
    optionalProperties: 0,
    unionProperties: 0,
  };
  let nodes = 0;
  const resolved = new Map<string, { readonly target: SchemaNode; readonly at: string[] }>();
  // The segments from the root to the subschema being visited (into a definition once a
  // reference is followed); pushed and popped around each child, read only when a limit breaks.
  let at: string[] = [];
  /** Throws when `key` is over its limit; `property` names the property being counted, if any. */
  const check = (key: keyof SchemaMeasure, property?: string): void => {
    const limit = limits?.[key];
    if (limit !== undefined && m[key] > limit) {
      const below = property === undefined ? [] : ['properties', property];
      throw new DialectError(
        DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        `The rendering states ${m[key]} ${WHAT[key]}, over the vendor's documented limit of ${limit} (\`${key}\`). State fewer in the canonical document, or publish the tool in another dialect.`,
        { dialect, limit: key, path: pointer([...at, ...below]) },
      );
    }
  };

  const countDefinitionNames = (node: SchemaNode): void => {
    if (typeof node === 'boolean') return;
    for (const keyword of ['$defs', 'definitions']) {
      const defs = node[keyword];
      if (isJsonObject(defs)) {
        for (const name of Object.keys(defs)) m.characters += name.length;
        at.push(keyword);
        check('characters');
        at.pop();
      }
    }
  };

  const visit = (node: SchemaNode, refs: readonly string[], depth: number): void => {
    nodes += 1;
    if (nodes > MEASURE_NODE_BUDGET) {
      throw new DialectError(
        DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED,
        `Measuring the rendering would visit more than ${MEASURE_NODE_BUDGET} subschemas (\`maxNodes\`). Share fewer definitions or nest them less deeply.`,
        { dialect, limit: 'maxNodes', path: pointer(at) },
      );
    }
    if (typeof node === 'boolean') return;
    const ref = node.$ref;
    if (typeof ref === 'string' && !refs.includes(ref)) {
      // Counted where it is used; a fault inside is located in the definition.
      let known = resolved.get(ref);
      if (known === undefined) {
        known = { target: resolveRef(schema, ref), at: refSegments(ref) };
        resolved.set(ref, known);
      }
      const site = at;
      at = [...known.at];
      visit(known.target, [...refs, ref], depth);
      at = site;
    }
    const type = node.type;
    const properties = node.properties;
    const isObject =
      type === 'object' ||
      (Array.isArray(type) && type.includes('object')) ||
      isJsonObject(properties);
    const level = isObject ? depth + 1 : depth;
    if (level > m.depth) {
      m.depth = level;
      check('depth');
    }
    if (isJsonObject(properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, child] of Object.entries(properties)) {
        m.properties += 1;
        m.characters += name.length;
        if (!required.has(name)) m.optionalProperties += 1;
        if (isJsonObject(child) && isUnion(child)) m.unionProperties += 1;
        check('properties', name);
        check('characters', name);
        check('optionalProperties', name);
        check('unionProperties', name);
      }
    }
    const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : [];
    if (values.length > 0) {
      m.enumValues += values.length;
      check('enumValues');
      let chars = 0;
      for (const value of values) if (typeof value === 'string') chars += value.length;
      m.characters += chars;
      check('characters');
      if (values.length > OPENAI_STRICT_LIMITS.largeEnumValues && chars > m.largestEnumCharacters) {
        m.largestEnumCharacters = chars;
        check('largestEnumCharacters');
      }
    }
    if (typeof node.const === 'string') {
      m.characters += node.const.length;
      check('characters');
    }
    forEachUsedSubschema(node, (child, keyword, name) => {
      at.push(keyword);
      if (name !== undefined) at.push(name);
      visit(child, refs, level);
      at.length -= name === undefined ? 1 : 2;
    });
  };

  countDefinitionNames(schema);
  visit(schema, ['#'], 0);
  return m;
}
