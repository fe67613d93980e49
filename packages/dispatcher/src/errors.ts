import type { CancelReason } from './refusal.ts';

/**
 * Stable codes of {@link DispatcherError}. Each names a defect in how the dispatcher was wired or
 * called by our own code (never a caller's input, which is refused as a value instead).
 */
export const DISPATCHER_ERROR_CODES = {
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
} as const;

/** One of {@link DISPATCHER_ERROR_CODES}. */
export type DispatcherErrorCode =
  (typeof DISPATCHER_ERROR_CODES)[keyof typeof DISPATCHER_ERROR_CODES];

/**
 * Thrown for a defect in the dispatcher's wiring: bad options, a malformed job, a guardrail that
 * answers outside the verdict vocabulary. The message names our own identifiers only.
 */
export class DispatcherError extends Error {
  override readonly name = 'DispatcherError';
  readonly code: DispatcherErrorCode;

  constructor(code: DispatcherErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** Stable codes of {@link ArtifactError}: defects in artifact types or in how artifacts are registered. */
export const ARTIFACT_ERROR_CODES = {
  /** An artifact type alias is empty, contains a `:` or characters outside `[A-Za-z0-9_.-]`. */
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
} as const;

/** One of {@link ARTIFACT_ERROR_CODES}. */
export type ArtifactErrorCode = (typeof ARTIFACT_ERROR_CODES)[keyof typeof ARTIFACT_ERROR_CODES];

/**
 * Thrown for a defect in artifact types or registration. The message names aliases and class names
 * (ours), never an artifact's content.
 */
export class ArtifactError extends Error {
  override readonly name = 'ArtifactError';
  readonly code: ArtifactErrorCode;

  constructor(code: ArtifactErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/**
 * The `reason` of every job signal the dispatcher aborts, so that `signal.throwIfAborted()` inside
 * a job throws something that says why. It is no defect and never leaves the dispatcher as a
 * failure: the outcome of a cancelled job is a `cancelled` refusal.
 */
export class CancellationError extends Error {
  override readonly name = 'CancellationError';
  readonly code = 'CANCELLED';
  readonly reason: CancelReason;

  constructor(reason: CancelReason) {
    super(`The workflow was cancelled (${reason}).`);
    this.reason = reason;
  }
}
