import { checkRefusalVerdict } from './internal/validate.ts';
import type { Principal, Workflow } from './workflow.ts';

/** A guardrail's admission: the job may go on. */
export interface GuardrailAdmitted {
  readonly ok: true;
}

/**
 * A guardrail's refusal. `text` is LLM-readable and composed by the guardrail's author from their
 * own words (never from the input or output judged); `correctable` says whether a corrected input
 * may succeed.
 */
export interface GuardrailRefused {
  readonly ok: false;
  readonly text: string;
  readonly correctable: boolean;
}

/** What every guardrail answers. Make it with {@link ADMIT} or {@link refuse}. */
export type GuardrailVerdict = GuardrailAdmitted | GuardrailRefused;

/** The one admission verdict. */
export const ADMIT: GuardrailAdmitted = Object.freeze({ ok: true });

/**
 * A refusal verdict, frozen. Throws `DispatcherError` `INVALID_VERDICT` for an empty text or a
 * `correctable` that is not a boolean, so that no refusal reaches a model without words.
 */
export function refuse(text: string, correctable: boolean): GuardrailRefused {
  checkRefusalVerdict(text, correctable);
  return Object.freeze({ ok: false, text, correctable });
}

/** What every guardrail is told about the job it judges. */
export interface GuardrailSubject {
  /** Who the workflow runs for (the server passes the MCP consumer). */
  readonly principal: Principal;
  readonly origin: string;
  readonly workflow: Workflow;
  /** The job's name (a tool name, for the catalog). */
  readonly jobName: string;
  /** 0 for a job submitted through the door, 1 for its children, and so on. */
  readonly depth: number;
}

/** A verdict now or later. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** Judges the principal (authentication, admission policy) before the job runs. */
export interface AdmissionGuardrail {
  /** Ours: it is named in a refusal's `guardrail` field. */
  readonly name: string;
  judge(subject: GuardrailSubject): MaybePromise<GuardrailVerdict>;
}

/** Judges a job's input at dispatch, after admission and before the job runs. */
export interface InputGuardrail<TInput = unknown> {
  readonly name: string;
  judge(input: TInput, subject: GuardrailSubject): MaybePromise<GuardrailVerdict>;
}

/** Judges a job's result before it is handed back; a refusal withholds the result. */
export interface OutputGuardrail<TOutput = unknown> {
  readonly name: string;
  judge(output: TOutput, subject: GuardrailSubject): MaybePromise<GuardrailVerdict>;
}

/**
 * Guardrails by stage. The dispatcher's own run first, then the job's; within a stage in order; the
 * first refusal stops the job (admission, then input, then the job, then output).
 */
export interface Guardrails<TInput = unknown, TOutput = unknown> {
  readonly admission?: readonly AdmissionGuardrail[];
  readonly input?: readonly InputGuardrail<TInput>[];
  readonly output?: readonly OutputGuardrail<TOutput>[];
}
