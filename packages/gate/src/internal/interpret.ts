import type { JsonValue } from '@portcullis/schema';
import { MAP_ENTRY_SEGMENT } from '../keywords.ts';
import type { DeclaredType, RefusalIssue } from '../refusal.ts';
import { GATE_RULES, type GateRule } from '../rules.ts';
import { jsonEqual } from './json-equal.ts';
import { isPlainObject } from './json-value.ts';
import type { PlanNode } from './plan.ts';
import { isDate, isDateTime, isDuration, isTime } from './temporal.ts';
import { isAdmissibleText } from './text.ts';

type ValueKind = 'null' | 'boolean' | 'string' | 'number' | 'bigint' | 'array' | 'object' | 'other';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function kindOf(value: unknown): ValueKind {
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

function typeAdmits(types: readonly DeclaredType[], kind: ValueKind, value: unknown): boolean {
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

const FORMAT_TESTS = {
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
} as const;

/**
 * The declared facts of a place: its own keywords, completed through its `$ref` chain (use-site
 * keywords win), so a property that is only a reference still reports the definition's type.
 */
function factsOf(node: PlanNode): Mutable<Omit<RefusalIssue, 'path' | 'rule'>> {
  const facts: Mutable<Omit<RefusalIssue, 'path' | 'rule'>> = {};
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
    if (facts.values === undefined && current.hasConst)
      facts.values = [current.constValue as JsonValue];
  }
  return facts;
}

function anyOfTypes(branches: readonly PlanNode[]): DeclaredType[] | undefined {
  const union: DeclaredType[] = [];
  for (const branch of branches) {
    const types = factsOf(branch).types;
    if (types === undefined) return undefined;
    for (const type of types) if (!union.includes(type)) union.push(type);
  }
  return union;
}

/** Whether the declared types of `node` (through refs and anyOf) could admit a value of this kind. */
function plausible(node: PlanNode, kind: ValueKind, value: unknown): boolean {
  if (node.admits === 'none') return false;
  const types = factsOf(node).types;
  return types === undefined || typeAdmits(types, kind, value);
}

/**
 * Walks `value` against `node` and appends every fault to `out`. It finds a fault exactly when the
 * generated checker returns false (a property-based test holds the two together); it reads the
 * value only to decide, and writes only declared names, indices and `<entry>` into paths.
 */
export function interpret(
  node: PlanNode,
  value: unknown,
  path: string,
  out: RefusalIssue[],
  optional = false,
): void {
  if (node.admits === 'all') {
    jsonFaults(value, path, out);
    return;
  }
  if (node.admits === 'none') {
    push(out, optional, GATE_RULES.NOT_ADMITTED, path, {});
    return;
  }
  const kind = kindOf(value);
  if (node.pure) {
    if (node.anyOf !== undefined) anyOfFaults(node.anyOf, value, kind, path, out, optional);
    if (node.ref !== undefined) interpret(node.ref, value, path, out, optional);
    return;
  }
  if (kind === 'other') {
    push(out, optional, GATE_RULES.NOT_JSON, path, factsOf(node));
    return;
  }
  if (node.types !== undefined && !typeAdmits(node.types, kind, value)) {
    push(out, optional, GATE_RULES.TYPE_MISMATCH, path, factsOf(node));
    return;
  }
  switch (kind) {
    case 'string': {
      const text = value as string;
      if (!isAdmissibleText(text)) push(out, optional, GATE_RULES.FORBIDDEN_CHARACTER, path, {});
      else if (node.format !== undefined && !FORMAT_TESTS[node.format](text)) {
        push(out, optional, GATE_RULES.FORMAT_MISMATCH, path, { format: node.format });
      }
      break;
    }
    case 'number':
    case 'bigint': {
      const number = value as number | bigint;
      if (kind === 'number' && !Number.isFinite(number)) {
        push(out, optional, GATE_RULES.NON_FINITE_NUMBER, path, {});
        break;
      }
      if (
        (node.minimum !== undefined && number < node.minimum) ||
        (node.maximum !== undefined && number > node.maximum) ||
        (node.exclusiveMinimum !== undefined && number <= node.exclusiveMinimum) ||
        (node.exclusiveMaximum !== undefined && number >= node.exclusiveMaximum)
      ) {
        const facts = factsOf(node);
        push(out, optional, GATE_RULES.OUT_OF_RANGE, path, {
          ...(facts.types === undefined ? {} : { types: facts.types }),
          ...bounds(node),
        });
      }
      break;
    }
    case 'array': {
      const items = value as readonly unknown[];
      for (let i = 0; i < items.length; i++) {
        if (node.items === undefined) jsonFaults(items[i], `${path}/${i}`, out);
        else interpret(node.items, items[i], `${path}/${i}`, out);
      }
      break;
    }
    case 'object':
      objectFaults(node, value as Record<string, unknown>, path, out);
      break;
    default:
      break;
  }
  if (node.enumValues !== undefined && !inEnum(node.enumValues, value)) {
    push(out, optional, GATE_RULES.NOT_IN_ENUM, path, factsOf(node));
  }
  if (node.hasConst && !jsonEqual(value, node.constValue)) {
    push(out, optional, GATE_RULES.NOT_CONST, path, { values: [node.constValue as JsonValue] });
  }
  if (node.anyOf !== undefined) anyOfFaults(node.anyOf, value, kind, path, out, optional);
  if (node.ref !== undefined) interpret(node.ref, value, path, out, optional);
}

function push(
  out: RefusalIssue[],
  optional: boolean,
  rule: GateRule,
  path: string,
  facts: Omit<RefusalIssue, 'path' | 'rule'>,
): void {
  const marked = optional && (rule === GATE_RULES.TYPE_MISMATCH || rule === GATE_RULES.NOT_JSON);
  out.push({ path, rule, ...facts, ...(marked ? { optional: true } : {}) });
}

function inEnum(values: readonly JsonValue[], value: unknown): boolean {
  for (const member of values) if (jsonEqual(value, member)) return true;
  return false;
}

function bounds(node: PlanNode): Omit<RefusalIssue, 'path' | 'rule'> {
  return {
    ...(node.minimum === undefined ? {} : { minimum: node.minimum }),
    ...(node.maximum === undefined ? {} : { maximum: node.maximum }),
    ...(node.exclusiveMinimum === undefined ? {} : { exclusiveMinimum: node.exclusiveMinimum }),
    ...(node.exclusiveMaximum === undefined ? {} : { exclusiveMaximum: node.exclusiveMaximum }),
  };
}

function anyOfFaults(
  branches: readonly PlanNode[],
  value: unknown,
  kind: ValueKind,
  path: string,
  out: RefusalIssue[],
  optional: boolean,
): void {
  const faults: RefusalIssue[][] = [];
  for (const branch of branches) {
    const found: RefusalIssue[] = [];
    interpret(branch, value, path, found, optional);
    if (found.length === 0) return;
    faults.push(found);
  }
  let candidate = -1;
  let candidates = 0;
  for (let index = 0; index < branches.length; index++) {
    if (plausible(branches[index] as PlanNode, kind, value)) {
      candidate = index;
      candidates++;
    }
  }
  if (candidates === 1) {
    out.push(...(faults[candidate] as RefusalIssue[]));
    return;
  }
  const types = anyOfTypes(branches);
  out.push({
    path,
    rule: GATE_RULES.NO_ALTERNATIVE,
    ...(types === undefined ? {} : { types }),
    ...(optional ? { optional: true } : {}),
  });
}

function objectFaults(
  node: PlanNode,
  object: Record<string, unknown>,
  path: string,
  out: RefusalIssue[],
): void {
  const declared = new Set<string>();
  for (const property of node.properties ?? []) {
    declared.add(property.name);
    const at = `${path}/${property.segment}`;
    const child =
      Object.hasOwn(object, property.name) || !(property.name in Object.prototype)
        ? object[property.name]
        : undefined;
    if (child === undefined) {
      if (property.required) {
        out.push({ path: at, rule: GATE_RULES.MISSING_PROPERTY, ...factsOf(property.node) });
      } else if (
        Object.hasOwn(object, property.name) ||
        (!(property.name in Object.prototype) && property.name in object)
      ) {
        out.push({
          path: at,
          rule: GATE_RULES.NOT_JSON,
          ...factsOf(property.node),
          optional: true,
        });
      }
      continue;
    }
    interpret(property.node, child, at, out, !property.required);
  }
  for (let index = 0; index < node.requiredOnly.length; index++) {
    const name = node.requiredOnly[index] as string;
    declared.add(name);
    const at = `${path}/${node.requiredOnlySegments[index] as string}`;
    const child =
      Object.hasOwn(object, name) || !(name in Object.prototype) ? object[name] : undefined;
    if (child === undefined) {
      out.push({
        path: at,
        rule: GATE_RULES.MISSING_PROPERTY,
        ...(node.additional === undefined ? {} : factsOf(node.additional)),
      });
    } else if (node.additional === undefined) jsonFaults(child, at, out);
    else interpret(node.additional, child, at, out);
  }
  const closed = node.additional?.admits === 'none';
  let undeclared = 0;
  const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
  for (const key in object) {
    if (declared.has(key)) continue;
    if (closed) {
      undeclared++;
      continue;
    }
    if (!isAdmissibleText(key))
      out.push({ path: entryPath, rule: GATE_RULES.FORBIDDEN_CHARACTER_IN_KEY });
    if (node.additional === undefined) jsonFaults(object[key], entryPath, out);
    else interpret(node.additional, object[key], entryPath, out);
  }
  if (undeclared > 0) {
    out.push({
      path,
      rule: GATE_RULES.UNDECLARED_PROPERTY,
      names: [...declared],
      count: undeclared,
    });
  }
}

/** Faults of a value under a place that admits any JSON: only what no JSON text can carry. */
function jsonFaults(value: unknown, path: string, out: RefusalIssue[]): void {
  const kind = kindOf(value);
  switch (kind) {
    case 'other':
      out.push({ path, rule: GATE_RULES.NOT_JSON });
      return;
    case 'string':
      if (!isAdmissibleText(value as string))
        out.push({ path, rule: GATE_RULES.FORBIDDEN_CHARACTER });
      return;
    case 'number':
      if (!Number.isFinite(value)) out.push({ path, rule: GATE_RULES.NON_FINITE_NUMBER });
      return;
    case 'array': {
      const items = value as readonly unknown[];
      for (let i = 0; i < items.length; i++) jsonFaults(items[i], `${path}/${i}`, out);
      return;
    }
    case 'object': {
      const object = value as Record<string, unknown>;
      const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
      for (const key in object) {
        if (!isAdmissibleText(key))
          out.push({ path: entryPath, rule: GATE_RULES.FORBIDDEN_CHARACTER_IN_KEY });
        jsonFaults(object[key], entryPath, out);
      }
      return;
    }
    default:
      return;
  }
}
