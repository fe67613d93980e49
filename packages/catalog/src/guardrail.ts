/**
 * The guardrails a definition may carry, declared structurally: the catalog depends on schema
 * alone, so it cannot import the dispatcher that runs them. `@portcullis/dispatcher` is the source
 * of truth for these shapes (`GuardrailVerdict`, `GuardrailSubject`, `AdmissionGuardrail`,
 * `InputGuardrail`, `OutputGuardrail`, `Guardrails`); the types here mirror them under the
 * catalog's own names, and `tooling/repo-checks/test/seams.test.ts` proves each way they must be
 * assignable, so the two cannot drift apart silently. The server hands a definition's guardrails
 * to the dispatcher as the job's own.
 */

/**
 * What a guardrail answers: `{ ok: true }` admits; `{ ok: false, text, correctable }` refuses, with
 * `text` written for a model by the guardrail's author (never composed from what was judged) and
 * `correctable` saying whether a corrected input may succeed. The dispatcher's `ADMIT` and
 * `refuse(text, correctable)` make exactly these.
 */
export type ToolGuardrailVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly text: string; readonly correctable: boolean };

/**
 * What every guardrail is told about the call it judges: the dispatcher's subject. `principal` is
 * the dispatcher's word for the consumer; a server passes the consumer it resolved as the
 * principal.
 */
export interface ToolGuardrailSubject {
  /** The consumer the call runs for. */
  readonly principal: string;
  /** Where the call came from (`'mcp'` for a server's call). */
  readonly origin: string;
  /** The call's workflow: its id is unique across processes. */
  readonly workflow: {
    readonly id: string;
    readonly principal: string;
    readonly origin: string;
  };
  /** The name of the tool being judged. */
  readonly jobName: string;
  /** 0 for a tool a consumer called, 1 for what it dispatches, and so on. */
  readonly depth: number;
}

/** Judges the consumer (authentication, admission policy) before the tool runs. */
export interface ToolAdmissionGuardrail {
  /** Ours: a refusal names it. Non-empty. */
  readonly name: string;
  judge(subject: ToolGuardrailSubject): ToolGuardrailVerdict | PromiseLike<ToolGuardrailVerdict>;
}

/** Judges the admitted input, typed as the tool declares it, after admission and before `run`. */
export interface ToolInputGuardrail<TInput = unknown> {
  readonly name: string;
  judge(
    input: TInput,
    subject: ToolGuardrailSubject,
  ): ToolGuardrailVerdict | PromiseLike<ToolGuardrailVerdict>;
}

/** Judges what `run` returned, typed as the tool declares it; a refusal withholds the result. */
export interface ToolOutputGuardrail<TOutput = unknown> {
  readonly name: string;
  judge(
    output: TOutput,
    subject: ToolGuardrailSubject,
  ): ToolGuardrailVerdict | PromiseLike<ToolGuardrailVerdict>;
}

/**
 * A tool's guardrails by stage. They run after the dispatcher's own at each stage, in order; the
 * first refusal stops the call (admission, then input, then `run`, then output).
 */
export interface ToolGuardrails<TInput = unknown, TOutput = unknown> {
  readonly admission?: readonly ToolAdmissionGuardrail[];
  readonly input?: readonly ToolInputGuardrail<TInput>[];
  readonly output?: readonly ToolOutputGuardrail<TOutput>[];
}
