import type { CancelReason, GuardrailStage } from './refusal.ts';

/**
 * Stable codes of {@link DispatcherError}. Each names a defect in how the dispatcher was wired or
 * called by our own code (never a caller's input, which is refused as a value instead). A test
 * pins them; a code is never renamed or reused.
 */
export const DISPATCHER_ERROR_CODES = Object.freeze({
  /** `createDispatcher` was given a bound or guardrail list of the wrong kind. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** A job is not `{ name, run }` with a non-empty name, or its scope or guardrails are malformed. */
  INVALID_JOB: 'INVALID_JOB',
  /** Something other than a workflow made by `Workflow.root` (or its id) was given where a workflow is needed. */
  INVALID_WORKFLOW: 'INVALID_WORKFLOW',
  /** A principal or origin is not a non-empty string. */
  INVALID_PRINCIPAL: 'INVALID_PRINCIPAL',
  /** A cancel reason outside `CANCEL_REASONS`. */
  INVALID_CANCEL_REASON: 'INVALID_CANCEL_REASON',
  /** `submit` options of the wrong kind (a timeout that is not a positive number of at most 2^31 - 1 ms, a listener that is not a function). */
  INVALID_SUBMIT_OPTIONS: 'INVALID_SUBMIT_OPTIONS',
  /** A guardrail returned something other than a verdict made by `ADMIT` or `refuse`. */
  INVALID_VERDICT: 'INVALID_VERDICT',
  /** A job reported progress that is not a finite non-negative number, or a log at an unknown level. */
  INVALID_REPORT: 'INVALID_REPORT',
} as const);

/** One of {@link DISPATCHER_ERROR_CODES}. */
export type DispatcherErrorCode =
  (typeof DISPATCHER_ERROR_CODES)[keyof typeof DISPATCHER_ERROR_CODES];

/** The structured facts of a {@link DispatcherError}: our own identifiers only, never a value from outside. */
export interface DispatcherErrorDetails {
  /** The option of `createDispatcher` or of `submit` at fault (`maxRunning`, `guardrails`, `timeoutMs`, ...). */
  readonly option?: string;
  /** The bound the option had to meet (the least bound, or the most for `timeoutMs`). */
  readonly limit?: number;
  /** The name of the job at fault, or of the job whose guardrail or report is at fault. */
  readonly job?: string;
  /** The guardrail stage at fault. */
  readonly stage?: GuardrailStage;
  /** The name of the guardrail that answered outside the verdict vocabulary. */
  readonly guardrail?: string;
}

/**
 * Thrown for a defect in the dispatcher's wiring: bad options, a malformed job, a guardrail that
 * answers outside the verdict vocabulary. The message says what is wrong and what to do; the job,
 * option, stage or guardrail at fault is in the frozen `details`, never glued onto the message.
 */
export class DispatcherError extends Error {
  override readonly name = 'DispatcherError';
  readonly code: DispatcherErrorCode;
  readonly details: DispatcherErrorDetails;

  constructor(
    code: DispatcherErrorCode,
    message: string,
    details: DispatcherErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, 'cause' in details ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze(facts);
  }
}

/**
 * Stable codes of {@link ArtifactError}: defects in artifact types or in how artifacts are
 * registered. A test pins them; a code is never renamed or reused.
 */
export const ARTIFACT_ERROR_CODES = Object.freeze({
  /** An artifact type alias is empty, contains a `:` or characters outside `[A-Za-z0-9_.-]`, or the types are no list. */
  INVALID_ALIAS: 'INVALID_ALIAS',
  /** Two artifact types given to one registry share an alias or a class. */
  DUPLICATE_TYPE: 'DUPLICATE_TYPE',
  /** `register` was given a value whose class is no registered artifact type. */
  UNREGISTERED_TYPE: 'UNREGISTERED_TYPE',
  /** An artifact already carries a ref that is malformed or names another type's alias. */
  FOREIGN_REF: 'FOREIGN_REF',
  /** An artifact carries a ref that this registry already holds for a different artifact. */
  DUPLICATE_REF: 'DUPLICATE_REF',
  /** An artifact's `ref` property cannot be written (a frozen object, a getter without a setter). */
  UNWRITABLE_REF: 'UNWRITABLE_REF',
} as const);

/** One of {@link ARTIFACT_ERROR_CODES}. */
export type ArtifactErrorCode = (typeof ARTIFACT_ERROR_CODES)[keyof typeof ARTIFACT_ERROR_CODES];

/** The structured facts of an {@link ArtifactError}. */
export interface ArtifactErrorDetails {
  /** The alias of the artifact type at fault, once it is a valid alias. */
  readonly alias?: string;
}

/**
 * Thrown for a defect in artifact types or registration. The message says what is wrong and what
 * to do; the alias at fault is in the frozen `details`, never an artifact's content.
 */
export class ArtifactError extends Error {
  override readonly name = 'ArtifactError';
  readonly code: ArtifactErrorCode;
  readonly details: ArtifactErrorDetails;

  constructor(
    code: ArtifactErrorCode,
    message: string,
    details: ArtifactErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, 'cause' in details ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze(facts);
  }
}

/** The structured facts of a {@link CancellationError}. */
export interface CancellationErrorDetails {
  /** Why the workflow, or the job's parent, was cancelled. */
  readonly reason: CancelReason;
}

/**
 * The `reason` of every job signal the dispatcher aborts, so that `signal.throwIfAborted()` inside
 * a job throws something that says why (`details.reason`). It is no defect and never leaves the
 * dispatcher as a failure: the outcome of a cancelled job is a `CANCELLED` refusal. Only the
 * dispatcher makes one, so it takes the reason alone.
 */
export class CancellationError extends Error {
  override readonly name = 'CancellationError';
  readonly code = 'CANCELLED';
  readonly details: CancellationErrorDetails;

  constructor(reason: CancelReason) {
    super('The workflow this job belongs to is cancelled; stop its work and return.');
    this.details = Object.freeze({ reason });
  }
}
