import { DispatcherError } from './errors.ts';
import type { Principal, Workflow } from './workflow.ts';

/** A guardrail's admission: the job may go on. */
export interface Admitted {
  readonly admitted: true;
}

/**
 * A guardrail's refusal. `text` is LLM-readable and composed by the guardrail's author from their
 * own words (never from the input or output judged); `correctable` says whether a corrected input
 * may succeed.
 */
export interface Refused {
  readonly admitted: false;
  readonly text: string;
  readonly correctable: boolean;
}

/** What every guardrail answers. Make it with {@link ADMIT} or {@link refuse}. */
export type GuardrailVerdict = Admitted | Refused;

/** The one admission verdict. */
export const ADMIT: Admitted = Object.freeze({ admitted: true });

/**
 * A refusal verdict. Throws `DispatcherError` `INVALID_VERDICT` for an empty text, so that no
 * refusal reaches a model without words.
 */
export function refuse(text: string, correctable: boolean): Refused {
  if (typeof text !== 'string' || text.trim().length === 0) {
    throw new DispatcherError('INVALID_VERDICT', 'A guardrail refusal needs a non-empty text.');
  }
  if (typeof correctable !== 'boolean') {
    throw new DispatcherError(
      'INVALID_VERDICT',
      'A guardrail refusal needs a boolean correctable.',
    );
  }
  return Object.freeze({ admitted: false, text, correctable });
}

/** What every guardrail is told about the job it judges. */
export interface GuardrailSubject {
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
