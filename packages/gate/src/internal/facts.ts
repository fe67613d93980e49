import type { GateDeclaredType, GateIssue } from '../refusal.ts';
import { isPlainObject } from './json-value.ts';
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
      if (Array.isArray(value)) return 'array';
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

/**
 * The declared facts of a place: its own keywords, completed through its `$ref` chain (use-site
 * keywords win), so a property that is only a reference still reports the definition's type.
 */
export function factsOf(node: PlanNode): Mutable<Facts> {
  const facts: Mutable<Facts> = {};
  const seen = new Set<PlanNode>();
  for (
    let current: PlanNode | undefined = node;
    current !== undefined && !seen.has(current);
    current = current.ref
  ) {
    seen.add(current);
    if (facts.types === undefined && current.types !== undefined) facts.types = current.types;
    if (facts.types === undefined && current.anyOf !== undefined) {
      const union = anyOfTypes(current.anyOf);
      if (union !== undefined) facts.types = union;
    }
    if (facts.format === undefined && current.format !== undefined) facts.format = current.format;
    for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const value = current[bound];
      if (facts[bound] === undefined && value !== undefined) facts[bound] = value;
    }
    if (facts.values === undefined && current.enumValues !== undefined)
      facts.values = current.enumValues;
    if (facts.values === undefined && current.constValues !== undefined)
      facts.values = current.constValues;
  }
  return facts;
}

export function anyOfTypes(branches: readonly PlanNode[]): GateDeclaredType[] | undefined {
  const union: GateDeclaredType[] = [];
  for (const branch of branches) {
    const types = factsOf(branch).types;
    if (types === undefined) return undefined;
    for (const type of types) if (!union.includes(type)) union.push(type);
  }
  return union;
}

/** Whether the declared types of `node` (through refs and anyOf) could admit a value of this kind. */
export function plausible(node: PlanNode, kind: ValueKind, value: unknown): boolean {
  if (node.admits === 'none') return false;
  const types = factsOf(node).types;
  return types === undefined || typeAdmits(types, kind, value);
}
