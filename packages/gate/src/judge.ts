import type { SchemaNode } from '@portcullis/schema';
import { type Checker, generateChecker } from './internal/codegen.ts';
import { interpret } from './internal/interpret.ts';
import { buildPlan, type PlanNode } from './internal/plan.ts';
import type { Judgement, RefusalIssue } from './refusal.ts';
import { composeRefusalText, describeIssue, REFUSAL_ISSUE_LIMIT } from './refusal-text.ts';
import { GATE_RULES } from './rules.ts';

/** A document compiled once: its generated acceptance test and its plan for composing refusals. */
export interface CompiledGate {
  /** The compiled fast path alone: true exactly when {@link CompiledGate.judge} admits. */
  readonly admits: (value: unknown) => boolean;
  /** Judges a value; never throws for any value. */
  readonly judge: (value: unknown) => Judgement;
}

const ADMITTED: Judgement = Object.freeze({ ok: true });

const compiled = new WeakMap<object, CompiledGate>();
const booleanGates = new Map<boolean, CompiledGate>();

/**
 * Compiles `document` (a published JSON Schema 2020-12 document) into a gate, or returns the one
 * compiled before for the same document object (documents are immutable once published; the cache is
 * a WeakMap, so a dropped document takes its gate with it). Every defect of the document is found
 * here, before any value is judged: an unresolvable or non-local `$ref` anywhere in it, a keyword or
 * format the gate does not judge, a malformed keyword, throw `SchemaDefectError` from
 * `@portcullis/schema`. Call it when a catalog is built to fail fast.
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
  // value itself (nesting past the stack, a cycle, a getter or proxy that throws). That is bad input,
  // refused, never thrown.
  const admits = (value: unknown): boolean => {
    try {
      return check(value);
    } catch {
      return false;
    }
  };
  const judge = (value: unknown): Judgement => {
    if (admits(value)) return ADMITTED;
    return { ok: false, refusal: refuse(root, value) };
  };
  return { admits, judge };
}

function refuse(root: PlanNode, value: unknown) {
  let found: RefusalIssue[] = [];
  try {
    interpret(root, value, '', found);
  } catch {
    found = [];
  }
  if (found.length === 0) found.push({ path: '', rule: GATE_RULES.UNJUDGEABLE });
  const seen = new Set<string>();
  const distinct: RefusalIssue[] = [];
  for (const issue of found) {
    const key = `${issue.rule} ${describeIssue(issue)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(frozenIssue(issue));
  }
  const issues = Object.freeze(distinct.slice(0, REFUSAL_ISSUE_LIMIT));
  return Object.freeze({
    text: composeRefusalText(issues, distinct.length - issues.length),
    issues,
  });
}

/** An issue and the lists it carries, frozen: a refusal is a value the caller may share freely. */
function frozenIssue(issue: RefusalIssue): RefusalIssue {
  for (const list of [issue.types, issue.values, issue.names])
    if (list !== undefined) Object.freeze(list);
  return Object.freeze(issue);
}

/**
 * Judges `value` against exactly `document`: `{ ok: true }`, or `{ ok: false, refusal }` whose text
 * and issues are composed from the document alone (declared names, types, bounds, enum values,
 * formats, array indices), never from the value. Never throws for any value; throws
 * `SchemaDefectError` for a defect of the document (see {@link compileGate}), on its first use.
 * The compiled checker decides; the refusal is composed only when it says no.
 */
export function judge(value: unknown, document: SchemaNode): Judgement {
  return compileGate(document).judge(value);
}
