import { GATE_ISSUE_CODES, type GateIssueCode } from '../issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from '../keywords.ts';
import { factsOf, kindOf, typeAdmits, type ValueKind } from './facts.ts';
import type { IssueSink } from './issue-sink.ts';
import { fitsDouble } from './json-value.ts';
import { anyOfWalk } from './keywords/any-of.ts';
import { itemsWalk } from './keywords/items.ts';
import type { BoundCheck, Check, CheckedKind, Interpreter } from './keywords/keyword.ts';
import { objectWalk } from './keywords/properties.ts';
import { ChildPlace, isContainer, type Place, textOf } from './place.ts';
import type { PlanNode } from './plan.ts';
import { add, addPlain, noFacts } from './report.ts';
import { isAdmissibleText } from './text.ts';
import { type Walk, walkToEnd } from './walk.ts';

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
  checkFaults(node, 'any', value, path, sink, optional);
}

/** Judges a child in place when it can, else returns the walk to yield (see `Interpreter`). */
function judgeChild(
  node: PlanNode | undefined,
  value: unknown,
  place: Place,
  sink: IssueSink,
  optional: boolean,
  depth: number,
): Walk | undefined {
  if (node === undefined) {
    if (isContainer(value)) return jsonWalk(value, textOf(place), sink, depth);
    jsonFaults(value, place, sink);
    return undefined;
  }
  if (isContainer(value) || !isFlat(node))
    return judgeValue(node, value, textOf(place), sink, optional, depth);
  judgeFlat(node, value, place, sink, optional);
  return undefined;
}

const CORE: Interpreter = { child: judgeChild, judge: judgeValue, admits: admitsWalk };

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
        if (kind === 'array') {
          yield itemsWalk(node, value as readonly unknown[], path, sink, depth + 1, CORE);
          checkFaults(node, 'array', value, path, sink, optional);
        } else {
          yield objectWalk(node, value as Record<string, unknown>, path, sink, depth + 1, CORE);
          checkFaults(node, 'object', value, path, sink, optional);
        }
      }
      checkFaults(node, 'any', value, path, sink, optional);
    }
    if (node.anyOf !== undefined)
      yield anyOfWalk(node, value, kind, path, sink, optional, depth, CORE);
    if (node.ref === undefined) return;
    node = node.ref;
  }
}

/** Adds the fault of each of the node's checks on values of `kind` that the value fails. */
function checkFaults(
  node: PlanNode,
  kind: CheckedKind,
  value: unknown,
  path: Place,
  sink: IssueSink,
  optional: boolean,
): void {
  // An indexed loop: this runs once per value judged, and an iterator would be an allocation each.
  const checks = node.checks;
  for (let index = 0; index < checks.length; index++) {
    const { check, state } = checks[index] as BoundCheck;
    if (check.on !== kind) continue;
    const code = check.fault(state, value);
    if (code !== undefined) addCheckFault(sink, optional, code, path, node, check, state, value);
  }
}

/**
 * Adds a check's fault. A function of its own so that the closure reading the facts is made only
 * for a fault: in {@link checkFaults} its context would be allocated on every value judged.
 */
function addCheckFault(
  sink: IssueSink,
  optional: boolean,
  code: GateIssueCode,
  path: Place,
  node: PlanNode,
  check: Check<unknown>,
  state: unknown,
  value: unknown,
): void {
  add(sink, optional, code, path, node, () => check.facts(state, node, value));
}

/**
 * The faults of a value's own kind: not JSON, not a declared type, a string's text and checks, a
 * number's finiteness and checks. True when the value is refused as a whole (nothing more to judge).
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
    if (!isAdmissibleText(value as string))
      add(sink, optional, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER, path, node, noFacts);
    else checkFaults(node, 'string', value, path, sink, optional);
  } else if (kind === 'number' || kind === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      add(sink, optional, GATE_ISSUE_CODES.NON_FINITE_NUMBER, path, node, noFacts);
    else if (typeof value === 'bigint' && !fitsDouble(value))
      add(sink, optional, GATE_ISSUE_CODES.NUMBER_OVERFLOW, path, node, noFacts);
    else checkFaults(node, 'number', value, path, sink, optional);
  }
  return false;
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
