/*
 * The public surface of @portcullis/gate. Every name exported here is public API, pinned by
 * test/exports.test.ts: adding one is a reviewed decision.
 */
export { compileGates, type GateCompilation } from './compile-gates.ts';
export { GATE_ISSUE_CODES, type GateIssueCode } from './issue-codes.ts';
export { type CompiledGate, compileGate, judge } from './judge.ts';
export { GATE_KEYWORDS, type GateKeyword, MAP_ENTRY_SEGMENT } from './keywords.ts';
export type { GateDeclaredType, GateIssue, GateJudgement, GateRefusal } from './refusal.ts';
export {
  MAP_ENTRY_NOTE,
  REFUSAL_HEADER,
  REFUSAL_ISSUE_LIMIT,
  REFUSAL_MORE_LINE,
} from './refusal-text.ts';
