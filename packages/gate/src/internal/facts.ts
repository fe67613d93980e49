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
 * Computes the declared facts of a place, the words a refusal tells: its own keywords (each check's
 * declared facts, the first check to declare one winning), completed through its `$ref` chain
 * (use-site keywords win), so a property that is only a reference still reports the definition's
 * type; a place with no `type` but an `anyOf` reports every type its alternatives declare. The plan
 * calls it once per node, after the targets of the node's `$ref` and `anyOf`, so nothing is computed
 * twice and no chain is followed by recursion.
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
  const own: Mutable<Facts> = {};
  for (const { check, state } of node.checks) {
    const declared = check.declared?.(state);
    if (declared === undefined) continue;
    for (const key of Object.keys(declared) as (keyof Facts)[])
      if (own[key] === undefined) Object.assign(own, { [key]: declared[key] });
  }
  const facts: Mutable<Facts> = {};
  const types = node.types ?? node.alternativeTypes ?? target.types;
  if (types !== undefined) facts.types = types;
  for (const key of DECLARED_FACTS) {
    const value = own[key] ?? target[key];
    if (value !== undefined) Object.assign(facts, { [key]: value });
  }
  node.facts = Object.freeze(facts);
}

/** The facts a place declares besides its types, in the order an issue carries them. */
const DECLARED_FACTS = [
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'values',
] as const;

/** Whether the declared types of `node` (through refs and anyOf) could admit a value of this kind. */
export function plausible(node: PlanNode, kind: ValueKind, value: unknown): boolean {
  if (node.admits === 'none') return false;
  const types = node.facts.types;
  return types === undefined || typeAdmits(types, kind, value);
}
