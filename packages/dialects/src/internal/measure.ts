import {
  isJsonObject,
  mapSubschemas,
  refSegments,
  resolveRef,
  type SchemaNode,
} from '@portcullis/schema';
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
  const check = (key: keyof SchemaMeasure, at: readonly string[]): void => {
    const limit = limits?.[key];
    if (limit !== undefined && m[key] > limit) {
      throw new DialectError(
        DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        `The rendering states ${m[key]} ${WHAT[key]}, over the vendor's documented limit of ${limit} (\`${key}\`). State fewer in the canonical document, or publish the tool in another dialect.`,
        { dialect, limit: key, path: pointer(at) },
      );
    }
  };

  const countDefinitionNames = (node: SchemaNode): void => {
    if (typeof node === 'boolean') return;
    for (const keyword of ['$defs', 'definitions']) {
      const defs = node[keyword];
      if (isJsonObject(defs)) {
        for (const name of Object.keys(defs)) m.characters += name.length;
        check('characters', [keyword]);
      }
    }
  };

  const visit = (
    node: SchemaNode,
    refs: readonly string[],
    depth: number,
    at: readonly string[],
  ): void => {
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
      const target = resolveRef(schema, ref);
      visit(target, [...refs, ref], depth, refSegments(ref));
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
      check('depth', at);
    }
    if (isJsonObject(properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, child] of Object.entries(properties)) {
        m.properties += 1;
        m.characters += name.length;
        if (!required.has(name)) m.optionalProperties += 1;
        if (isJsonObject(child) && isUnion(child)) m.unionProperties += 1;
        const where = [...at, 'properties', name];
        check('properties', where);
        check('characters', where);
        check('optionalProperties', where);
        check('unionProperties', where);
      }
    }
    const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : [];
    if (values.length > 0) {
      m.enumValues += values.length;
      check('enumValues', at);
      let chars = 0;
      for (const value of values) if (typeof value === 'string') chars += value.length;
      m.characters += chars;
      check('characters', at);
      if (values.length > OPENAI_STRICT_LIMITS.largeEnumValues && chars > m.largestEnumCharacters) {
        m.largestEnumCharacters = chars;
        check('largestEnumCharacters', at);
      }
    }
    if (typeof node.const === 'string') {
      m.characters += node.const.length;
      check('characters', at);
    }
    mapSubschemas(node, (child, segments) => {
      if (segments[0] !== '$defs' && segments[0] !== 'definitions') {
        visit(child, refs, level, [...at, ...segments]);
      }
      return child;
    });
  };

  countDefinitionNames(schema);
  visit(schema, ['#'], 0, []);
  return m;
}
