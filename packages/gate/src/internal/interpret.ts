/*
 * Longer than 400 lines: the interpreter walks every keyword of the gate's set in one place so a
 * refusal's facts come out in document order; it splits by keyword when the gate gains one module
 * per keyword (the vocabulary issue plans that reshape).
 */
import { GATE_ISSUE_CODES, type GateIssueCode } from '../issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from '../keywords.ts';
import { type Facts, factsOf, kindOf, plausible, typeAdmits, type ValueKind } from './facts.ts';
import type { IssueSink } from './issue-sink.ts';
import { jsonEqual } from './json-equal.ts';
import { fitsDouble } from './json-value.ts';
import type { PlanNode } from './plan.ts';
import { isDate, isDateTime, isDuration, isTime } from './temporal.ts';
import { isAdmissibleText } from './text.ts';
import { type Walk, walkToEnd } from './walk.ts';

const FORMAT_TESTS = {
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
} as const;

/**
 * How many levels of arrays and objects the interpreter follows before it refuses the value as
 * unjudgeable: ten times the decoder's nesting limit, so every value a request can carry is judged
 * in full, while a cycle or a proxy that invents levels without end is refused instead of walked
 * until memory runs out.
 */
const DEEPEST_LEVEL = 10_000;

/** Thrown (and caught by whoever walks) when a value nests past {@link DEEPEST_LEVEL}. */
const TOO_DEEP: unique symbol = Symbol('too deep');

/**
 * Walks `value` against `node` and adds every fault to `sink`. It finds a fault exactly when the
 * generated checker returns false (a property-based test holds the two together); it reads the
 * value only to decide, and writes only declared names, indices and `<entry>` into paths. The sink
 * bounds the walk: once it holds its limit it throws itself, and the walk ends there. A value nested
 * past {@link DEEPEST_LEVEL} levels throws {@link TOO_DEEP}.
 *
 * The walk never recurses on the engine's stack as the value nests: each level is a generator on a
 * stack of its own (see `walk.ts`), so a fault 1000 levels down is found and told however little of
 * the engine's stack the caller has left.
 */
export function interpret(
  node: PlanNode,
  value: unknown,
  path: string,
  sink: IssueSink,
  optional = false,
): void {
  walkToEnd(judgeValue(node, value, path, sink, optional, 0));
}

/**
 * The place of a child judged in place: its parent's path and its own segment, written out only
 * when a fault is told there. One is made per container walked and moved from child to child, so
 * walking a million valid items writes no path at all.
 */
class ChildPlace {
  readonly parent: string;
  segment: string | number = '';
  constructor(parent: string) {
    this.parent = parent;
  }
  toString(): string {
    return `${this.parent}/${this.segment}`;
  }
}

/** A path, written out or still to be written (see {@link ChildPlace}). */
type Place = string | ChildPlace;

function textOf(place: Place): string {
  return typeof place === 'string' ? place : place.toString();
}

/** True for a value that holds other values: walking it needs a level of its own. */
function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** True when `node` judges a value that holds no other value without following anything. */
function isFlat(node: PlanNode): boolean {
  return !node.pure && node.anyOf === undefined && node.ref === undefined;
}

/**
 * Judges `value` against `node` in place, without a level of its own: for a value that holds no
 * other value, against a node with neither `anyOf` nor `$ref`. Exactly what {@link judgeValue} does
 * for such a pair.
 */
function judgeFlat(
  node: PlanNode,
  value: unknown,
  path: Place,
  sink: IssueSink,
  optional: boolean,
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
  if (ownFaults(node, value, kind, path, sink, optional)) return;
  closingFaults(node, value, path, sink, optional);
}

/** True when judging `value` against `node` needs a level of its own (see {@link judgeFlat}). */
function needsLevel(node: PlanNode, value: unknown): boolean {
  return isContainer(value) || !isFlat(node);
}

function* judgeValue(
  place: PlanNode,
  value: unknown,
  path: string,
  sink: IssueSink,
  optional: boolean,
  depth: number,
): Walk {
  // A `$ref` in tail position (the last thing a node judges) is followed in this same walk, in a
  // loop, so a chain of references costs one level, not one per reference.
  for (let node = place; ; ) {
    sink.counter.visits++;
    if (node.admits === 'all') {
      if (isContainer(value)) yield jsonWalk(value, path, sink, depth);
      else jsonFaults(value, path, sink);
      return;
    }
    if (node.admits === 'none') {
      add(sink, optional, GATE_ISSUE_CODES.NOT_ADMITTED, path, node, noFacts);
      return;
    }
    const kind = kindOf(value);
    if (!node.pure) {
      if (ownFaults(node, value, kind, path, sink, optional)) return;
      if (kind === 'array' || kind === 'object') {
        if (depth >= DEEPEST_LEVEL) throw TOO_DEEP;
        if (kind === 'array')
          yield itemsWalk(node, value as readonly unknown[], path, sink, depth + 1);
        else yield objectWalk(node, value as Record<string, unknown>, path, sink, depth + 1);
      }
      closingFaults(node, value, path, sink, optional);
    }
    if (node.anyOf !== undefined) yield anyOfWalk(node, value, kind, path, sink, optional, depth);
    if (node.ref === undefined) return;
    node = node.ref;
  }
}

/**
 * The faults of a value's own kind: not JSON, not a declared type, a string's text or format, a
 * number's finiteness and bounds. True when the value is refused as a whole (nothing more to judge).
 */
function ownFaults(
  node: PlanNode,
  value: unknown,
  kind: ValueKind,
  path: Place,
  sink: IssueSink,
  optional: boolean,
): boolean {
  if (kind === 'other') {
    add(sink, optional, GATE_ISSUE_CODES.NOT_JSON, path, node, factsOf);
    return true;
  }
  if (node.types !== undefined && !typeAdmits(node.types, kind, value)) {
    add(sink, optional, GATE_ISSUE_CODES.TYPE_MISMATCH, path, node, factsOf);
    return true;
  }
  if (kind === 'string') {
    const text = value as string;
    if (!isAdmissibleText(text))
      add(sink, optional, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER, path, node, noFacts);
    else if (node.format !== undefined && !FORMAT_TESTS[node.format](text)) {
      add(sink, optional, GATE_ISSUE_CODES.FORMAT_MISMATCH, path, node, formatFacts);
    }
  } else if (kind === 'number' || kind === 'bigint') {
    numberFaults(node, value as number | bigint, path, sink, optional);
  }
  return false;
}

/** The faults that apply to a value of any kind once its content is judged: `enum`, `const`. */
function closingFaults(
  node: PlanNode,
  value: unknown,
  path: Place,
  sink: IssueSink,
  optional: boolean,
): void {
  if (node.enumIndex !== undefined && !node.enumIndex.has(value)) {
    add(sink, optional, GATE_ISSUE_CODES.NOT_IN_ENUM, path, node, factsOf);
  }
  if (node.hasConst && !jsonEqual(value, node.constValue)) {
    add(sink, optional, GATE_ISSUE_CODES.NOT_CONST, path, node, constFacts);
  }
}

function* itemsWalk(
  node: PlanNode,
  items: readonly unknown[],
  path: string,
  sink: IssueSink,
  depth: number,
): Walk {
  const schema = node.items;
  const place = new ChildPlace(path);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    place.segment = i;
    if (schema === undefined) {
      if (isContainer(item)) yield jsonWalk(item, textOf(place), sink, depth);
      else jsonFaults(item, place, sink);
    } else if (needsLevel(schema, item)) {
      yield judgeValue(schema, item, textOf(place), sink, false, depth);
    } else judgeFlat(schema, item, place, sink, false);
  }
}

/**
 * A number's faults: non-finite, beyond every double, or outside the declared bounds. Bounds are
 * compared exactly across `number` and `bigint` (JavaScript compares the two by mathematical
 * value), never through a double that would round: `2n ** 53n + 1n` exceeds a maximum of `2 ** 53`.
 */
function numberFaults(
  node: PlanNode,
  number: number | bigint,
  path: Place,
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
const alternativeFacts = (node: PlanNode): Facts =>
  node.alternativeTypes === undefined ? {} : { types: node.alternativeTypes };
const formatFacts = (node: PlanNode): Facts =>
  node.format === undefined ? {} : { format: node.format };
const constFacts = (node: PlanNode): Facts =>
  node.constValues === undefined ? {} : { values: node.constValues };
const rangeFacts = (node: PlanNode): Facts => node.rangeFacts;

/** The faults whose line tells that an optional place may be left out instead. */
const OPTIONAL_NOTED: ReadonlySet<GateIssueCode> = new Set([
  GATE_ISSUE_CODES.TYPE_MISMATCH,
  GATE_ISSUE_CODES.NOT_JSON,
  GATE_ISSUE_CODES.NO_ALTERNATIVE,
]);

/**
 * Adds the fault `code` of `node` at `path`, its facts read from the node by `facts`. The issue is
 * a function of these alone, so a repeat (the next entry of a map failing the same way) is dropped
 * before its facts are gathered or its line is written.
 */
function add(
  sink: IssueSink,
  optional: boolean,
  code: GateIssueCode,
  place: Place,
  node: PlanNode,
  facts: (node: PlanNode) => Facts,
): void {
  const path = textOf(place);
  if (sink.toldBefore(code, node.id * 2 + (optional ? 1 : 0), path)) return;
  const marked = optional && OPTIONAL_NOTED.has(code);
  sink.add({ path, code, ...facts(node), ...(marked ? { optional: true } : {}) });
}

/** Whether `node` admits `value`, walking only up to the first fault. */
function* admitsWalk(
  node: PlanNode,
  value: unknown,
  path: string,
  sink: IssueSink,
  depth: number,
): Walk<boolean> {
  const probe = sink.probe();
  try {
    yield judgeValue(node, value, path, probe, false, depth);
    return true;
  } catch (error) {
    if (error === probe) return false;
    throw error;
  }
}

/**
 * An `anyOf`'s faults. When exactly one alternative's declared types could hold the value, that
 * alternative is told in detail; otherwise the alternatives are told as their declared types. When
 * several could hold it, each is only probed (up to its first fault) before the refusal is told; an
 * alternative that cannot hold the value's kind is never walked. The detailed one is walked once,
 * straight into the sink: no alternative's faults are collected aside, so the sink's bound holds
 * below an `anyOf` too, and a recursive optional (`anyOf: [{ $ref }, { type: null }]`) costs one
 * walk per level.
 */
function* anyOfWalk(
  node: PlanNode,
  value: unknown,
  kind: ValueKind,
  path: string,
  sink: IssueSink,
  optional: boolean,
  depth: number,
): Walk {
  const branches = node.anyOf ?? [];
  const plausibles: PlanNode[] = [];
  for (const branch of branches) if (plausible(branch, kind, value)) plausibles.push(branch);
  // An alternative whose declared types cannot hold the value's kind refuses it at once (by its own
  // type, its alternatives' or its reference's), so it is not probed: the `null` of an optional as
  // openai_strict spells it costs nothing on a present value.
  if (plausibles.length > 1) {
    for (const branch of plausibles)
      if ((yield admitsWalk(branch, value, path, sink, depth)) === true) return;
  }
  if (plausibles.length === 1) {
    yield judgeValue(plausibles[0] as PlanNode, value, path, sink, optional, depth);
    return;
  }
  add(sink, optional, GATE_ISSUE_CODES.NO_ALTERNATIVE, path, node, alternativeFacts);
}

/** Reads a declared name as an own property: a name on `Object.prototype` is never inherited. */
function own(object: Record<string, unknown>, name: string, inherited: boolean): unknown {
  return !inherited || Object.hasOwn(object, name) ? object[name] : undefined;
}

function* objectWalk(
  node: PlanNode,
  object: Record<string, unknown>,
  path: string,
  sink: IssueSink,
  depth: number,
): Walk {
  const place = new ChildPlace(path);
  for (const property of node.properties ?? []) {
    place.segment = property.segment;
    const child = own(object, property.name, property.inherited);
    if (child === undefined) {
      if (property.required) {
        add(sink, false, GATE_ISSUE_CODES.MISSING_PROPERTY, place, property.node, factsOf);
      } else if (
        Object.hasOwn(object, property.name) ||
        (!property.inherited && property.name in object)
      ) {
        add(sink, true, GATE_ISSUE_CODES.NOT_JSON, place, property.node, factsOf);
      }
      continue;
    }
    if (needsLevel(property.node, child))
      yield judgeValue(property.node, child, textOf(place), sink, !property.required, depth);
    else judgeFlat(property.node, child, place, sink, !property.required);
  }
  for (let index = 0; index < node.requiredOnly.length; index++) {
    const name = node.requiredOnly[index] as string;
    const at = `${path}/${node.requiredOnlySegments[index] as string}`;
    const child = own(object, name, name in Object.prototype);
    if (child === undefined) {
      if (node.additional === undefined) addPlain(sink, GATE_ISSUE_CODES.MISSING_PROPERTY, at);
      else add(sink, false, GATE_ISSUE_CODES.MISSING_PROPERTY, at, node.additional, factsOf);
    } else if (node.additional !== undefined) {
      if (needsLevel(node.additional, child))
        yield judgeValue(node.additional, child, at, sink, false, depth);
      else judgeFlat(node.additional, child, at, sink, false);
    } else if (isContainer(child)) yield jsonWalk(child, at, sink, depth);
    else jsonFaults(child, at, sink);
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
    const child = object[key];
    if (node.additional !== undefined) {
      if (needsLevel(node.additional, child))
        yield judgeValue(node.additional, child, entryPath, sink, false, depth);
      else judgeFlat(node.additional, child, entryPath, sink, false);
    } else if (isContainer(child)) yield jsonWalk(child, entryPath, sink, depth);
    else jsonFaults(child, entryPath, sink);
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
function addPlain(sink: IssueSink, code: GateIssueCode, place: Place): void {
  const path = textOf(place);
  if (!sink.toldBefore(code, -1, path)) sink.add({ path, code });
}

/**
 * Faults of a value under a place that admits any JSON, when the value holds no other value: only
 * what no JSON text can carry. A container is walked by {@link jsonWalk}.
 */
function jsonFaults(value: unknown, path: Place, sink: IssueSink): void {
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
    default:
      return;
  }
}

/** {@link jsonFaults} for a value that holds others (or is no JSON at all): a level of its own. */
function* jsonWalk(value: unknown, path: string, sink: IssueSink, depth: number): Walk {
  const kind = kindOf(value);
  if (kind !== 'array' && kind !== 'object') {
    jsonFaults(value, path, sink);
    return;
  }
  sink.counter.visits++;
  if (depth >= DEEPEST_LEVEL) throw TOO_DEEP;
  if (kind === 'array') {
    const items = value as readonly unknown[];
    const place = new ChildPlace(path);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      place.segment = i;
      if (isContainer(item)) yield jsonWalk(item, textOf(place), sink, depth + 1);
      else jsonFaults(item, place, sink);
    }
    return;
  }
  const object = value as Record<string, unknown>;
  const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
  for (const key in object) {
    if (!isAdmissibleText(key))
      addPlain(sink, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER_IN_KEY, entryPath);
    const item = object[key];
    if (isContainer(item)) yield jsonWalk(item, entryPath, sink, depth + 1);
    else jsonFaults(item, entryPath, sink);
  }
}
