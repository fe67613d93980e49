import type { GateDeclaredType, GateIssue } from '../refusal.ts';
import { isPlainArray, isPlainObject } from './json-value.ts';
import type { PlanNode } from './plan.ts';

/*
 * What the interpreter knows of a value's kind and of a place's declared facts: the words a
 * refusal tells, read from the plan alone.
 */

export type ValueKind =
  | 'null'
  | 'boolean'
  | 'string'
  | 'number'
  | 'bigint'
  | 'array'
  | 'object'
  | 'other';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type Facts = Omit<GateIssue, 'path' | 'code'>;

export function kindOf(value: unknown): ValueKind {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'bigint':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return isPlainArray(value) ? 'array' : 'other';
      return isPlainObject(value) ? 'object' : 'other';
    default:
      return 'other';
  }
}

export function typeAdmits(
  types: readonly GateDeclaredType[],
  kind: ValueKind,
  value: unknown,
): boolean {
  switch (kind) {
    case 'number':
      return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
    case 'bigint':
      return types.includes('number') || types.includes('integer');
    case 'other':
      return false;
    default:
      return types.includes(kind);
  }
}

/** The declared facts of a place (precomputed by the plan: see {@link declareFacts}). */
export function factsOf(node: PlanNode): Facts {
  return node.facts;
}

/**
 * Computes the declared facts of a place, the words a refusal tells: its own keywords, completed
 * through its `$ref` chain (use-site keywords win), so a property that is only a reference still
 * reports the definition's type; a place with no `type` but an `anyOf` reports every type its
 * alternatives declare. The plan calls it once per node, after the targets of the node's `$ref` and
 * `anyOf`, so nothing is computed twice and no chain is followed by recursion.
 */
export function declareFacts(node: PlanNode): void {
  const target = node.ref?.facts ?? {};
  let alternatives: GateDeclaredType[] | undefined;
  if (node.anyOf !== undefined) {
    alternatives = [];
    for (const branch of node.anyOf) {
      const types = branch.facts.types;
      if (types === undefined) {
        alternatives = undefined;
        break;
      }
      for (const type of types) if (!alternatives.includes(type)) alternatives.push(type);
    }
  }
  node.alternativeTypes = alternatives === undefined ? undefined : Object.freeze(alternatives);
  const facts: Mutable<Facts> = {};
  const types = node.types ?? node.alternativeTypes ?? target.types;
  if (types !== undefined) facts.types = types;
  const format = node.format ?? target.format;
  if (format !== undefined) facts.format = format;
  for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const value = node[bound] ?? target[bound];
    if (value !== undefined) facts[bound] = value;
  }
  const values = node.enumValues ?? node.constValues ?? target.values;
  if (values !== undefined) facts.values = values;
  node.facts = Object.freeze(facts);
  const range: Mutable<Facts> = {};
  if (types !== undefined) range.types = types;
  for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const value = node[bound];
    if (value !== undefined) range[bound] = value;
  }
  node.rangeFacts = Object.freeze(range);
}

/** Whether the declared types of `node` (through refs and anyOf) could admit a value of this kind. */
export function plausible(node: PlanNode, kind: ValueKind, value: unknown): boolean {
  if (node.admits === 'none') return false;
  const types = node.facts.types;
  return types === undefined || typeAdmits(types, kind, value);
}
