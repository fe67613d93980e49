import type { ArtifactRegistry } from '../artifact-registry.ts';
import type { CancellationError } from '../errors.ts';
import type { GuardrailSubject } from '../guardrail.ts';
import type { Job, JobInfo, JobOutcome, ReportListener } from '../job.ts';
import type { SealedScopeRefusal } from '../refusal.ts';
import type { Workflow } from '../workflow.ts';

/**
 * Where a job record is in its life. One field, changed only by the methods of `Lifecycle`
 * (`lifecycle.ts`); `begin` is called by the runner when admission gives a slot or `spawn` starts a
 * child:
 *
 * ```text
 *   queued   --begin (a slot, or spawned)-->   running
 *   queued   --cancel-->                       finished   outcome CANCELLED; it never ran
 *   running  --settle-->                       settled    its own outcome: completed, refused, failed
 *   running  --cancel-->                       draining   outcome CANCELLED; its signal aborts
 *   settled  --finish-->                       finished   its run path has returned
 *   draining --finish-->                       finished   its run path has returned
 * ```
 *
 * A record is created `queued` (a spawned one begins at once). Its outcome is delivered exactly
 * once, on leaving `queued` or `running`, so only those two are live: a cancel or a report meets
 * any other state as a no-op. It leaves the bookkeeping exactly once, on entering `finished`.
 * `settled` lasts only while its run path unwinds synchronously to `finish`, but user code can
 * run in it (the abort listeners of the children it cancels).
 */
export type JobState = 'queued' | 'running' | 'settled' | 'draining' | 'finished';

/** The live jobs of one workflow. */
export interface WorkflowEntry {
  readonly workflow: Workflow;
  readonly jobs: Set<JobRecord>;
}

/** The dispatcher's record of one submitted or spawned job. */
export interface JobRecord {
  state: JobState;
  readonly info: JobInfo;
  readonly job: Job<unknown, unknown>;
  readonly workflow: Workflow;
  readonly entry: WorkflowEntry;
  readonly parent: JobRecord | undefined;
  /** The submitted ancestor, holder of the listener and the slot; undefined for a submitted job itself. */
  readonly top: JobRecord | undefined;
  /** Children that have not finished (live or draining); made by the first spawn, as most jobs spawn none. */
  children: Set<JobRecord> | undefined;
  /** The names this job's children may have; undefined when no scope above or on it is sealed. */
  readonly sealed: ReadonlySet<string> | undefined;
  readonly registry: ArtifactRegistry | undefined;
  /** What `submit` or `spawn` hands back; it never rejects. */
  readonly outcome: Promise<JobOutcome<unknown>>;
  /** Delivers the outcome; called exactly once, on leaving `queued` or `running`. */
  readonly resolve: (outcome: JobOutcome<unknown>) => void;
  /**
   * On a submitted job that began: how many jobs of its tree (itself included) have not finished;
   * its admission slot is released at 0.
   */
  unreturned: number;
  /**
   * What the record was cancelled with, set on the cancel transition (from `queued` or `running`):
   * the reason its children are cancelled with and the abort reason of a signal made afterwards.
   */
  cancellation: CancellationError | undefined;
  /** Made on the first read of the job's signal: most jobs never read it, and a signal is costly to make. */
  controller: AbortController | undefined;
  /** Made on the first guardrail that judges the job, then shared by every stage. */
  subject: GuardrailSubject | undefined;
  /** On a submitted job: the caller's listener, until its outcome is delivered. */
  listener: ReportListener | undefined;
  /** On a submitted job: its deadline, until it fires or the outcome is delivered. */
  timer: ReturnType<typeof setTimeout> | undefined;
  lastProgress: number;
  sealedRefusal: SealedScopeRefusal | undefined;
}

/** Queued or running: its outcome is still to be delivered. */
export function isLive(record: JobRecord): boolean {
  return record.state === 'queued' || record.state === 'running';
}
