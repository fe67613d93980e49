import type { ArtifactRegistry } from './artifact-registry.ts';
import type { Guardrails } from './guardrail.ts';
import { Admission } from './internal/admission.ts';
import { isLive, type JobRecord } from './internal/job-record.ts';
import { Lifecycle } from './internal/lifecycle.ts';
import { BUSY, CANCELLED } from './internal/refusals.ts';
import { Runner, refusedAtOnce } from './internal/runner.ts';
import {
  checkCancelReason,
  checkCancelTarget,
  checkDispatcherOptions,
  checkJob,
  checkSubmitOptions,
  checkSubmittedWorkflow,
} from './internal/validate.ts';
import { cancelMark, markCancelled } from './internal/workflow-state.ts';
import type { Job, JobOutcome, ReportListener } from './job.ts';
import type { CancelReason } from './refusal.ts';
import type { Workflow } from './workflow.ts';

/** The default bound on the live jobs of one workflow (its whole tree, draining jobs included). */
export const DEFAULT_MAX_JOBS_PER_WORKFLOW = 1000;

/** How a dispatcher is bounded and which guardrails judge every job it runs. */
export interface DispatcherOptions {
  /** Jobs submitted through the door that may run at once (integer, at least 1). */
  readonly maxRunning: number;
  /** Submitted jobs that may wait for a running slot (integer, at least 0); past it, `BUSY`. */
  readonly maxQueued: number;
  /**
   * Live jobs one workflow may hold, spawned ones included (integer, at least 1; default
   * {@link DEFAULT_MAX_JOBS_PER_WORKFLOW}). Spawned jobs run inside their submitted ancestor's slot,
   * so this is what bounds a workflow's fan-out.
   */
  readonly maxJobsPerWorkflow?: number;
  /** Guardrails that judge every job, submitted or spawned, before the job's own. */
  readonly guardrails?: Guardrails;
}

/** What a caller of `submit` may attach to the job it submits. */
export interface SubmitOptions {
  /** Receives the reports of this job and of every job it spawns. A throw from it propagates to the reporting job. */
  readonly onReport?: ReportListener;
  /** The call's artifact registry, handed to this job's context and to every job it spawns. */
  readonly registry?: ArtifactRegistry;
  /**
   * The call's deadline in milliseconds from `submit`, queue wait included (positive, at most
   * 2^31 - 1, the longest delay a Node timer keeps). When it passes before the job settles, the
   * whole workflow is cancelled with `timeout`. The timer is armed as `submit` returns, after the
   * job's synchronous start (its guardrails and its `run` up to the first await, which no timer
   * could interrupt anyway); a job that settled within `submit` arms none.
   */
  readonly timeoutMs?: number;
}

/**
 * The dispatcher's own bookkeeping, a snapshot. After every workflow has settled and its jobs have
 * returned, every count is 0: that is the leak check.
 */
export interface DispatcherStats {
  /** Workflows with at least one live job. */
  readonly workflows: number;
  /** Live jobs: queued, running, and draining. */
  readonly jobs: number;
  /** Admission slots held: submitted jobs some job of whose tree (running or draining) has not returned. */
  readonly running: number;
  /** Submitted jobs waiting for a slot. */
  readonly queued: number;
  /** Cancelled jobs whose outcome was delivered but whose `run` has not returned yet. */
  readonly draining: number;
  /** Deadline timers armed. */
  readonly timers: number;
  /** Report listeners held. */
  readonly reportListeners: number;
}

/** Runs jobs as parts of workflows, within bounds, behind guardrails; cancels a workflow as a whole. */
export interface Dispatcher {
  /**
   * The one public door. Resolves with the job's outcome and never rejects: a busy queue, a
   * guardrail, a sealed scope or a cancelled workflow are `refused` outcomes, a throw from the job
   * is `failed`. Throws `DispatcherError` at once (synchronously) for a malformed job, workflow or
   * options: those are defects of the caller's code.
   */
  submit<TInput, TOutput>(
    job: Job<TInput, TOutput>,
    workflow: Workflow,
    options?: SubmitOptions,
  ): Promise<JobOutcome<TOutput>>;
  /**
   * Cancels every live job of the workflow: queued ones never start, running ones see their signal
   * abort and their outcome is delivered at once as a `CANCELLED` refusal with `reason` (a running
   * leaf finishes its call; its result is dropped and its admission slot is held until it returns).
   * The workflow stays cancelled, so anything submitted or spawned into it later is refused: given
   * the workflow itself, always; given its id, when something of it is live (an id of nothing live
   * is unknown here and changes nothing). Returns how many jobs it cancelled.
   */
  cancelWorkflow(workflow: Workflow | string, reason: CancelReason): number;
  /** A snapshot of the dispatcher's bookkeeping. */
  stats(): DispatcherStats;
}

/**
 * A dispatcher with bounded admission. Throws `DispatcherError` `INVALID_OPTIONS` for bounds that
 * are not integers in range or guardrails that are not lists of `{ name, judge }`.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { maxRunning, maxQueued, maxJobsPerWorkflow, guardrails } = checkDispatcherOptions(
    options,
    DEFAULT_MAX_JOBS_PER_WORKFLOW,
  );
  const shared = {
    admission: [...(guardrails?.admission ?? [])],
    input: [...(guardrails?.input ?? [])],
    output: [...(guardrails?.output ?? [])],
  };
  // The three parts need one another: admission begins records through the runner, the runner
  // changes records through the lifecycle, the lifecycle releases slots to admission.
  const admission = new Admission<JobRecord>(maxRunning, maxQueued, (record) =>
    runner.start(record),
  );
  const lifecycle = new Lifecycle(admission, (workflow) => cancelWorkflow(workflow, 'timeout'));
  const runner = new Runner(lifecycle, shared, maxJobsPerWorkflow);

  function submit<TInput, TOutput>(
    job: Job<TInput, TOutput>,
    workflow: Workflow,
    submitOptions?: SubmitOptions,
  ): Promise<JobOutcome<TOutput>> {
    checkJob(job);
    checkSubmittedWorkflow(workflow);
    checkSubmitOptions(submitOptions);
    const mark = cancelMark(workflow);
    if (mark !== undefined) return refusedAtOnce(CANCELLED[mark]);
    if (lifecycle.jobsOf(workflow.id) >= maxJobsPerWorkflow) return refusedAtOnce(BUSY.workflow);
    if (!admission.hasRoom()) return refusedAtOnce(BUSY.queue);
    const record = lifecycle.create(
      job as Job<unknown, unknown>,
      workflow,
      undefined,
      submitOptions?.registry,
    );
    const onReport = submitOptions?.onReport;
    if (onReport !== undefined) lifecycle.listen(record, onReport);
    admission.enter(record);
    // Armed once the job's synchronous start has returned, and only if it is still live (queued,
    // or running past its first await): a job that settles within `submit` needs no timer.
    const timeoutMs = submitOptions?.timeoutMs;
    if (timeoutMs !== undefined && isLive(record)) lifecycle.arm(record, timeoutMs);
    return record.outcome as Promise<JobOutcome<TOutput>>;
  }

  function cancelWorkflow(target: Workflow | string, reason: CancelReason): number {
    checkCancelReason(reason);
    let workflow: Workflow | undefined;
    if (checkCancelTarget(target) === 'workflow') {
      workflow = target as Workflow;
    } else {
      workflow = lifecycle.workflows.get(target as string)?.workflow;
      if (workflow === undefined) return 0;
    }
    markCancelled(workflow, reason);
    return lifecycle.cancelWorkflow(workflow.id, reason);
  }

  return {
    submit,
    cancelWorkflow,
    stats: () =>
      Object.freeze({
        workflows: lifecycle.workflows.size,
        jobs: lifecycle.jobs,
        running: admission.running,
        queued: admission.queue.size,
        draining: lifecycle.draining,
        timers: lifecycle.timers,
        reportListeners: lifecycle.listeners,
      }),
  };
}
