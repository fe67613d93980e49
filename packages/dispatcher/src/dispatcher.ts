import type { ArtifactRegistry } from './artifact-registry.ts';
import { CancellationError, DispatcherError } from './errors.ts';
import type {
  AdmissionGuardrail,
  GuardrailSubject,
  Guardrails,
  GuardrailVerdict,
  InputGuardrail,
  MaybePromise,
  OutputGuardrail,
} from './guardrail.ts';
import { BUSY, CANCELLED, guardrailRefusal, sealedScope } from './internal/refusals.ts';
import {
  checkBound,
  checkGuardrails,
  checkJob,
  isCancelReason,
  isPromiseLike,
  joinGuardrails,
} from './internal/validate.ts';
import { cancelMark, isGenuine, markCancelled } from './internal/workflow-state.ts';
import {
  type Job,
  type JobContext,
  type JobInfo,
  type JobOutcome,
  LOG_LEVELS,
  type LogLevel,
  type ReportListener,
} from './job.ts';
import type {
  CancelReason,
  GuardrailRefusal,
  GuardrailStage,
  Refusal,
  SealedScopeRefusal,
} from './refusal.ts';
import type { Workflow } from './workflow.ts';

/** The default bound on the live jobs of one workflow (its whole tree, draining jobs included). */
export const DEFAULT_MAX_JOBS_PER_WORKFLOW = 1000;

/** The longest delay a Node timer keeps (2^31 - 1 ms); past it Node fires after 1 ms instead. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** How a dispatcher is bounded and which guardrails judge every job it runs. */
export interface DispatcherOptions {
  /** Jobs submitted through the door that may run at once (integer, at least 1). */
  readonly maxRunning: number;
  /** Submitted jobs that may wait for a running slot (integer, at least 0); past it, `busy`. */
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
   * whole workflow is cancelled with `timeout`.
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
   * abort and their outcome is delivered at once as a `cancelled` refusal with `reason` (a running
   * leaf finishes its call; its result is dropped and its admission slot is held until it returns).
   * Given the workflow itself, it stays cancelled even when nothing of it is live, so anything
   * submitted or spawned into it later is refused. Returns how many jobs it cancelled.
   */
  cancelWorkflow(workflow: Workflow | string, reason: CancelReason): number;
  /** A snapshot of the dispatcher's bookkeeping. */
  stats(): DispatcherStats;
}

interface WorkflowEntry {
  readonly workflow: Workflow;
  readonly jobs: Set<JobRecord>;
}

interface JobRecord {
  readonly info: JobInfo;
  readonly job: Job<unknown, unknown>;
  readonly workflow: Workflow;
  readonly entry: WorkflowEntry;
  readonly parent: JobRecord | undefined;
  /** The submitted ancestor, holder of the listener and the slot; undefined for a submitted job itself. */
  readonly top: JobRecord | undefined;
  readonly children: Set<JobRecord>;
  /** On a submitted job: how many jobs of its tree (itself included) have not returned; its slot is freed at 0. */
  unreturned: number;
  /** Made on the first read of the job's signal: most jobs never read it, and a signal is costly to make. */
  controller: AbortController | undefined;
  /** Set when the job is cancelled, so a signal made afterwards is born aborted. */
  abortReason: CancellationError | undefined;
  /** The names this job's children may have; undefined when no scope above or on it is sealed. */
  readonly sealed: ReadonlySet<string> | undefined;
  readonly registry: ArtifactRegistry | undefined;
  readonly resolve: (outcome: JobOutcome<unknown>) => void;
  phase: 'queued' | 'running' | 'finished';
  settled: boolean;
  slot: boolean;
  draining: boolean;
  cancelReason: CancelReason | undefined;
  listener: ReportListener | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  lastProgress: number;
  sealedRefusal: SealedScopeRefusal | undefined;
}

const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

function refused<T>(refusal: Refusal): Promise<JobOutcome<T>> {
  return Promise.resolve({ status: 'refused', refusal });
}

function readVerdict(
  verdict: GuardrailVerdict,
  stage: GuardrailStage,
  name: string,
): GuardrailRefusal | undefined {
  if (typeof verdict === 'object' && verdict !== null) {
    if (verdict.admitted === true) return undefined;
    if (
      verdict.admitted === false &&
      typeof verdict.text === 'string' &&
      verdict.text.trim().length > 0 &&
      typeof verdict.correctable === 'boolean'
    ) {
      return guardrailRefusal(stage, name, verdict.text, verdict.correctable);
    }
  }
  throw new DispatcherError(
    'INVALID_VERDICT',
    `The ${stage} guardrail "${name}" answered something other than ADMIT or refuse(text, correctable).`,
  );
}

/** Judges in order, synchronously until a guardrail answers with a promise; stops at the first refusal or once `stopped`. */
function judge<TGuardrail extends { readonly name: string }>(
  guardrails: readonly TGuardrail[],
  from: number,
  stage: GuardrailStage,
  stopped: () => boolean,
  ask: (guardrail: TGuardrail) => MaybePromise<GuardrailVerdict>,
): MaybePromise<GuardrailRefusal | undefined> {
  for (let i = from; i < guardrails.length; i++) {
    if (stopped()) return undefined;
    const guardrail = guardrails[i]!;
    const verdict = ask(guardrail);
    if (isPromiseLike<GuardrailVerdict>(verdict)) {
      return Promise.resolve(verdict).then(
        (answer) =>
          readVerdict(answer, stage, guardrail.name) ??
          judge(guardrails, i + 1, stage, stopped, ask),
      );
    }
    const refusal = readVerdict(verdict, stage, guardrail.name);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/**
 * A dispatcher with bounded admission. Throws `DispatcherError` `INVALID_OPTIONS` for bounds that
 * are not integers in range or guardrails that are not lists of `{ name, judge }`.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  if (typeof options !== 'object' || options === null) {
    throw new DispatcherError('INVALID_OPTIONS', 'createDispatcher needs an options object.');
  }
  const maxRunning = checkBound(options.maxRunning, 'maxRunning', 1);
  const maxQueued = checkBound(options.maxQueued, 'maxQueued', 0);
  const maxJobsPerWorkflow = checkBound(
    options.maxJobsPerWorkflow ?? DEFAULT_MAX_JOBS_PER_WORKFLOW,
    'maxJobsPerWorkflow',
    1,
  );
  checkGuardrails(options.guardrails, 'createDispatcher', 'INVALID_OPTIONS');
  const shared = {
    admission: [...(options.guardrails?.admission ?? [])],
    input: [...(options.guardrails?.input ?? [])],
    output: [...(options.guardrails?.output ?? [])],
  };

  const workflows = new Map<string, WorkflowEntry>();
  const queue = new Set<JobRecord>();
  let running = 0;
  let jobs = 0;
  let draining = 0;
  let timers = 0;
  let listeners = 0;
  let nextId = 0;
  let pumping = false;

  function createRecord(
    job: Job<unknown, unknown>,
    workflow: Workflow,
    parent: JobRecord | undefined,
    registry: ArtifactRegistry | undefined,
    resolve: (outcome: JobOutcome<unknown>) => void,
  ): JobRecord {
    let entry = workflows.get(workflow.id);
    if (entry === undefined) {
      entry = { workflow, jobs: new Set() };
      workflows.set(workflow.id, entry);
    }
    const id = String(++nextId);
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
      info,
      job,
      workflow,
      entry,
      parent,
      top: parent === undefined ? undefined : (parent.top ?? parent),
      children: new Set(),
      unreturned: 1,
      controller: undefined,
      abortReason: undefined,
      sealed,
      registry,
      resolve,
      phase: 'queued',
      settled: false,
      slot: false,
      draining: false,
      cancelReason: undefined,
      listener: undefined,
      timer: undefined,
      lastProgress: Number.NEGATIVE_INFINITY,
      sealedRefusal: undefined,
    };
    entry.jobs.add(record);
    if (record.top !== undefined) record.top.unreturned++;
    parent?.children.add(record);
    jobs++;
    return record;
  }

  function settle(
    record: JobRecord,
    outcome: JobOutcome<unknown>,
    error?: CancellationError,
  ): void {
    record.settled = true;
    if (record.timer !== undefined) {
      clearTimeout(record.timer);
      record.timer = undefined;
      timers--;
    }
    if (record.listener !== undefined) {
      record.listener = undefined;
      listeners--;
    }
    if (record.children.size > 0) {
      const reason: CancelReason =
        record.cancelReason ?? (outcome.status === 'failed' ? 'parent_failed' : 'parent_finished');
      const cause = error ?? new CancellationError(reason);
      for (const child of [...record.children]) cancelRecord(child, reason, cause);
    }
    record.resolve(outcome);
  }

  function cancelRecord(record: JobRecord, reason: CancelReason, error: CancellationError): void {
    if (record.settled) return;
    record.cancelReason = reason;
    const wasQueued = record.phase === 'queued';
    if (wasQueued) {
      queue.delete(record);
    } else {
      record.draining = true;
      draining++;
    }
    settle(record, { status: 'refused', refusal: CANCELLED[reason] }, error);
    record.abortReason = error;
    record.controller?.abort(error);
    if (wasQueued) finish(record);
  }

  function finish(record: JobRecord): void {
    if (record.phase === 'finished') return;
    record.phase = 'finished';
    if (record.draining) {
      record.draining = false;
      draining--;
    }
    record.parent?.children.delete(record);
    const { entry } = record;
    entry.jobs.delete(record);
    if (entry.jobs.size === 0 && workflows.get(entry.workflow.id) === entry) {
      workflows.delete(entry.workflow.id);
    }
    jobs--;
    const top = record.top ?? record;
    top.unreturned--;
    if (top.unreturned === 0 && top.slot) {
      top.slot = false;
      running--;
      pump();
    }
  }

  function pump(): void {
    if (pumping) return;
    pumping = true;
    try {
      while (running < maxRunning && queue.size > 0) {
        const next = queue.values().next().value!;
        queue.delete(next);
        next.slot = true;
        running++;
        start(next);
      }
    } finally {
      pumping = false;
    }
  }

  function start(record: JobRecord): void {
    record.phase = 'running';
    void execute(record);
  }

  function subjectOf(record: JobRecord): GuardrailSubject {
    return Object.freeze({
      principal: record.workflow.principal,
      origin: record.workflow.origin,
      workflow: record.workflow,
      jobName: record.info.name,
      depth: record.info.depth,
    });
  }

  async function execute(record: JobRecord): Promise<void> {
    const { job } = record;
    const stopped = () => record.settled;
    try {
      const own = job.guardrails;
      let subject: GuardrailSubject | undefined;
      const admission = joinGuardrails<AdmissionGuardrail>(shared.admission, own?.admission);
      if (admission.length > 0) {
        subject ??= subjectOf(record);
        const about = subject;
        let refusal = judge(admission, 0, 'admission', stopped, (g) => g.judge(about));
        if (isPromiseLike(refusal)) refusal = await refusal;
        if (record.settled) return;
        if (refusal !== undefined) return settle(record, { status: 'refused', refusal });
      }
      const input = joinGuardrails<InputGuardrail>(shared.input, own?.input);
      if (input.length > 0) {
        subject ??= subjectOf(record);
        const about = subject;
        let refusal = judge(input, 0, 'input', stopped, (g) => g.judge(job.input, about));
        if (isPromiseLike(refusal)) refusal = await refusal;
        if (record.settled) return;
        if (refusal !== undefined) return settle(record, { status: 'refused', refusal });
      }
      let value = job.run(contextOf(record));
      if (isPromiseLike(value)) value = await value;
      if (record.settled) return;
      const output = joinGuardrails<OutputGuardrail>(shared.output, own?.output);
      if (output.length > 0) {
        subject ??= subjectOf(record);
        const about = subject;
        const result = value;
        let refusal = judge(output, 0, 'output', stopped, (g) => g.judge(result, about));
        if (isPromiseLike(refusal)) refusal = await refusal;
        if (record.settled) return;
        if (refusal !== undefined) return settle(record, { status: 'refused', refusal });
      }
      settle(record, { status: 'completed', value });
    } catch (error) {
      if (!record.settled) settle(record, { status: 'failed', error });
    } finally {
      finish(record);
    }
  }

  function signalOf(record: JobRecord): AbortSignal {
    if (record.controller === undefined) {
      record.controller = new AbortController();
      if (record.abortReason !== undefined) record.controller.abort(record.abortReason);
    }
    return record.controller.signal;
  }

  function contextOf(record: JobRecord): JobContext<unknown> {
    const { workflow } = record;
    const base = {
      input: record.job.input,
      get signal() {
        return signalOf(record);
      },
      workflow,
      principal: workflow.principal,
      job: record.info,
      reportProgress: (progress: number, total?: number, message?: string) =>
        reportProgress(record, progress, total, message),
      log: (level: LogLevel, message: string, data?: unknown) => log(record, level, message, data),
      spawn: <TChildInput, TChildOutput>(child: Job<TChildInput, TChildOutput>) =>
        spawn(record, child),
    };
    if (record.registry !== undefined) {
      (base as { registry?: ArtifactRegistry }).registry = record.registry;
    }
    return base;
  }

  function reportProgress(
    record: JobRecord,
    progress: number,
    total: number | undefined,
    message: string | undefined,
  ): void {
    if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0) {
      throw new DispatcherError(
        'INVALID_REPORT',
        `The job "${record.info.name}" reported a progress that is not a finite non-negative number.`,
      );
    }
    if (
      total !== undefined &&
      (typeof total !== 'number' || !Number.isFinite(total) || total < 0)
    ) {
      throw new DispatcherError(
        'INVALID_REPORT',
        `The job "${record.info.name}" reported a total that is not a finite non-negative number.`,
      );
    }
    if (message !== undefined && typeof message !== 'string') {
      throw new DispatcherError(
        'INVALID_REPORT',
        `The job "${record.info.name}" reported a progress message that is not a string.`,
      );
    }
    if (record.settled || progress <= record.lastProgress) return;
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
    if (typeof level !== 'string' || !LEVELS.has(level)) {
      throw new DispatcherError(
        'INVALID_REPORT',
        `The job "${record.info.name}" logged at a level outside ${LOG_LEVELS.join(', ')}.`,
      );
    }
    if (typeof message !== 'string') {
      throw new DispatcherError(
        'INVALID_REPORT',
        `The job "${record.info.name}" logged a message that is not a string.`,
      );
    }
    if (record.settled) return;
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

  function spawn<TInput, TOutput>(
    parent: JobRecord,
    job: Job<TInput, TOutput>,
  ): Promise<JobOutcome<TOutput>> {
    checkJob(job);
    if (parent.settled || parent.phase === 'finished') {
      return refused(CANCELLED[parent.cancelReason ?? 'parent_finished']);
    }
    const mark = cancelMark(parent.workflow);
    if (mark !== undefined) return refused(CANCELLED[mark]);
    if (parent.sealed !== undefined && !parent.sealed.has(job.name)) {
      parent.sealedRefusal ??= sealedScope([...parent.sealed]);
      return refused(parent.sealedRefusal);
    }
    if (parent.entry.jobs.size >= maxJobsPerWorkflow) return refused(BUSY.workflow);
    let resolve!: (outcome: JobOutcome<unknown>) => void;
    const outcome = new Promise<JobOutcome<unknown>>((r) => {
      resolve = r;
    });
    const record = createRecord(
      job as Job<unknown, unknown>,
      parent.workflow,
      parent,
      parent.registry,
      resolve,
    );
    start(record);
    return outcome as Promise<JobOutcome<TOutput>>;
  }

  function submit<TInput, TOutput>(
    job: Job<TInput, TOutput>,
    workflow: Workflow,
    submitOptions?: SubmitOptions,
  ): Promise<JobOutcome<TOutput>> {
    checkJob(job);
    if (!isGenuine(workflow)) {
      throw new DispatcherError(
        'INVALID_WORKFLOW',
        'submit needs a Workflow made by Workflow.root.',
      );
    }
    const { onReport, registry, timeoutMs } = submitOptions ?? {};
    if (onReport !== undefined && typeof onReport !== 'function') {
      throw new DispatcherError('INVALID_SUBMIT_OPTIONS', 'onReport must be a function.');
    }
    if (
      timeoutMs !== undefined &&
      (typeof timeoutMs !== 'number' ||
        !Number.isFinite(timeoutMs) ||
        timeoutMs <= 0 ||
        timeoutMs > MAX_TIMEOUT_MS)
    ) {
      throw new DispatcherError(
        'INVALID_SUBMIT_OPTIONS',
        `timeoutMs must be a positive number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
      );
    }
    if (
      registry !== undefined &&
      (typeof registry !== 'object' || registry === null || typeof registry.register !== 'function')
    ) {
      throw new DispatcherError('INVALID_SUBMIT_OPTIONS', 'registry must be an ArtifactRegistry.');
    }
    const mark = cancelMark(workflow);
    if (mark !== undefined) return refused(CANCELLED[mark]);
    const live = workflows.get(workflow.id);
    if (live !== undefined && live.jobs.size >= maxJobsPerWorkflow) return refused(BUSY.workflow);
    const runNow = running < maxRunning;
    if (!runNow && queue.size >= maxQueued) return refused(BUSY.queue);

    let resolve!: (outcome: JobOutcome<unknown>) => void;
    const outcome = new Promise<JobOutcome<unknown>>((r) => {
      resolve = r;
    });
    const record = createRecord(
      job as Job<unknown, unknown>,
      workflow,
      undefined,
      registry,
      resolve,
    );
    if (onReport !== undefined) {
      record.listener = onReport;
      listeners++;
    }
    if (timeoutMs !== undefined) {
      record.timer = setTimeout(() => {
        record.timer = undefined;
        timers--;
        cancelWorkflow(workflow, 'timeout');
      }, timeoutMs);
      timers++;
    }
    if (runNow) {
      record.slot = true;
      running++;
      start(record);
    } else {
      queue.add(record);
    }
    return outcome as Promise<JobOutcome<TOutput>>;
  }

  function cancelWorkflow(target: Workflow | string, reason: CancelReason): number {
    if (!isCancelReason(reason)) {
      throw new DispatcherError(
        'INVALID_CANCEL_REASON',
        'cancelWorkflow needs a reason from CANCEL_REASONS.',
      );
    }
    let entry: WorkflowEntry | undefined;
    if (isGenuine(target)) {
      markCancelled(target, reason);
      entry = workflows.get(target.id);
    } else if (typeof target === 'string') {
      entry = workflows.get(target);
      if (entry !== undefined) markCancelled(entry.workflow, reason);
    } else {
      throw new DispatcherError(
        'INVALID_WORKFLOW',
        'cancelWorkflow needs a Workflow or a workflow id.',
      );
    }
    if (entry === undefined) return 0;
    const snapshot = [...entry.jobs].filter((record) => !record.settled);
    const error = new CancellationError(reason);
    for (const record of snapshot) cancelRecord(record, reason, error);
    return snapshot.length;
  }

  return {
    submit,
    cancelWorkflow,
    stats: () =>
      Object.freeze({
        workflows: workflows.size,
        jobs,
        running,
        queued: queue.size,
        draining,
        timers,
        reportListeners: listeners,
      }),
  };
}
