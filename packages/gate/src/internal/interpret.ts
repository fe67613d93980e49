import type { JsonValue } from '@portcullis/schema';
import { GATE_ISSUE_CODES, type GateIssueCode } from '../issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from '../keywords.ts';
import {
  anyOfTypes,
  type Facts,
  factsOf,
  kindOf,
  plausible,
  typeAdmits,
  type ValueKind,
} from './facts.ts';
import type { IssueSink } from './issue-sink.ts';
import { jsonEqual } from './json-equal.ts';
import { fitsDouble } from './json-value.ts';
import type { PlanNode } from './plan.ts';
import { isDate, isDateTime, isDuration, isTime } from './temporal.ts';
import { isAdmissibleText } from './text.ts';

const FORMAT_TESTS = {
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
} as const;

/**
 * Walks `value` against `node` and adds every fault to `sink`. It finds a fault exactly when the
 * generated checker returns false (a property-based test holds the two together); it reads the
 * value only to decide, and writes only declared names, indices and `<entry>` into paths. The sink
 * bounds the walk: once it holds its limit it throws itself, and the walk ends there.
 */
export function interpret(
  node: PlanNode,
  value: unknown,
  path: string,
  sink: IssueSink,
  optional = false,
): void {
  sink.counter.visits++;
  if (node.admits === 'all') {
    jsonFaults(value, path, sink);
    return;
  }
  if (node.admits === 'none') {
    add(sink, optional, GATE_ISSUE_CODES.NOT_ADMITTED, path, node, noFacts);
    return;
  }
  const kind = kindOf(value);
  if (node.pure) {
    if (node.anyOf !== undefined) anyOfFaults(node.anyOf, value, kind, path, sink, optional);
    if (node.ref !== undefined) interpret(node.ref, value, path, sink, optional);
    return;
  }
  if (kind === 'other') {
    add(sink, optional, GATE_ISSUE_CODES.NOT_JSON, path, node, factsOf);
    return;
  }
  if (node.types !== undefined && !typeAdmits(node.types, kind, value)) {
    add(sink, optional, GATE_ISSUE_CODES.TYPE_MISMATCH, path, node, factsOf);
    return;
  }
  switch (kind) {
    case 'string': {
      const text = value as string;
      if (!isAdmissibleText(text))
        add(sink, optional, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER, path, node, noFacts);
      else if (node.format !== undefined && !FORMAT_TESTS[node.format](text)) {
        add(sink, optional, GATE_ISSUE_CODES.FORMAT_MISMATCH, path, node, formatFacts);
      }
      break;
    }
    case 'number':
    case 'bigint':
      numberFaults(node, value as number | bigint, path, sink, optional);
      break;
    case 'array': {
      const items = value as readonly unknown[];
      for (let i = 0; i < items.length; i++) {
        if (node.items === undefined) jsonFaults(items[i], `${path}/${i}`, sink);
        else interpret(node.items, items[i], `${path}/${i}`, sink);
      }
      break;
    }
    case 'object':
      objectFaults(node, value as Record<string, unknown>, path, sink);
      break;
    default:
      break;
  }
  if (node.enumValues !== undefined && !inEnum(node.enumValues, value)) {
    add(sink, optional, GATE_ISSUE_CODES.NOT_IN_ENUM, path, node, factsOf);
  }
  if (node.hasConst && !jsonEqual(value, node.constValue)) {
    add(sink, optional, GATE_ISSUE_CODES.NOT_CONST, path, node, constFacts);
  }
  if (node.anyOf !== undefined) anyOfFaults(node.anyOf, value, kind, path, sink, optional);
  if (node.ref !== undefined) interpret(node.ref, value, path, sink, optional);
}

/**
 * A number's faults: non-finite, beyond every double, or outside the declared bounds. Bounds are
 * compared exactly across `number` and `bigint` (JavaScript compares the two by mathematical
 * value), never through a double that would round: `2n ** 53n + 1n` exceeds a maximum of `2 ** 53`.
 */
function numberFaults(
  node: PlanNode,
  number: number | bigint,
  path: string,
  sink: IssueSink,
  optional: boolean,
): void {
  if (typeof number === 'number' && !Number.isFinite(number)) {
    add(sink, optional, GATE_ISSUE_CODES.NON_FINITE_NUMBER, path, node, noFacts);
    return;
  }
  if (typeof number === 'bigint' && !fitsDouble(number)) {
    add(sink, optional, GATE_ISSUE_CODES.NUMBER_OVERFLOW, path, node, noFacts);
    return;
  }
  if (
    (node.minimum !== undefined && number < node.minimum) ||
    (node.maximum !== undefined && number > node.maximum) ||
    (node.exclusiveMinimum !== undefined && number <= node.exclusiveMinimum) ||
    (node.exclusiveMaximum !== undefined && number >= node.exclusiveMaximum)
  ) {
    add(sink, optional, GATE_ISSUE_CODES.OUT_OF_RANGE, path, node, rangeFacts);
  }
}

const noFacts = (): Facts => ({});
const formatFacts = (node: PlanNode): Facts =>
  node.format === undefined ? {} : { format: node.format };
const constFacts = (node: PlanNode): Facts => ({ values: [node.constValue as JsonValue] });
function rangeFacts(node: PlanNode): Facts {
  const types = factsOf(node).types;
  return { ...(types === undefined ? {} : { types }), ...bounds(node) };
}

/**
 * Adds the fault `code` of `node` at `path`, its facts read from the node by `facts`. The issue is
 * a function of these alone, so a repeat (the next entry of a map failing the same way) is dropped
 * before its facts are gathered or its line is written.
 */
function add(
  sink: IssueSink,
  optional: boolean,
  code: GateIssueCode,
  path: string,
  node: PlanNode,
  facts: (node: PlanNode) => Facts,
): void {
  if (sink.toldBefore(code, node.id * 2 + (optional ? 1 : 0), path)) return;
  const marked =
    optional && (code === GATE_ISSUE_CODES.TYPE_MISMATCH || code === GATE_ISSUE_CODES.NOT_JSON);
  sink.add({ path, code, ...facts(node), ...(marked ? { optional: true } : {}) });
}

function inEnum(values: readonly JsonValue[], value: unknown): boolean {
  for (const member of values) if (jsonEqual(value, member)) return true;
  return false;
}

function bounds(node: PlanNode): Facts {
  return {
    ...(node.minimum === undefined ? {} : { minimum: node.minimum }),
    ...(node.maximum === undefined ? {} : { maximum: node.maximum }),
    ...(node.exclusiveMinimum === undefined ? {} : { exclusiveMinimum: node.exclusiveMinimum }),
    ...(node.exclusiveMaximum === undefined ? {} : { exclusiveMaximum: node.exclusiveMaximum }),
  };
}

/** Whether `node` admits `value`, walking only up to the first fault. */
function admits(node: PlanNode, value: unknown, path: string, sink: IssueSink): boolean {
  const probe = sink.probe();
  try {
    interpret(node, value, path, probe);
    return true;
  } catch (error) {
    if (error === probe) return false;
    throw error;
  }
}

/**
 * An `anyOf`'s faults. When exactly one alternative's declared types could hold the value, that
 * alternative is told in detail; otherwise the alternatives are told as their declared types. The
 * other alternatives are only probed (up to their first fault), and the detailed one is walked
 * once, straight into the sink: no alternative's faults are collected aside, so the sink's bound
 * holds below an `anyOf` too, and a recursive optional (`anyOf: [{ $ref }, { type: null }]`) costs
 * one walk per level.
 */
function anyOfFaults(
  branches: readonly PlanNode[],
  value: unknown,
  kind: ValueKind,
  path: string,
  sink: IssueSink,
  optional: boolean,
): void {
  let candidate = -1;
  let candidates = 0;
  for (let index = 0; index < branches.length; index++) {
    if (plausible(branches[index] as PlanNode, kind, value)) {
      candidate = index;
      candidates++;
    }
  }
  for (let index = 0; index < branches.length; index++) {
    if (candidates === 1 && index === candidate) continue;
    if (admits(branches[index] as PlanNode, value, path, sink)) return;
  }
  if (candidates === 1) {
    interpret(branches[candidate] as PlanNode, value, path, sink, optional);
    return;
  }
  const types = anyOfTypes(branches);
  sink.add({
    path,
    code: GATE_ISSUE_CODES.NO_ALTERNATIVE,
    ...(types === undefined ? {} : { types }),
    ...(optional ? { optional: true } : {}),
  });
}

/** Reads a declared name as an own property: a name on `Object.prototype` is never inherited. */
function own(object: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(object, name) || !(name in Object.prototype) ? object[name] : undefined;
}

function objectFaults(
  node: PlanNode,
  object: Record<string, unknown>,
  path: string,
  sink: IssueSink,
): void {
  for (const property of node.properties ?? []) {
    const at = `${path}/${property.segment}`;
    const child = own(object, property.name);
    if (child === undefined) {
      if (property.required) {
        sink.add({ path: at, code: GATE_ISSUE_CODES.MISSING_PROPERTY, ...factsOf(property.node) });
      } else if (
        Object.hasOwn(object, property.name) ||
        (!(property.name in Object.prototype) && property.name in object)
      ) {
        sink.add({
          path: at,
          code: GATE_ISSUE_CODES.NOT_JSON,
          ...factsOf(property.node),
          optional: true,
        });
      }
      continue;
    }
    interpret(property.node, child, at, sink, !property.required);
  }
  for (let index = 0; index < node.requiredOnly.length; index++) {
    const name = node.requiredOnly[index] as string;
    const at = `${path}/${node.requiredOnlySegments[index] as string}`;
    const child = own(object, name);
    if (child === undefined) {
      sink.add({
        path: at,
        code: GATE_ISSUE_CODES.MISSING_PROPERTY,
        ...(node.additional === undefined ? {} : factsOf(node.additional)),
      });
    } else if (node.additional === undefined) jsonFaults(child, at, sink);
    else interpret(node.additional, child, at, sink);
  }
  const declared = node.declared;
  const closed = node.additional?.admits === 'none';
  // Undeclared names of a closed object are counted, never described: one integer, however many.
  let undeclared = 0;
  const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
  for (const key in object) {
    if (declared.has(key)) continue;
    if (closed) {
      undeclared++;
      continue;
    }
    if (!isAdmissibleText(key))
      addPlain(sink, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER_IN_KEY, entryPath);
    if (node.additional === undefined) jsonFaults(object[key], entryPath, sink);
    else interpret(node.additional, object[key], entryPath, sink);
  }
  if (undeclared > 0) {
    sink.add({
      path,
      code: GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
      names: node.accepted,
      count: undeclared,
    });
  }
}

/** Adds a fault that carries no declared facts (its code and path are the whole issue). */
function addPlain(sink: IssueSink, code: GateIssueCode, path: string): void {
  if (!sink.toldBefore(code, -1, path)) sink.add({ path, code });
}

/** Faults of a value under a place that admits any JSON: only what no JSON text can carry. */
function jsonFaults(value: unknown, path: string, sink: IssueSink): void {
  sink.counter.visits++;
  switch (kindOf(value)) {
    case 'other':
      addPlain(sink, GATE_ISSUE_CODES.NOT_JSON, path);
      return;
    case 'string':
      if (!isAdmissibleText(value as string))
        addPlain(sink, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER, path);
      return;
    case 'number':
      if (!Number.isFinite(value)) addPlain(sink, GATE_ISSUE_CODES.NON_FINITE_NUMBER, path);
      return;
    case 'bigint':
      if (!fitsDouble(value as bigint)) addPlain(sink, GATE_ISSUE_CODES.NUMBER_OVERFLOW, path);
      return;
    case 'array': {
      const items = value as readonly unknown[];
      for (let i = 0; i < items.length; i++) jsonFaults(items[i], `${path}/${i}`, sink);
      return;
    }
    case 'object': {
      const object = value as Record<string, unknown>;
      const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
      for (const key in object) {
        if (!isAdmissibleText(key))
          addPlain(sink, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER_IN_KEY, entryPath);
        jsonFaults(object[key], entryPath, sink);
      }
      return;
    }
    default:
      return;
  }
}
