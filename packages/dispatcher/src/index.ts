/**
 * Jobs as workflows: bounded admission, guardrails, cooperative cancellation of the whole tree,
 * artifact registry. It knows no MCP: the party a workflow runs for is its `principal` (a
 * Portcullis server passes the MCP consumer). Every export here is public API; a test pins them.
 */
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
  type ArtifactErrorDetails,
  CancellationError,
  type CancellationErrorDetails,
  DISPATCHER_ERROR_CODES,
  DispatcherError,
  type DispatcherErrorCode,
  type DispatcherErrorDetails,
} from './errors.ts';
export {
  ADMIT,
  type AdmissionGuardrail,
  type GuardrailAdmitted,
  type GuardrailRefused,
  type GuardrailSubject,
  type Guardrails,
  type GuardrailVerdict,
  type InputGuardrail,
  type MaybePromise,
  type OutputGuardrail,
  refuse,
} from './guardrail.ts';
export {
  type Job,
  type JobCompleted,
  type JobContext,
  type JobFailed,
  type JobInfo,
  type JobOutcome,
  type JobRefused,
  type JobReport,
  LOG_LEVELS,
  type LogLevel,
  type LogReport,
  type ProgressReport,
  type ReportListener,
} from './job.ts';
export {
  type BusyBound,
  type BusyRefusal,
  CANCEL_REASONS,
  type CancelledRefusal,
  type CancelReason,
  DISPATCH_REFUSAL_CODES,
  DISPATCH_REFUSAL_TEXTS,
  type DispatchRefusal,
  type DispatchRefusalCode,
  type GuardrailRefusal,
  type GuardrailStage,
  type SealedScopeRefusal,
} from './refusal.ts';
export { type Principal, Workflow } from './workflow.ts';
