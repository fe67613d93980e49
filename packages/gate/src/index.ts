export { type CompiledGate, compileGate, judge } from './judge.ts';
export {
  GATE_KEYWORDS,
  type GateKeyword,
  MAP_ENTRY_SEGMENT,
  TEMPORAL_FORMATS,
  type TemporalFormat,
} from './keywords.ts';
export type { DeclaredType, Judgement, Refusal, RefusalIssue } from './refusal.ts';
export { MAP_ENTRY_NOTE, REFUSAL_HEADER, REFUSAL_ISSUE_LIMIT } from './refusal-text.ts';
export { GATE_RULES, type GateRule } from './rules.ts';
