import type { ArtifactRegistry } from '../artifact-registry.ts';
import type { Job, JobContext, JobOutcome, LogLevel } from '../job.ts';
import type { DispatchRefusal, GuardrailRefusal } from '../refusal.ts';
import { runStage, type SharedGuardrails } from './guardrail-stage.ts';
import type { JobRecord } from './job-record.ts';
import type { Lifecycle } from './lifecycle.ts';
import { isPromiseLike } from './promise.ts';
import { BUSY, CANCELLED, sealedScope } from './refusals.ts';
import { checkJob, checkLog, checkProgress } from './validate.ts';
import { cancelMark } from './workflow-state.ts';

/** An outcome that is known at once: the job never got a record. */
export function refusedAtOnce<T>(refusal: DispatchRefusal): Promise<JobOutcome<T>> {
  return Promise.resolve({ status: 'refused', refusal });
}

/**
 * Runs a record that began: admission guardrails, input guardrails, the job, output guardrails,
 * each step only while the record is still running; and everything a running job can ask of its
 * context (its signal, reports, spawning a child).
 */
export class Runner {
  private readonly lifecycle: Lifecycle;
  private readonly shared: SharedGuardrails;
  private readonly maxJobsPerWorkflow: number;

  constructor(lifecycle: Lifecycle, shared: SharedGuardrails, maxJobsPerWorkflow: number) {
    this.lifecycle = lifecycle;
    this.shared = shared;
    this.maxJobsPerWorkflow = maxJobsPerWorkflow;
  }

  /** Begins a record and runs it; what it ends with is delivered through the lifecycle. */
  start(record: JobRecord): void {
    this.lifecycle.begin(record);
    void this.execute(record);
  }

  private async execute(record: JobRecord): Promise<void> {
    const { job } = record;
    try {
      let refusal = runStage(record, this.shared, 'admission', undefined);
      if (isPromiseLike(refusal)) refusal = await refusal;
      if (this.stopsAt(record, refusal)) return;
      refusal = runStage(record, this.shared, 'input', job.input);
      if (isPromiseLike(refusal)) refusal = await refusal;
      if (this.stopsAt(record, refusal)) return;
      let value = job.run(this.contextOf(record));
      if (isPromiseLike(value)) value = await value;
      if (record.state !== 'running') return;
      refusal = runStage(record, this.shared, 'output', value);
      if (isPromiseLike(refusal)) refusal = await refusal;
      if (this.stopsAt(record, refusal)) return;
      this.lifecycle.settle(record, { status: 'completed', value });
    } catch (error) {
      if (record.state === 'running') this.lifecycle.settle(record, { status: 'failed', error });
    } finally {
      this.lifecycle.finish(record);
    }
  }

  /** After a stage: true when the record was cancelled meanwhile, or is now settled as refused. */
  private stopsAt(record: JobRecord, refusal: GuardrailRefusal | undefined): boolean {
    if (record.state !== 'running') return true;
    if (refusal === undefined) return false;
    this.lifecycle.settle(record, { status: 'refused', refusal });
    return true;
  }

  private contextOf(record: JobRecord): JobContext<unknown> {
    return new RunningContext(record, this);
  }

  /**
   * Runs a child in the parent's slot and workflow. Refused at once when the parent no longer runs,
   * the workflow is cancelled, a seal above excludes the name, or the workflow is at its bound.
   */
  spawn<TInput, TOutput>(
    parent: JobRecord,
    job: Job<TInput, TOutput>,
  ): Promise<JobOutcome<TOutput>> {
    checkJob(job);
    if (parent.state !== 'running') {
      return refusedAtOnce(CANCELLED[parent.cancellation?.details.reason ?? 'parent_finished']);
    }
    const mark = cancelMark(parent.workflow);
    if (mark !== undefined) return refusedAtOnce(CANCELLED[mark]);
    if (parent.sealed !== undefined && !parent.sealed.has(job.name)) {
      parent.sealedRefusal ??= sealedScope([...parent.sealed]);
      return refusedAtOnce(parent.sealedRefusal);
    }
    if (parent.entry.jobs.size >= this.maxJobsPerWorkflow) return refusedAtOnce(BUSY.workflow);
    const record = this.lifecycle.create(
      job as Job<unknown, unknown>,
      parent.workflow,
      parent,
      parent.registry,
    );
    this.start(record);
    return record.outcome as Promise<JobOutcome<TOutput>>;
  }
}

/**
 * A running job's context. A class rather than an object literal with a `signal` getter: a literal
 * with an accessor is built by the runtime's slow path on every job, a class instance is not. Its
 * functions are own properties (they keep working when taken off the context); `signal` is read
 * through the prototype, lazily, as a signal is costly to make.
 */
class RunningContext implements JobContext<unknown> {
  readonly input: unknown;
  readonly workflow: JobRecord['workflow'];
  readonly principal: string;
  readonly job: JobRecord['info'];
  declare readonly registry?: ArtifactRegistry;
  readonly reportProgress: JobContext<unknown>['reportProgress'];
  readonly log: JobContext<unknown>['log'];
  readonly spawn: JobContext<unknown>['spawn'];
  readonly #record: JobRecord;

  constructor(record: JobRecord, runner: Runner) {
    this.#record = record;
    this.input = record.job.input;
    this.workflow = record.workflow;
    this.principal = record.workflow.principal;
    this.job = record.info;
    this.reportProgress = (progress, total, message) =>
      reportProgress(record, progress, total, message);
    this.log = (level, message, data) => log(record, level, message, data);
    this.spawn = (child) => runner.spawn(record, child);
    if (record.registry !== undefined) {
      (this as { registry?: ArtifactRegistry }).registry = record.registry;
    }
  }

  get signal(): AbortSignal {
    return signalOf(this.#record);
  }
}

function signalOf(record: JobRecord): AbortSignal {
  if (record.controller === undefined) {
    record.controller = new AbortController();
    if (record.cancellation !== undefined) record.controller.abort(record.cancellation);
  }
  return record.controller.signal;
}

/** Reports reach the submitted ancestor's listener while the reporting job is live. */
function reportProgress(
  record: JobRecord,
  progress: number,
  total: number | undefined,
  message: string | undefined,
): void {
  checkProgress(progress, total, message, record.info.name);
  if (record.state !== 'running' || progress <= record.lastProgress) return;
  const listener = (record.top ?? record).listener;
  if (listener === undefined) return;
  record.lastProgress = progress;
  listener({
    kind: 'progress',
    job: record.info,
    progress,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  });
}

function log(record: JobRecord, level: LogLevel, message: string, data: unknown): void {
  checkLog(level, message, record.info.name);
  if (record.state !== 'running') return;
  const listener = (record.top ?? record).listener;
  if (listener === undefined) return;
  listener({
    kind: 'log',
    job: record.info,
    level,
    message,
    ...(data === undefined ? {} : { data }),
  });
}
