import type { SchemaNode } from '@portcullis/schema/document';
import { type Checker, generateChecker } from './internal/codegen.ts';
import { interpret } from './internal/interpret.ts';
import { IssueSink } from './internal/issue-sink.ts';
import { endJudgement, startJudgement } from './internal/keywords/unique-items.ts';
import { buildPlan, type PlanNode } from './internal/plan.ts';
import { GATE_ISSUE_CODES } from './issue-codes.ts';
import type { GateIssue, GateJudgement, GateRefusal } from './refusal.ts';
import { composeRefusalText, REFUSAL_ISSUE_LIMIT } from './refusal-text.ts';

/** A document compiled once: its generated acceptance test and its plan for composing refusals. */
export interface CompiledGate {
  /** The compiled fast path alone: true exactly when {@link CompiledGate.judge} admits. */
  readonly admits: (value: unknown) => boolean;
  /** Judges a value; never throws for any value. */
  readonly judge: (value: unknown) => GateJudgement;
}

const ADMITTED: GateJudgement = Object.freeze({ ok: true });

const compiled = new WeakMap<object, CompiledGate>();
const booleanGates = new Map<boolean, CompiledGate>();

/**
 * Compiles `document` (a published JSON Schema 2020-12 document) into a gate, or returns the one
 * compiled before for the same document object (documents are immutable once published; the cache is
 * a WeakMap, so a dropped document takes its gate with it). Every defect of the document is found
 * here, before any value is judged: an unresolvable or non-local `$ref` anywhere in it, a keyword or
 * format the gate does not judge, a malformed keyword, throw `SchemaDefectError` from
 * `@portcullis/schema`. To compile every document of a server at its start, see `compileGates`.
 */
export function compileGate(document: SchemaNode): CompiledGate {
  const cache = typeof document === 'boolean' ? undefined : compiled.get(document);
  if (cache !== undefined) return cache;
  if (typeof document === 'boolean') {
    const known = booleanGates.get(document);
    if (known !== undefined) return known;
  }
  const plan = buildPlan(document);
  const gate = createGate(generateChecker(plan), plan.root);
  if (typeof document === 'boolean') booleanGates.set(document, gate);
  else compiled.set(document, gate);
  return gate;
}

function createGate(check: Checker, root: PlanNode): CompiledGate {
  // The checker is generated from a validated plan and only reads the value: what can throw is the
  // value itself (a getter or proxy that throws, a cycle) or the engine's stack, which the checker
  // spends on every level of the value and the caller may have spent most of. The interpreter walks
  // on a stack of its own, so it decides in the checker's place: a valid value the decoder admits is
  // admitted however little stack is left, and anything else is refused, never thrown.
  // One judgement keys the values its `uniqueItems` arrays hold once, however deep they nest.
  const admits = (value: unknown): boolean => {
    const outer = startJudgement();
    try {
      return check(value);
    } catch {
      return interpreterAdmits(root, value);
    } finally {
      endJudgement(outer);
    }
  };
  const judge = (value: unknown): GateJudgement => {
    if (admits(value)) return ADMITTED;
    return Object.freeze({ ok: false, refusal: refuse(root, value) });
  };
  return Object.freeze({ admits, judge });
}

/** The interpreter's decision alone: a probe that stops at the first fault. */
function interpreterAdmits(root: PlanNode, value: unknown): boolean {
  try {
    interpret(root, value, '', new IssueSink(0));
    return true;
  } catch {
    return false;
  }
}

const UNJUDGEABLE: GateIssue = Object.freeze({ path: '', code: GATE_ISSUE_CODES.UNJUDGEABLE });

/**
 * Composes the refusal by walking the value against the plan, at most up to the first fault past
 * {@link REFUSAL_ISSUE_LIMIT} (the sink stops the walk there). A value that throws while being read
 * (a getter or proxy) or nests past what the interpreter follows (a cycle) is refused as a whole as
 * unjudgeable.
 */
function refuse(root: PlanNode, value: unknown): GateRefusal {
  const sink = new IssueSink(REFUSAL_ISSUE_LIMIT);
  let issues: readonly GateIssue[] = sink.issues;
  const outer = startJudgement();
  try {
    interpret(root, value, '', sink);
  } catch (error) {
    if (error !== sink) issues = [];
  } finally {
    endJudgement(outer);
  }
  // The checker said no; an interpreter that finds nothing can only have read a value that changed
  // under it (a getter answering differently twice). It is not JSON to judge.
  if (issues.length === 0) issues = [UNJUDGEABLE];
  const more = issues === sink.issues && sink.more;
  const frozen = Object.freeze([...issues]);
  return Object.freeze({ text: composeRefusalText(frozen, more), issues: frozen, more });
}

/**
 * Judges `value` against exactly `document`: `{ ok: true }`, or `{ ok: false, refusal }` whose text
 * and issues are composed from the document alone (declared names, types, bounds, enum values,
 * formats, array indices), never from the value. Never throws for any value; throws
 * `SchemaDefectError` for a defect of the document (see {@link compileGate}), on its first use.
 * The compiled checker decides; the refusal is composed only when it says no.
 */
export function judge(value: unknown, document: SchemaNode): GateJudgement {
  return compileGate(document).judge(value);
}
