import type { ArtifactRegistry } from './artifact-registry.ts';
import type { Guardrails } from './guardrail.ts';
import type { DispatchRefusal } from './refusal.ts';
import type { Principal, Workflow } from './workflow.ts';

/**
 * The levels of a log report, those of MCP `notifications/message` (syslog severities, lowest
 * first), so a host can forward a report without translating it.
 */
export const LOG_LEVELS = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const);

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Which job a report or a context belongs to. */
export interface JobInfo {
  /** Unique within its dispatcher. */
  readonly id: string;
  readonly name: string;
  readonly workflowId: string;
  /** 0 for a job submitted through the door, parent's depth + 1 for a spawned one. */
  readonly depth: number;
  /** The spawning job's id; absent for a job submitted through the door. */
  readonly parentId?: string;
}

/** Progress of one job, for MCP `notifications/progress`. `progress` increases with every report of a job. */
export interface ProgressReport {
  readonly kind: 'progress';
  readonly job: JobInfo;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** A log line of one job, for MCP `notifications/message`. */
export interface LogReport {
  readonly kind: 'log';
  readonly job: JobInfo;
  readonly level: LogLevel;
  readonly message: string;
  readonly data?: unknown;
}

/** What a job reports while it runs. */
export type JobReport = ProgressReport | LogReport;

/**
 * Receives every report of a submitted job and of all the jobs it spawns, synchronously, while they
 * are live. It is released when the submitted job settles; reports after that are dropped.
 */
export type ReportListener = (report: JobReport) => void;

/**
 * What a running job is given. The catalog builds a tool's context on top of it; the dispatcher
 * knows nothing of tools or schemas.
 */
export interface JobContext<TInput = unknown> {
  /** The input the guardrails judged; the same value, not a copy. */
  readonly input: TInput;
  /** Aborted (reason: a `CancellationError`) when the job's workflow or parent is cancelled. Cooperative: check it. */
  readonly signal: AbortSignal;
  readonly workflow: Workflow;
  /** The workflow's principal (for a Portcullis server, the MCP consumer). */
  readonly principal: Principal;
  readonly job: JobInfo;
  /** The call's artifact registry, present when one was given to `submit`; shared by every job it spawns. */
  readonly registry?: ArtifactRegistry;
  /**
   * Reports progress. Throws `DispatcherError` `INVALID_REPORT` for a progress or total that is not
   * a finite non-negative number; a progress not above this job's previous one is dropped, as MCP
   * requires progress to increase.
   */
  reportProgress(progress: number, total?: number, message?: string): void;
  /** Reports a log line. Throws `DispatcherError` `INVALID_REPORT` for a level outside {@link LOG_LEVELS}. */
  log(level: LogLevel, message: string, data?: unknown): void;
  /**
   * Runs a sub-job in the same workflow, as a child of this job: it inherits the report listener,
   * the registry and every sealed scope above it, and is judged by the same guardrails. It runs
   * inside this job's admission slot (it is not queued) but counts against the workflow's job bound.
   * A child still live when this job settles is cancelled (`parent_failed` or `parent_finished`).
   * The promise never rejects; a malformed job throws `DispatcherError` `INVALID_JOB` at once.
   */
  spawn<TChildInput, TChildOutput>(
    job: Job<TChildInput, TChildOutput>,
  ): Promise<JobOutcome<TChildOutput>>;
}

/**
 * A unit of work. `run` may return a value or a promise; a throw or a rejection is the job's
 * failure. A job with a `scope` is a scoped orchestrator: its descendants, at any depth, may only
 * dispatch jobs named in it (and in every scope above it).
 */
export interface Job<TInput = unknown, TOutput = unknown> {
  readonly name: string;
  readonly input: TInput;
  run(context: JobContext<TInput>): TOutput | PromiseLike<TOutput>;
  /** Seals the names this job's descendants may dispatch. */
  readonly scope?: readonly string[];
  /** Guardrails of this job, run after the dispatcher's own at each stage. */
  readonly guardrails?: Guardrails<TInput, TOutput>;
}

/** The job ran and every output guardrail admitted its result. */
export interface JobCompleted<TOutput> {
  readonly status: 'completed';
  readonly value: TOutput;
}

/** The job was refused (busy, guardrail, sealed scope) or cancelled; it did not complete. */
export interface JobRefused {
  readonly status: 'refused';
  readonly refusal: DispatchRefusal;
}

/**
 * The job (or a guardrail judging it) threw. `error` is whatever was thrown, for the host to log and
 * to render in its own words; it may carry the tool's data and must not be shown to a caller as is.
 */
export interface JobFailed {
  readonly status: 'failed';
  readonly error: unknown;
}

/**
 * How a submitted or spawned job ended: three ways, so it discriminates on `status`. A promise of it
 * never rejects.
 */
export type JobOutcome<TOutput = unknown> = JobCompleted<TOutput> | JobRefused | JobFailed;
