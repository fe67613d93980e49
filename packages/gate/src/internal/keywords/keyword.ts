import type { SchemaNode, SchemaObject } from '@portcullis/schema/document';
import type { GateIssueCode } from '../../issue-codes.ts';
import type { GateKeyword } from '../../keywords.ts';
import type { Facts } from '../facts.ts';
import type { IssueSink } from '../issue-sink.ts';
import type { Place } from '../place.ts';
import type { PlanNode } from '../plan.ts';
import type { Walk } from '../walk.ts';
import type { LineWriter } from '../wording.ts';

/*
 * What a keyword module is. Each judged keyword of the gate has one module under this folder holding
 * its reading of the document into the plan, the check it emits into the generated checker, its
 * interpretation for the refusal, and the wording of the faults it reports; `index.ts` lists them
 * in one table, which the plan reads in order. Adding a keyword is one module and one line there.
 */

/** The lines a module writes, one per issue code it reports. */
export type LineTable = Partial<Readonly<Record<GateIssueCode, LineWriter>>>;

/** What a module reading its keyword may ask of the plan being built. */
export interface PlanReader {
  readonly document: SchemaNode;
  /** The JSON pointer of `keyword` in the schema being read. */
  at(keyword: string): string;
  /** The plan node of a subschema in keyword position (a defect when it is no schema). */
  child(value: unknown, pointer: string): PlanNode;
  /** The plan node a local `$ref` resolves to. */
  resolve(ref: string): PlanNode;
}

/** One keyword module: the document keywords it owns, how it reads them, how it words its faults. */
export interface Keyword {
  /** The `GATE_KEYWORDS.judged` names this module reads (a group read together: bounds, shape). */
  readonly keywords: readonly GateKeyword[];
  /**
   * Reads the module's keywords of `schema` into `node`; throws `SchemaDefectError` for a
   * malformed one. A keyword that asserts something of a value adds its {@link Check} with
   * {@link addCheck}; the structural ones fill the node's fields.
   */
  read(schema: SchemaObject, node: PlanNode, reader: PlanReader): void;
  /** The refusal line of each code the module reports. */
  readonly lines?: LineTable;
}

/**
 * The kind of value a check applies to: a string, a number (a finite `number` or a `bigint` a
 * double holds), an array (after its items are judged), an object (after its names and values are
 * judged), or any value (after its content).
 */
export type CheckedKind = 'string' | 'number' | 'array' | 'object' | 'any';

/** An assertion on one kind of value, read from the document once (its `state`). */
export interface Check<TState> {
  readonly on: CheckedKind;
  /** A JavaScript boolean expression over the variable `v`, true when the value passes. */
  emit(state: TState, v: string, constant: (value: unknown) => string): string;
  /** The fault the value has (a value of the kind `on`), or `undefined`: exactly when `emit` is false. */
  fault(state: TState, value: unknown): GateIssueCode | undefined;
  /**
   * The facts the fault tells: declared ones, and for a fault of the value's shape (two equal
   * items) the indexes that show it, never a part of the value.
   */
  facts(state: TState, node: PlanNode, value: unknown): Facts;
  /** Facts every fault at the place tells (its format, bounds, values), for `declareFacts`. */
  declared?(state: TState): Facts;
  /** True when passing this check implies admissible text (the text rule then need not run). */
  coversText?(state: TState): boolean;
}

/** A check and what it read, as a plan node holds it. */
export interface BoundCheck {
  readonly check: Check<unknown>;
  readonly state: unknown;
}

/** Adds `check` with its reading to the node's checks (in the table's order). */
export function addCheck<TState>(node: PlanNode, check: Check<TState>, state: TState): void {
  node.checks.push({ check: check as Check<unknown>, state });
}

/** What a structural keyword's emitter may ask of the generator. */
export interface Emitter {
  /** A reference to a document constant, passed to the generated code in an array. */
  constant(value: unknown): string;
  /** A boolean expression judging the value in the variable `v` against `node`. */
  expression(node: PlanNode, v: string): string;
}

/** What a structural keyword's walk may ask of the interpreter. */
export interface Interpreter {
  /**
   * Judges a child value against `node` (`undefined`: any JSON): in place when it can, else returns
   * the walk the caller must yield.
   */
  child(
    node: PlanNode | undefined,
    value: unknown,
    place: Place,
    sink: IssueSink,
    optional: boolean,
    depth: number,
  ): Walk | undefined;
  /** The walk of `value` against `node` at `path` (to yield). */
  judge(
    node: PlanNode,
    value: unknown,
    path: string,
    sink: IssueSink,
    optional: boolean,
    depth: number,
  ): Walk;
  /** Whether `node` admits `value`, walking only up to its first fault (to yield). */
  admits(
    node: PlanNode,
    value: unknown,
    path: string,
    sink: IssueSink,
    depth: number,
  ): Walk<boolean>;
}
