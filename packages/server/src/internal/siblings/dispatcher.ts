/**
 * Every use of `@portcullis/dispatcher` goes through this module. The integrated names are used on
 * our side (`DispatchRefusal`); the dispatcher's word for the consumer is `principal`.
 */
export {
  type ArtifactRegistry,
  type ArtifactType,
  type CancelReason,
  createArtifactRegistry,
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
  type Guardrails,
  type Job,
  type JobContext,
  type JobOutcome,
  type JobReport,
  type Refusal as DispatchRefusal,
  Workflow,
} from '@portcullis/dispatcher';
