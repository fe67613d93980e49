/**
 * Why a workflow, or part of it, was cancelled. The first three come from outside (the server's
 * deadline, the client's `notifications/cancelled`, a dropped connection); the last two from the
 * job tree itself (a job's children never outlive it). A reason is a word the host passes in, not
 * a code: the table maps a constant name to it.
 */
export const CANCEL_REASONS = Object.freeze({
  /** The call's deadline (`timeoutMs`, or the host's own) passed. */
  TIMEOUT: 'timeout',
  /** The client asked for the call to stop. */
  CLIENT_CANCEL: 'client_cancel',
  /** The client went away. */
  DISCONNECT: 'disconnect',
  /** The job that spawned this one failed. */
  PARENT_FAILED: 'parent_failed',
  /** The job that spawned this one settled while this one was still live. */
  PARENT_FINISHED: 'parent_finished',
} as const);

/** One of {@link CANCEL_REASONS}. */
export type CancelReason = (typeof CANCEL_REASONS)[keyof typeof CANCEL_REASONS];

/**
 * Stable codes of a {@link DispatchRefusal}: what a host branches on. A test pins them; a code is
 * never renamed or reused.
 */
export const DISPATCH_REFUSAL_CODES = Object.freeze({
  /** Admission is full: no running slot and no queue place (or the workflow's own job bound). */
  BUSY: 'BUSY',
  /** A guardrail judged the principal, the input or the output and refused. */
  GUARDRAIL: 'GUARDRAIL',
  /** The workflow (or the job's parent) was cancelled before the job could finish. */
  CANCELLED: 'CANCELLED',
  /** A scoped orchestrator above this job sealed a set of tools that does not include it. */
  SEALED_SCOPE: 'SEALED_SCOPE',
} as const);

/** One of {@link DISPATCH_REFUSAL_CODES}. */
export type DispatchRefusalCode =
  (typeof DISPATCH_REFUSAL_CODES)[keyof typeof DISPATCH_REFUSAL_CODES];

/** The stage at which a guardrail judged: the principal before running, the input at dispatch, the result after. */
export type GuardrailStage = 'admission' | 'input' | 'output';

/** Which bound a `BUSY` refusal met. */
export type BusyBound = 'queue' | 'workflow';

/**
 * Every text the dispatcher composes itself. A test pins them: they are part of the contract an
 * LLM reads. None carries caller data; the sealed-scope text lists only names from our own scope.
 */
export const DISPATCH_REFUSAL_TEXTS = Object.freeze({
  busy: Object.freeze({
    queue:
      'The server is at capacity and cannot take this call now. Nothing was run; the same call may succeed later.',
    workflow:
      'This call has as many tasks running as it is allowed. Nothing more was started; wait for a running task to finish first.',
  }),
  cancelled: Object.freeze({
    timeout: 'The call was cancelled because it ran past its time limit.',
    client_cancel: 'The call was cancelled at the client’s request.',
    disconnect: 'The call was cancelled because the client disconnected.',
    parent_failed: 'The call was cancelled because the task that started it failed.',
    parent_finished:
      'The call was cancelled because the task that started it had already finished.',
  }),
  sealedScope: (allowed: readonly string[]): string =>
    allowed.length === 0
      ? 'This tool may not be dispatched here: the enclosing task allows no tools to be dispatched.'
      : `This tool may not be dispatched here. Tools the enclosing task allows: ${allowed.join(', ')}.`,
} as const) satisfies {
  busy: Record<BusyBound, string>;
  cancelled: Record<CancelReason, string>;
  sealedScope: (allowed: readonly string[]) => string;
};

/** Admission was full. Not correctable: the same call may succeed later, a different one would not help. */
export interface BusyRefusal {
  readonly code: 'BUSY';
  readonly bound: BusyBound;
  readonly text: string;
  readonly correctable: false;
}

/** A guardrail refused. `guardrail` is the guardrail's own name; `text` and `correctable` are its verdict. */
export interface GuardrailRefusal {
  readonly code: 'GUARDRAIL';
  readonly stage: GuardrailStage;
  readonly guardrail: string;
  readonly text: string;
  readonly correctable: boolean;
}

/** The job never ran, or ran and was abandoned, because its workflow or its parent was cancelled. */
export interface CancelledRefusal {
  readonly code: 'CANCELLED';
  readonly reason: CancelReason;
  readonly text: string;
  readonly correctable: false;
}

/** A sealed scope above the job does not name it. Correctable: another tool from `allowed` may be asked for. */
export interface SealedScopeRefusal {
  readonly code: 'SEALED_SCOPE';
  readonly allowed: readonly string[];
  readonly text: string;
  readonly correctable: true;
}

/**
 * Why the dispatcher did not complete a job, as a value: a stable `code`, LLM-readable `text`
 * composed by us (or by a guardrail of ours) and whether a corrected input may succeed. It never
 * carries what the caller sent.
 */
export type DispatchRefusal =
  | BusyRefusal
  | GuardrailRefusal
  | CancelledRefusal
  | SealedScopeRefusal;
