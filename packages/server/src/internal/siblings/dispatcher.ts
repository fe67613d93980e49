/**
 * Every use of `@portcullis/dispatcher` goes through this module. The dispatcher's word for the
 * consumer is `principal`: the server passes the consumer as the principal.
 */
export {
  type ArtifactRegistry,
  type ArtifactType,
  type CancelReason,
  createArtifactRegistry,
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
  type DispatchRefusal,
  type Guardrails,
  type JobContext,
  type JobOutcome,
  type JobReport,
  Workflow,
} from '@portcullis/dispatcher';
