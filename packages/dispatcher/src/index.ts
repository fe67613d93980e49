/** Jobs as workflows: bounded admission, guardrails, cooperative cancellation of the whole tree, artifact registry. */
export {
  type Artifact,
  type ArtifactRef,
  type ArtifactRegistry,
  type ArtifactType,
  createArtifactRegistry,
  defineArtifactType,
} from './artifact-registry.ts';
export {
  createDispatcher,
  DEFAULT_MAX_JOBS_PER_WORKFLOW,
  type Dispatcher,
  type DispatcherOptions,
  type DispatcherStats,
  type SubmitOptions,
} from './dispatcher.ts';
export {
  ARTIFACT_ERROR_CODES,
  ArtifactError,
  type ArtifactErrorCode,
  CancellationError,
  DISPATCHER_ERROR_CODES,
  DispatcherError,
  type DispatcherErrorCode,
} from './errors.ts';
export {
  ADMIT,
  type AdmissionGuardrail,
  type Admitted,
  type GuardrailSubject,
  type Guardrails,
  type GuardrailVerdict,
  type InputGuardrail,
  type MaybePromise,
  type OutputGuardrail,
  type Refused,
  refuse,
} from './guardrail.ts';
export {
  type Completed,
  type Failed,
  type Job,
  type JobContext,
  type JobInfo,
  type JobOutcome,
  type JobReport,
  LOG_LEVELS,
  type LogLevel,
  type LogReport,
  type ProgressReport,
  type RefusedOutcome,
  type ReportListener,
} from './job.ts';
export {
  type BusyBound,
  type BusyRefusal,
  CANCEL_REASONS,
  type CancelledRefusal,
  type CancelReason,
  type GuardrailRefusal,
  type GuardrailStage,
  REFUSAL_KINDS,
  REFUSAL_TEXTS,
  type Refusal,
  type RefusalKind,
  type SealedScopeRefusal,
} from './refusal.ts';
export { type Principal, Workflow } from './workflow.ts';
