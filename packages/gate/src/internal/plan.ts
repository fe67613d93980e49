/*
 * Longer than 400 lines: the plan reads every keyword of a published document once, for both the
 * generated checker and the interpreter; it splits by keyword with the per-keyword modules the
 * vocabulary issue plans.
 */
import {
  type JsonValue,
  SCHEMA_ERROR_CODES,
  SchemaDefectError,
  TEMPORAL_FORMATS,
  type TemporalFormat,
} from '@portcullis/schema';
import {
  escapePointerSegment,
  isJsonObject,
  resolveRef,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema/document';
import { GATE_KEYWORDS } from '../keywords.ts';
import type { GateDeclaredType } from '../refusal.ts';
import { EnumIndex } from './enum-index.ts';
import { declareFacts, type Facts } from './facts.ts';

/** The seven JSON Schema type names. */
export type JsonType = GateDeclaredType;

const JSON_TYPES: ReadonlySet<string> = new Set([
  'null',
  'boolean',
  'object',
  'array',
  'number',
  'integer',
  'string',
]);
const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  ...GATE_KEYWORDS.judged,
  ...GATE_KEYWORDS.annotations,
]);
const FORMATS: ReadonlySet<string> = new Set(TEMPORAL_FORMATS);

/** A declared property of an object node. */
interface PlanProperty {
  readonly name: string;
  /** The name escaped as a JSON-pointer segment, for refusal paths. */
  readonly segment: string;
  readonly node: PlanNode;
  readonly required: boolean;
  /** The name is a member of `Object.prototype`: it is read only as an own property. */
  readonly inherited: boolean;
}

/**
 * One schema of the document, validated and with its reference resolved. Both the generated checker
 * and the refusal interpreter read this one structure, so they judge the same thing.
 */
export interface PlanNode {
  readonly id: number;
  /** JSON pointer of the schema in the document (for defects only). */
  readonly pointer: string;
  /** `all` for the schema `true`, `none` for `false`, else the keywords below apply. */
  admits: 'all' | 'none' | 'schema';
  types: readonly JsonType[] | undefined;
  enumValues: readonly JsonValue[] | undefined;
  /** The same members, indexed: membership is one lookup, whatever their number. */
  enumIndex: EnumIndex | undefined;
  hasConst: boolean;
  constValue: JsonValue | undefined;
  /** `[constValue]`, frozen, when `hasConst`: the one accepted value a refusal tells. */
  constValues: readonly JsonValue[] | undefined;
  minimum: number | bigint | undefined;
  maximum: number | bigint | undefined;
  exclusiveMinimum: number | bigint | undefined;
  exclusiveMaximum: number | bigint | undefined;
  format: TemporalFormat | undefined;
  /** Declared properties in document order; `undefined` when the keyword is absent. */
  properties: readonly PlanProperty[] | undefined;
  /** Names in `required` that `properties` does not declare (judged by `additional`). */
  requiredOnly: readonly string[];
  /** `requiredOnly`, escaped as JSON-pointer segments. */
  requiredOnlySegments: readonly string[];
  /** Every name the object declares (`properties`, then `requiredOnly`), for the interpreter. */
  declared: ReadonlySet<string>;
  /** The same names, frozen, in that order: the accepted names an undeclared-name fault tells. */
  accepted: readonly string[];
  /** The schema for undeclared names; `undefined` admits any JSON (the keyword is absent). */
  additional: PlanNode | undefined;
  /** The schema for every item; `undefined` admits any JSON. */
  items: PlanNode | undefined;
  anyOf: readonly PlanNode[] | undefined;
  ref: PlanNode | undefined;
  /**
   * The declared facts of the place, completed through its `$ref` chain and `anyOf` (see
   * `declareFacts`), computed once when the plan is built.
   */
  facts: Facts;
  /** What an OUT_OF_RANGE fault tells: the place's types (as in `facts`) and its own bounds. */
  rangeFacts: Facts;
  /** For an `anyOf`: every type its alternatives declare, or `undefined` when one declares none. */
  alternativeTypes: readonly GateDeclaredType[] | undefined;
  /**
   * True when the node asserts nothing of its own and only combines (`$ref`, `anyOf`). Every node
   * admits only JSON, so such a node is exactly its references: judging the value once more as
   * "any JSON" would only repeat the work (and, for a recursive `$ref`, repeat it at every level).
   */
  pure: boolean;
}

/** The compiled plan of a whole document: its root and every node, indexed by `id`. */
export interface Plan {
  readonly root: PlanNode;
  readonly nodes: readonly PlanNode[];
}

/**
 * Throws the document's defect. The one place the gate builds a `SchemaDefectError`: the message is
 * a sentence of its own, the pointer travels separately.
 */
function defect(code: keyof typeof SCHEMA_ERROR_CODES, pointer: string, message: string): never {
  throw new SchemaDefectError(SCHEMA_ERROR_CODES[code], message, { path: pointer });
}

const NO_FACTS: Facts = Object.freeze({});

/**
 * The deepest an `enum` or `const` value may nest: the decoder's own nesting limit, so no value a
 * request carries is deeper, and the gate's comparisons and renderings of such a value stay well
 * within the engine's stack.
 */
const DEEPEST_DECLARED_VALUE = 1000;

/** True when `value` nests arrays and objects more than `limit` levels deep (read without recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current))
      pending.push([item, depth + 1]);
  }
  return false;
}

function isBound(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * A frozen deep copy of a document value. Refusal issues hand declared facts (types, enum members, a
 * const) to the caller of `judge`; a copy keeps a consumer that edits a refusal from editing the
 * published document or the plan the compiled gate judges by.
 */
function frozenCopy<TValue>(value: TValue): TValue {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => frozenCopy(item))) as TValue;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: frozenCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
    });
  }
  return Object.freeze(copy) as TValue;
}

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'boolean' || isJsonObject(value);
}

/**
 * Validates `document` and builds its plan. Every subschema in keyword position is read, `$defs`
 * included, and every `$ref` is resolved now: an unresolvable or non-local reference, a keyword
 * outside {@link GATE_KEYWORDS}, a format outside {@link TEMPORAL_FORMATS}, a malformed keyword value,
 * or a cycle of references that never descends into the value throws {@link SchemaDefectError}.
 */
export function buildPlan(document: SchemaNode): Plan {
  if (!isSchemaNode(document))
    defect(
      'MALFORMED_SCHEMA',
      '',
      'The document is neither an object nor a boolean; publish a JSON Schema document.',
    );
  const nodes: PlanNode[] = [];
  const built = new Map<SchemaNode, PlanNode>();
  // Schemas are read breadth first from a queue rather than by recursion, so a document nested
  // deeper than the engine's stack compiles all the same.
  const unread: Array<readonly [PlanNode, SchemaObject, string]> = [];

  const build = (schema: SchemaNode, pointer: string): PlanNode => {
    const existing = typeof schema === 'object' ? built.get(schema) : undefined;
    if (existing !== undefined) return existing;
    const node: PlanNode = {
      id: nodes.length,
      pointer,
      admits: schema === true ? 'all' : schema === false ? 'none' : 'schema',
      types: undefined,
      enumValues: undefined,
      enumIndex: undefined,
      hasConst: false,
      constValue: undefined,
      constValues: undefined,
      minimum: undefined,
      maximum: undefined,
      exclusiveMinimum: undefined,
      exclusiveMaximum: undefined,
      format: undefined,
      properties: undefined,
      requiredOnly: [],
      requiredOnlySegments: [],
      declared: new Set(),
      accepted: [],
      additional: undefined,
      items: undefined,
      anyOf: undefined,
      ref: undefined,
      facts: NO_FACTS,
      rangeFacts: NO_FACTS,
      alternativeTypes: undefined,
      pure: false,
    };
    nodes.push(node);
    if (typeof schema === 'boolean') return node;
    built.set(schema, node);
    unread.push([node, schema, pointer]);
    return node;
  };

  const child = (value: unknown, pointer: string): PlanNode => {
    if (!isSchemaNode(value))
      defect(
        'MALFORMED_SCHEMA',
        pointer,
        'A subschema is neither an object nor a boolean; write a schema there.',
      );
    return build(value, pointer);
  };

  const fill = (node: PlanNode, schema: SchemaObject, pointer: string): void => {
    for (const keyword of Object.keys(schema)) {
      if (!KNOWN_KEYWORDS.has(keyword)) {
        defect(
          'UNSUPPORTED_CONSTRUCT',
          `${pointer}/${escapePointerSegment(keyword)}`,
          `The gate does not judge the keyword \`${keyword}\`; publish the document without it (the gate judges the keywords of \`GATE_KEYWORDS\`).`,
        );
      }
    }
    const at = (keyword: string) => `${pointer}/${keyword}`;
    const type = schema.type;
    if (type !== undefined) {
      const list = Array.isArray(type) ? type : [type];
      if (
        list.length === 0 ||
        !list.every((name) => typeof name === 'string' && JSON_TYPES.has(name)) ||
        new Set(list).size !== list.length
      ) {
        defect(
          'MALFORMED_SCHEMA',
          at('type'),
          'The keyword `type` holds neither a type name nor an array of distinct type names; correct it.',
        );
      }
      node.types = frozenCopy(list as JsonType[]);
    }
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum))
        defect(
          'MALFORMED_SCHEMA',
          at('enum'),
          'The keyword `enum` does not hold an array; make it an array of the accepted values.',
        );
      if (nestsDeeperThan(schema.enum, DEEPEST_DECLARED_VALUE + 1))
        defect(
          'MALFORMED_SCHEMA',
          at('enum'),
          `The keyword \`enum\` holds a value nested deeper than ${DEEPEST_DECLARED_VALUE} levels; flatten it.`,
        );
      node.enumValues = frozenCopy(schema.enum as JsonValue[]);
      node.enumIndex = new EnumIndex(node.enumValues);
    }
    if (Object.hasOwn(schema, 'const')) {
      if (nestsDeeperThan(schema.const, DEEPEST_DECLARED_VALUE))
        defect(
          'MALFORMED_SCHEMA',
          at('const'),
          `The keyword \`const\` holds a value nested deeper than ${DEEPEST_DECLARED_VALUE} levels; flatten it.`,
        );
      node.hasConst = true;
      node.constValue = frozenCopy(schema.const as JsonValue);
      node.constValues = Object.freeze([node.constValue]);
    }
    for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const bound = schema[keyword];
      if (bound === undefined) continue;
      if (!isBound(bound))
        defect(
          'MALFORMED_SCHEMA',
          at(keyword),
          `The keyword \`${keyword}\` does not hold a finite number; make it one.`,
        );
      node[keyword] = bound;
    }
    const format = schema.format;
    if (format !== undefined) {
      if (typeof format !== 'string' || !FORMATS.has(format)) {
        defect(
          'UNSUPPORTED_CONSTRUCT',
          at('format'),
          `The gate asserts only the formats ${TEMPORAL_FORMATS.map((name) => `\`${name}\``).join(', ')}; publish the document without any other.`,
        );
      }
      node.format = format as TemporalFormat;
    }
    const required = schema.required;
    let requiredNames: readonly string[] = [];
    if (required !== undefined) {
      if (
        !Array.isArray(required) ||
        !required.every((name) => typeof name === 'string') ||
        new Set(required).size !== required.length
      ) {
        defect(
          'MALFORMED_SCHEMA',
          at('required'),
          'The keyword `required` does not hold an array of distinct names; make it one.',
        );
      }
      requiredNames = required as string[];
    }
    const properties = schema.properties;
    const declared = new Set<string>();
    if (properties !== undefined) {
      if (!isJsonObject(properties))
        defect(
          'MALFORMED_SCHEMA',
          at('properties'),
          'The keyword `properties` does not hold an object; make it an object of schemas.',
        );
      const list: PlanProperty[] = [];
      for (const name of Object.keys(properties)) {
        declared.add(name);
        list.push({
          name,
          segment: escapePointerSegment(name),
          node: child(properties[name], `${at('properties')}/${escapePointerSegment(name)}`),
          required: requiredNames.includes(name),
          inherited: name in Object.prototype,
        });
      }
      node.properties = list;
    }
    node.requiredOnly = requiredNames.filter((name) => !declared.has(name));
    node.requiredOnlySegments = node.requiredOnly.map(escapePointerSegment);
    node.accepted = Object.freeze([...declared, ...node.requiredOnly]);
    node.declared = new Set(node.accepted);
    if (schema.additionalProperties !== undefined) {
      node.additional = child(schema.additionalProperties, at('additionalProperties'));
    }
    if (schema.items !== undefined) {
      if (Array.isArray(schema.items)) {
        defect(
          'MALFORMED_SCHEMA',
          at('items'),
          'The keyword `items` holds an array, which 2020-12 spells `prefixItems`; make it one schema.',
        );
      }
      node.items = child(schema.items, at('items'));
    }
    const anyOf = schema.anyOf;
    if (anyOf !== undefined) {
      if (!Array.isArray(anyOf) || anyOf.length === 0) {
        defect(
          'MALFORMED_SCHEMA',
          at('anyOf'),
          'The keyword `anyOf` does not hold a non-empty array of schemas; give it at least one schema.',
        );
      }
      node.anyOf = anyOf.map((branch, index) => child(branch, `${at('anyOf')}/${index}`));
    }
    const defs = schema.$defs;
    if (defs !== undefined) {
      if (!isJsonObject(defs))
        defect(
          'MALFORMED_SCHEMA',
          at('$defs'),
          'The keyword `$defs` does not hold an object; make it an object of schemas.',
        );
      for (const name of Object.keys(defs))
        child(defs[name], `${at('$defs')}/${escapePointerSegment(name)}`);
    }
    const ref = schema.$ref;
    if (ref !== undefined) {
      if (typeof ref !== 'string')
        defect(
          'MALFORMED_SCHEMA',
          at('$ref'),
          'The keyword `$ref` does not hold a string; make it a local reference such as `#/$defs/Name`.',
        );
      node.ref = build(resolveRef(document, ref), ref.slice(1));
    }
    node.pure =
      (node.ref !== undefined || node.anyOf !== undefined) &&
      node.types === undefined &&
      node.enumValues === undefined &&
      !node.hasConst &&
      node.minimum === undefined &&
      node.maximum === undefined &&
      node.exclusiveMinimum === undefined &&
      node.exclusiveMaximum === undefined &&
      node.format === undefined &&
      node.properties === undefined &&
      node.requiredOnly.length === 0 &&
      node.additional === undefined &&
      node.items === undefined;
  };

  const root = build(document, '');
  for (let next = 0; next < unread.length; next++) {
    const [node, schema, pointer] = unread[next] as readonly [PlanNode, SchemaObject, string];
    fill(node, schema, pointer);
  }
  for (const node of byReferences(nodes)) declareFacts(node);
  return { root, nodes };
}

/**
 * Every node, each after the targets of its `$ref` and `anyOf` (a depth-first post-order, kept on a
 * stack of its own so that a chain of any length is followed). A chain of `$ref` and `anyOf` that
 * returns to where it started without descending into the value
 * (`{"$defs": {"a": {"$ref": "#/$defs/a"}}}`) would recurse forever on every value: a defect.
 */
function byReferences(nodes: readonly PlanNode[]): PlanNode[] {
  const state = new Uint8Array(nodes.length);
  const order: PlanNode[] = [];
  const targets = (node: PlanNode): PlanNode[] => [
    ...(node.ref === undefined ? [] : [node.ref]),
    ...(node.anyOf ?? []),
  ];
  for (const start of nodes) {
    if (state[start.id] !== 0) continue;
    state[start.id] = 1;
    const path: Array<{ readonly node: PlanNode; readonly targets: PlanNode[]; next: number }> = [
      { node: start, targets: targets(start), next: 0 },
    ];
    while (path.length > 0) {
      const top = path[path.length - 1] as (typeof path)[number];
      const target = top.targets[top.next++];
      if (target === undefined) {
        state[top.node.id] = 2;
        order.push(top.node);
        path.pop();
      } else if (state[target.id] === 1) {
        defect(
          'MALFORMED_SCHEMA',
          target.pointer,
          'A cycle of references never descends into the value; break it with a property or an item.',
        );
      } else if (state[target.id] === 0) {
        state[target.id] = 1;
        path.push({ node: target, targets: targets(target), next: 0 });
      }
    }
  }
  return order;
}
