import { GATE_ISSUE_CODES, type GateIssueCode } from '../issue-codes.ts';
import type { Facts } from './facts.ts';
import type { IssueSink } from './issue-sink.ts';
import { type Place, textOf } from './place.ts';
import type { PlanNode } from './plan.ts';

/** The faults whose line tells that an optional place may be left out instead. */
const OPTIONAL_NOTED: ReadonlySet<GateIssueCode> = new Set([
  GATE_ISSUE_CODES.TYPE_MISMATCH,
  GATE_ISSUE_CODES.NOT_JSON,
  GATE_ISSUE_CODES.NO_ALTERNATIVE,
]);

/** The facts of a fault that tells none. */
export const noFacts = (): Facts => ({});

/**
 * Adds the fault `code` of `node` at `path`, its facts read from the node by `facts`. The issue is
 * a function of these alone, so a repeat (the next entry of a map failing the same way) is dropped
 * before its facts are gathered or its line is written.
 */
export function add(
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

/** Adds a fault that carries no declared facts (its code and path are the whole issue). */
export function addPlain(sink: IssueSink, code: GateIssueCode, place: Place): void {
  const path = textOf(place);
  if (!sink.toldBefore(code, -1, path)) sink.add({ path, code });
}
