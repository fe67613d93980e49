import { isJsonObject, mapSubschemas, resolveRef, type SchemaNode } from '@portcullis/schema';
import { DIALECT_ERROR_CODES, DialectError } from './errors.ts';

/**
 * OpenAI's documented limits for Structured Outputs and strict function calling: object properties
 * in total, levels of object nesting, characters across property names, definition names, enum
 * and const string values, enum values in total, and the character budget of one string enum with
 * more than 250 values.
 */
export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  depth: 10,
  characters: 120_000,
  enumValues: 1000,
  largeEnumValues: 250,
  largeEnumCharacters: 15_000,
} as const;

/**
 * Anthropic's documented budgets for strict tools, counted per request across every strict tool:
 * optional properties, and properties whose schema is a union (`anyOf` or a type array). One tool
 * over either budget can never be sent strict.
 */
export const ANTHROPIC_STRICT_LIMITS = {
  optionalProperties: 24,
  unionProperties: 16,
} as const;

/** The most subschemas {@link measureSchema} visits before it refuses. */
export const MEASURE_NODE_BUDGET = 1_000_000;

/**
 * The size of a document as a consumer that inlines every reference sees it: each `$ref` counted
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

function isUnion(node: SchemaNode): boolean {
  if (typeof node === 'boolean') return false;
  return Array.isArray(node.anyOf) || Array.isArray(node.type);
}

/**
 * Measures `schema` (see {@link SchemaMeasure}). When `limits` is given the walk stops at the first
 * measure that exceeds its limit and throws {@link DialectError} LIMIT_EXCEEDED naming it, with
 * `dialect` in the message. A walk past {@link MEASURE_NODE_BUDGET} subschemas throws
 * INLINE_BUDGET_EXCEEDED. References resolve within `schema` (an unresolvable one throws
 * `SchemaDefectError`: the document is ours).
 */
export function measureSchema(
  schema: SchemaNode,
  limits?: Limits,
  dialect?: string,
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
  const check = (key: keyof SchemaMeasure, what: string): void => {
    const limit = limits?.[key];
    if (limit !== undefined && m[key] > limit) {
      throw new DialectError(
        DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        `the document states ${m[key]} ${what}, over the documented limit of ${limit} (limit: ${key})`,
        dialect === undefined ? { limit: key } : { dialect, limit: key },
      );
    }
  };

  const countDefinitionNames = (node: SchemaNode): void => {
    if (typeof node === 'boolean') return;
    for (const keyword of ['$defs', 'definitions']) {
      const defs = node[keyword];
      if (isJsonObject(defs)) {
        for (const name of Object.keys(defs)) m.characters += name.length;
      }
    }
    check('characters', 'characters of names and values');
  };

  const visit = (node: SchemaNode, refs: readonly string[], depth: number): void => {
    nodes += 1;
    if (nodes > MEASURE_NODE_BUDGET) {
      throw new DialectError(
        DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED,
        `measuring would visit more than ${MEASURE_NODE_BUDGET} subschemas (limit: maxNodes)`,
        dialect === undefined ? { limit: 'maxNodes' } : { dialect, limit: 'maxNodes' },
      );
    }
    if (typeof node === 'boolean') return;
    const ref = node.$ref;
    if (typeof ref === 'string' && !refs.includes(ref)) {
      visit(resolveRef(schema, ref), [...refs, ref], depth);
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
      check('depth', 'levels of object nesting');
    }
    if (isJsonObject(properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, child] of Object.entries(properties)) {
        m.properties += 1;
        m.characters += name.length;
        if (!required.has(name)) m.optionalProperties += 1;
        if (isJsonObject(child) && isUnion(child)) m.unionProperties += 1;
      }
      check('properties', 'object properties');
      check('characters', 'characters of names and values');
      check('optionalProperties', 'optional properties');
      check('unionProperties', 'union-typed properties');
    }
    const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : [];
    if (values.length > 0) {
      m.enumValues += values.length;
      check('enumValues', 'enum values');
      let chars = 0;
      for (const value of values) if (typeof value === 'string') chars += value.length;
      m.characters += chars;
      check('characters', 'characters of names and values');
      if (values.length > OPENAI_STRICT_LIMITS.largeEnumValues && chars > m.largestEnumCharacters) {
        m.largestEnumCharacters = chars;
        check('largestEnumCharacters', 'characters in one string enum of over 250 values');
      }
    }
    if (typeof node.const === 'string') {
      m.characters += node.const.length;
      check('characters', 'characters of names and values');
    }
    mapSubschemas(node, (child, segments) => {
      if (segments[0] !== '$defs' && segments[0] !== 'definitions') visit(child, refs, level);
      return child;
    });
  };

  countDefinitionNames(schema);
  visit(schema, ['#'], 0);
  return m;
}
