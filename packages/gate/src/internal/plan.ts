import type { JsonValue } from '@portcullis/schema';
import {
  escapePointerSegment,
  isJsonObject,
  resolveRef,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema/document';
import { GATE_KEYWORDS } from '../keywords.ts';
import type { GateDeclaredType } from '../refusal.ts';
import { defect } from './defect.ts';
import type { EnumIndex } from './enum-index.ts';
import { declareFacts, type Facts } from './facts.ts';
import { KEYWORD_TABLE } from './keywords/index.ts';
import type { BoundCheck, PlanReader } from './keywords/keyword.ts';

/** The seven JSON Schema type names. */
export type JsonType = GateDeclaredType;

const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  ...GATE_KEYWORDS.judged,
  ...GATE_KEYWORDS.annotations,
]);

/** A declared property of an object node. */
export interface PlanProperty {
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
 * and the refusal interpreter read this one structure, so they judge the same thing. Each field is
 * filled by the keyword module that reads it (see `keywords/index.ts`).
 */
export interface PlanNode {
  readonly id: number;
  /** JSON pointer of the schema in the document (for defects only). */
  readonly pointer: string;
  /** `all` for the schema `true`, `none` for `false`, else the keywords below apply. */
  admits: 'all' | 'none' | 'schema';
  types: readonly JsonType[] | undefined;
  /**
   * The assertions on one kind of value (bounds, format, lengths, `enum`, `const`...), each with
   * what it read, in the table's order.
   */
  checks: BoundCheck[];
  enumValues: readonly JsonValue[] | undefined;
  /** The same members, indexed: membership is one lookup, whatever their number. */
  enumIndex: EnumIndex | undefined;
  /** `[const]`, frozen, when the node declares a `const`. */
  constValues: readonly JsonValue[] | undefined;
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
  /**
   * The declared description of an object that accepts no name at all (no properties, closed), told
   * with an undeclared name there: the document's own words on why nothing fits (such as how deep
   * a dialect states a recursion).
   */
  closedDescription: string | undefined;
  /** The schema for undeclared names; `undefined` admits any JSON (the keyword is absent). */
  additional: PlanNode | undefined;
  /** The rule every name of an object follows (`propertyNames`); `undefined` admits any name. */
  propertyNames: PlanNode | undefined;
  /** The schema for every item; `undefined` admits any JSON. */
  items: PlanNode | undefined;
  anyOf: readonly PlanNode[] | undefined;
  /** For an `anyOf` that is a discriminated object union: how a value selects its member. */
  discriminator: PlanDiscriminator | undefined;
  ref: PlanNode | undefined;
  /**
   * The declared facts of the place, completed through its `$ref` chain and `anyOf` (see
   * `declareFacts`), computed once when the plan is built.
   */
  facts: Facts;
  /** For an `anyOf`: every type its alternatives declare, or `undefined` when one declares none. */
  alternativeTypes: readonly GateDeclaredType[] | undefined;
  /**
   * True when the node asserts nothing of its own and only combines (`$ref`, `anyOf`). Every node
   * admits only JSON, so such a node is exactly its references: judging the value once more as
   * "any JSON" would only repeat the work (and, for a recursive `$ref`, repeat it at every level).
   */
  pure: boolean;
}

/**
 * The discriminator of an `anyOf` whose members (besides `{"type": "null"}`) are object shapes that
 * each require the property `name` with a distinct string literal (`discriminatorOf` in
 * `@portcullis/schema/document`, the one reading of the rule).
 */
export interface PlanDiscriminator {
  readonly name: string;
  /** The name escaped as a JSON-pointer segment, for refusal paths. */
  readonly segment: string;
  /** The name is a member of `Object.prototype`: it is read only as an own property. */
  readonly inherited: boolean;
  /** Each literal, to the member it selects. */
  readonly members: ReadonlyMap<string, PlanNode>;
  /** The literals, frozen, in the members' order: what a refusal tells. */
  readonly values: readonly string[];
  /** The alternatives that are no object shape (the `null` of a nullable union). */
  readonly others: readonly PlanNode[];
}

/** The compiled plan of a whole document: its root and every node, indexed by `id`. */
export interface Plan {
  readonly root: PlanNode;
  readonly nodes: readonly PlanNode[];
}

const NO_FACTS: Facts = Object.freeze({});

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'boolean' || isJsonObject(value);
}

/**
 * Validates `document` and builds its plan. Every subschema in keyword position is read, `$defs`
 * included, and every `$ref` is resolved now: an unresolvable or non-local reference, a keyword
 * outside {@link GATE_KEYWORDS}, a format the gate does not assert, a malformed keyword value, or a
 * cycle of references that never descends into the value throws `SchemaDefectError`.
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
      checks: [],
      enumValues: undefined,
      enumIndex: undefined,
      constValues: undefined,
      properties: undefined,
      requiredOnly: [],
      requiredOnlySegments: [],
      declared: new Set(),
      accepted: [],
      closedDescription: undefined,
      additional: undefined,
      propertyNames: undefined,
      items: undefined,
      anyOf: undefined,
      discriminator: undefined,
      ref: undefined,
      facts: NO_FACTS,
      alternativeTypes: undefined,
      pure: false,
    };
    nodes.push(node);
    if (typeof schema === 'boolean') return node;
    built.set(schema, node);
    unread.push([node, schema, pointer]);
    return node;
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
    const reader: PlanReader = {
      document,
      at: (keyword) => `${pointer}/${keyword}`,
      child(value, at) {
        if (!isSchemaNode(value))
          defect(
            'MALFORMED_SCHEMA',
            at,
            'A subschema is neither an object nor a boolean; write a schema there.',
          );
        return build(value, at);
      },
      resolve: (ref) => build(resolveRef(document, ref), ref.slice(1)),
    };
    for (const keyword of KEYWORD_TABLE) keyword.read(schema, node, reader);
    node.pure =
      (node.ref !== undefined || node.anyOf !== undefined) &&
      node.types === undefined &&
      node.checks.length === 0 &&
      node.properties === undefined &&
      node.requiredOnly.length === 0 &&
      node.additional === undefined &&
      node.propertyNames === undefined &&
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
