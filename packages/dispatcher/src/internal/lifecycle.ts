import type { ArtifactRegistry } from '../artifact-registry.ts';
import { CancellationError } from '../errors.ts';
import type { Job, JobInfo, JobOutcome, ReportListener } from '../job.ts';
import type { CancelReason } from '../refusal.ts';
import type { Workflow } from '../workflow.ts';
import type { Admission } from './admission.ts';
import { isLive, type JobRecord, type WorkflowEntry } from './job-record.ts';
import { CANCELLED } from './refusals.ts';

/**
 * The life of every job record, from `create` to `finish`, and the bookkeeping that goes with it:
 * the live jobs of each workflow, the counts `stats()` reports, the listener and deadline of a
 * submitted job, the admission slot its tree holds. Every change of `JobRecord.state` is made
 * here; `job-record.ts` draws the transitions.
 */
export class Lifecycle {
  /**
   * Workflows with at least one record that has not finished, by id. A new, empty map replaces it
   * whenever its last workflow leaves: a map that lives long is old, and every rehash of an old
   * map's table (each few additions and removals of a small one, so about every call when calls
   * come one at a time) is allocated where only a full collection frees it; a map made afresh is
   * young, and so are the tables and keys it holds.
   */
  workflows = new Map<string, WorkflowEntry>();
  /** Records not finished. */
  jobs = 0;
  /** Records in `draining`. */
  draining = 0;
  /** Deadlines armed. */
  timers = 0;
  /** Listeners held. */
  listeners = 0;
  private nextId = 0;
  private readonly admission: Admission<JobRecord>;
  /** Cancels a workflow whose deadline passed. */
  private readonly expire: (workflow: Workflow) => void;

  constructor(admission: Admission<JobRecord>, expire: (workflow: Workflow) => void) {
    this.admission = admission;
    this.expire = expire;
  }

  /** How many records of a workflow have not finished (draining ones included). */
  jobsOf(workflowId: string): number {
    return this.workflows.get(workflowId)?.jobs.size ?? 0;
  }

  /** A new `queued` record with its pending outcome, counted in its workflow and its submitted ancestor's tree. */
  create(
    job: Job<unknown, unknown>,
    workflow: Workflow,
    parent: JobRecord | undefined,
    registry: ArtifactRegistry | undefined,
  ): JobRecord {
    let resolve!: (outcome: JobOutcome<unknown>) => void;
    const outcome = new Promise<JobOutcome<unknown>>((deliver) => {
      resolve = deliver;
    });
    let entry = this.workflows.get(workflow.id);
    if (entry === undefined) {
      entry = { workflow, jobs: new Set() };
      this.workflows.set(workflow.id, entry);
    }
    const id = String(++this.nextId);
    const depth = parent === undefined ? 0 : parent.info.depth + 1;
    const info: JobInfo = Object.freeze(
      parent === undefined
        ? { id, name: job.name, workflowId: workflow.id, depth }
        : { id, name: job.name, workflowId: workflow.id, depth, parentId: parent.info.id },
    );
    let sealed = parent?.sealed;
    if (job.scope !== undefined) {
      const own = new Set(job.scope);
      sealed = sealed === undefined ? own : new Set([...sealed].filter((name) => own.has(name)));
    }
    const record: JobRecord = {
      state: 'queued',
      info,
      job,
      workflow,
      entry,
      parent,
      top: parent === undefined ? undefined : (parent.top ?? parent),
      children: undefined,
      sealed,
      registry,
      outcome,
      resolve,
      unreturned: 1,
      cancellation: undefined,
      controller: undefined,
      subject: undefined,
      listener: undefined,
      timer: undefined,
      lastProgress: Number.NEGATIVE_INFINITY,
      sealedRefusal: undefined,
    };
    entry.jobs.add(record);
    if (record.top !== undefined) record.top.unreturned++;
    if (parent !== undefined) {
      parent.children ??= new Set();
      parent.children.add(record);
    }
    this.jobs++;
    return record;
  }

  /** Holds the caller's listener on a submitted record until its outcome is delivered. */
  listen(record: JobRecord, listener: ReportListener): void {
    record.listener = listener;
    this.listeners++;
  }

  /** Arms a submitted record's deadline: when it passes first, its workflow expires. */
  arm(record: JobRecord, timeoutMs: number): void {
    record.timer = setTimeout(() => {
      record.timer = undefined;
      this.timers--;
      this.expire(record.workflow);
    }, timeoutMs);
    this.timers++;
  }

  /** `queued` -> `running`: the record has a slot (or is spawned into its ancestor's). */
  begin(record: JobRecord): void {
    record.state = 'running';
  }

  /** `running` -> `settled`: delivers the record's own outcome; its live children are cancelled. */
  settle(record: JobRecord, outcome: JobOutcome<unknown>): void {
    record.state = 'settled';
    this.deliver(
      record,
      outcome,
      outcome.status === 'failed' ? 'parent_failed' : 'parent_finished',
      undefined,
    );
  }

  /**
   * `queued` -> `finished` or `running` -> `draining`: delivers a `CANCELLED` outcome at once,
   * cancels the live children first, then aborts the record's signal. A no-op on any other state.
   */
  cancel(record: JobRecord, error: CancellationError): void {
    const { reason } = error.details;
    if (record.state === 'queued') {
      record.state = 'finished';
      record.cancellation = error;
      this.admission.withdraw(record);
      this.deliver(record, { status: 'refused', refusal: CANCELLED[reason] }, reason, error);
      this.remove(record);
      return;
    }
    if (record.state !== 'running') return;
    record.state = 'draining';
    record.cancellation = error;
    this.draining++;
    this.deliver(record, { status: 'refused', refusal: CANCELLED[reason] }, reason, error);
    record.controller?.abort(error);
  }

  /**
   * `settled` or `draining` -> `finished`: the record's run path returned. It leaves the
   * bookkeeping; when it was the last of its submitted ancestor's tree, the slot is released.
   */
  finish(record: JobRecord): void {
    if (record.state === 'draining') this.draining--;
    record.state = 'finished';
    this.remove(record);
    const top = record.top ?? record;
    if (--top.unreturned === 0) this.admission.release();
  }

  /** Cancels every live record of the workflow; returns how many were live. */
  cancelWorkflow(workflowId: string, reason: CancelReason): number {
    const entry = this.workflows.get(workflowId);
    if (entry === undefined) return 0;
    const live = [...entry.jobs].filter(isLive);
    const error = new CancellationError(reason);
    // Cancelling a parent cancels its children first; the later visit to a child is a no-op.
    for (const record of live) this.cancel(record, error);
    return live.length;
  }

  /** Delivers an outcome: releases the deadline and the listener, cancels live children, resolves. */
  private deliver(
    record: JobRecord,
    outcome: JobOutcome<unknown>,
    childReason: CancelReason,
    childError: CancellationError | undefined,
  ): void {
    if (record.timer !== undefined) {
      clearTimeout(record.timer);
      record.timer = undefined;
      this.timers--;
    }
    if (record.listener !== undefined) {
      record.listener = undefined;
      this.listeners--;
    }
    if (record.children !== undefined && record.children.size > 0) {
      const error = childError ?? new CancellationError(childReason);
      for (const child of [...record.children]) this.cancel(child, error);
    }
    record.resolve(outcome);
  }

  private remove(record: JobRecord): void {
    record.parent?.children?.delete(record);
    const { entry } = record;
    entry.jobs.delete(record);
    if (entry.jobs.size === 0) {
      this.workflows.delete(entry.workflow.id);
      if (this.workflows.size === 0) this.workflows = new Map();
    }
    this.jobs--;
  }
}
