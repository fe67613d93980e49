/*
 * Every check of what our own code hands the package: options, jobs, workflows, guardrail verdicts,
 * reports, principals, artifact types. Each throws `DispatcherError` (or `ArtifactError`) with a
 * stable code, a message in the repo's style (what is wrong; what to do) and the facts in
 * `details`; none names a value that came from outside. Nothing else in the package throws for
 * a malformed argument.
 */

import type { SubmitOptions } from '../dispatcher.ts';
import { ArtifactError, DispatcherError, type DispatcherErrorDetails } from '../errors.ts';
import type { Guardrails, GuardrailVerdict } from '../guardrail.ts';
import { type Job, LOG_LEVELS, type LogLevel } from '../job.ts';
import { CANCEL_REASONS, type CancelReason, type GuardrailStage } from '../refusal.ts';
import type { Workflow } from '../workflow.ts';
import { isGenuine } from './workflow-state.ts';

const STAGES: readonly GuardrailStage[] = ['admission', 'input', 'output'];
const REASONS: ReadonlySet<string> = new Set(Object.values(CANCEL_REASONS));
const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);
const ALIAS = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The longest delay a Node timer keeps (2^31 - 1 ms); past it Node fires after 1 ms instead. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

// ---- createDispatcher -------------------------------------------------------------------------

interface CheckedOptions {
  readonly maxRunning: number;
  readonly maxQueued: number;
  readonly maxJobsPerWorkflow: number;
  readonly guardrails: Guardrails | undefined;
}

export function checkDispatcherOptions(
  options: unknown,
  defaultMaxJobsPerWorkflow: number,
): CheckedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new DispatcherError(
      'INVALID_OPTIONS',
      'The options of `createDispatcher` are not an object; pass `{ maxRunning, maxQueued }`.',
    );
  }
  const given = options as Record<string, unknown>;
  const maxRunning = checkBound(given.maxRunning, 'maxRunning', 1);
  const maxQueued = checkBound(given.maxQueued, 'maxQueued', 0);
  const maxJobsPerWorkflow = checkBound(
    given.maxJobsPerWorkflow ?? defaultMaxJobsPerWorkflow,
    'maxJobsPerWorkflow',
    1,
  );
  const guardrails = given.guardrails;
  checkGuardrails(guardrails, 'INVALID_OPTIONS', { option: 'guardrails' });
  return {
    maxRunning,
    maxQueued,
    maxJobsPerWorkflow,
    guardrails: guardrails as Guardrails | undefined,
  };
}

function checkBound(value: unknown, option: string, limit: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < limit) {
    throw new DispatcherError(
      'INVALID_OPTIONS',
      `\`${option}\` is not an integer of at least ${limit}; give it a whole number no smaller.`,
      { option, limit },
    );
  }
  return value;
}

/**
 * Checks each stage as the dispatcher will read it (inherited properties included), so that no
 * list reaches a judge without having been checked here.
 */
function checkGuardrails(
  guardrails: unknown,
  code: 'INVALID_OPTIONS' | 'INVALID_JOB',
  where: DispatcherErrorDetails,
): void {
  if (guardrails === undefined) return;
  if (typeof guardrails !== 'object' || guardrails === null) {
    throw new DispatcherError(
      code,
      'The guardrails are not an object of stage lists; give `{ admission?, input?, output? }`.',
      where,
    );
  }
  for (const key of Object.keys(guardrails)) {
    if (!STAGES.includes(key as GuardrailStage)) {
      throw new DispatcherError(
        code,
        'The guardrails name a stage other than `admission`, `input` and `output`; remove it.',
        where,
      );
    }
  }
  for (const stage of STAGES) {
    const list: unknown = (guardrails as Record<string, unknown>)[stage];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      throw new DispatcherError(
        code,
        `The \`${stage}\` guardrails are not a list; give an array of \`{ name, judge }\`.`,
        { ...where, stage },
      );
    }
    for (const guardrail of list) {
      if (
        typeof guardrail !== 'object' ||
        guardrail === null ||
        typeof guardrail.name !== 'string' ||
        guardrail.name.length === 0 ||
        typeof guardrail.judge !== 'function'
      ) {
        throw new DispatcherError(
          code,
          `An \`${stage}\` guardrail lacks a non-empty \`name\` or a \`judge\` function; give it both.`,
          { ...where, stage },
        );
      }
    }
  }
}

// ---- jobs and workflows -----------------------------------------------------------------------

export function checkJob(job: unknown): asserts job is Job<unknown, unknown> {
  if (typeof job !== 'object' || job === null) {
    throw new DispatcherError(
      'INVALID_JOB',
      'A job is not an object; give `{ name, input, run }`.',
    );
  }
  const { name, run, scope, guardrails } = job as Partial<Job<unknown, unknown>>;
  if (typeof name !== 'string' || name.length === 0) {
    throw new DispatcherError('INVALID_JOB', 'A job has no `name`; give it a non-empty string.');
  }
  if (typeof run !== 'function') {
    throw new DispatcherError('INVALID_JOB', 'A job has no `run` function; give it one.', {
      job: name,
    });
  }
  if (scope !== undefined) {
    if (!Array.isArray(scope) || scope.some((entry) => typeof entry !== 'string')) {
      throw new DispatcherError(
        'INVALID_JOB',
        'The `scope` of a job is not a list of job names; give an array of strings.',
        { job: name },
      );
    }
  }
  checkGuardrails(guardrails, 'INVALID_JOB', { job: name });
}

/** A workflow made by `Workflow.root`: `instanceof` alone admits `Object.create(Workflow.prototype)`. */
export function checkSubmittedWorkflow(workflow: unknown): asserts workflow is Workflow {
  if (!isGenuine(workflow)) {
    throw new DispatcherError(
      'INVALID_WORKFLOW',
      'The workflow given to `submit` is not one `Workflow.root` made; create it with `Workflow.root(principal, origin)`.',
    );
  }
}

/** A workflow made by `Workflow.root` or a workflow id; the answer says which. */
export function checkCancelTarget(target: unknown): 'workflow' | 'id' {
  if (typeof target === 'string') return 'id';
  if (isGenuine(target)) return 'workflow';
  throw new DispatcherError(
    'INVALID_WORKFLOW',
    'The target of `cancelWorkflow` is neither a workflow `Workflow.root` made nor a workflow id; pass one of them.',
  );
}

export function checkCancelReason(reason: unknown): asserts reason is CancelReason {
  if (typeof reason !== 'string' || !REASONS.has(reason)) {
    throw new DispatcherError(
      'INVALID_CANCEL_REASON',
      'The reason given to `cancelWorkflow` is not one of `CANCEL_REASONS`; pass one of them.',
    );
  }
}

export function checkRoot(principal: unknown, origin: unknown): void {
  if (typeof principal !== 'string' || principal.length === 0) {
    throw new DispatcherError(
      'INVALID_PRINCIPAL',
      '`Workflow.root` is given no principal; pass the non-empty name of who the workflow runs for.',
    );
  }
  if (typeof origin !== 'string' || origin.length === 0) {
    throw new DispatcherError(
      'INVALID_PRINCIPAL',
      '`Workflow.root` is given no origin; pass the non-empty name of where the call comes from.',
    );
  }
}

// ---- submit options ---------------------------------------------------------------------------

export function checkSubmitOptions(
  options: unknown,
): asserts options is SubmitOptions | null | undefined {
  if (options === undefined || options === null) return;
  const { onReport, registry, timeoutMs } = options as Record<string, unknown>;
  if (onReport !== undefined && typeof onReport !== 'function') {
    throw new DispatcherError(
      'INVALID_SUBMIT_OPTIONS',
      '`onReport` is not a function; pass a function or leave it out.',
      { option: 'onReport' },
    );
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
      `\`timeoutMs\` is not a positive number of at most ${MAX_TIMEOUT_MS} milliseconds; pass a deadline in that range or none.`,
      { option: 'timeoutMs', limit: MAX_TIMEOUT_MS },
    );
  }
  if (
    registry !== undefined &&
    (typeof registry !== 'object' ||
      registry === null ||
      typeof (registry as { register?: unknown }).register !== 'function')
  ) {
    throw new DispatcherError(
      'INVALID_SUBMIT_OPTIONS',
      '`registry` is not an artifact registry; pass one `createArtifactRegistry` made or leave it out.',
      { option: 'registry' },
    );
  }
}

// ---- verdicts ---------------------------------------------------------------------------------

/** The arguments of `refuse`. */
export function checkRefusalVerdict(text: unknown, correctable: unknown): void {
  if (typeof text !== 'string' || text.trim().length === 0) {
    throw new DispatcherError(
      'INVALID_VERDICT',
      'A guardrail refusal has no text; give `refuse` the words a model should read.',
    );
  }
  if (typeof correctable !== 'boolean') {
    throw new DispatcherError(
      'INVALID_VERDICT',
      'A guardrail refusal has no boolean `correctable`; say whether a corrected input may succeed.',
    );
  }
}

/** What a guardrail answered: `ADMIT`, or a refusal with words and a boolean `correctable`. */
export function checkVerdict(
  verdict: unknown,
  stage: GuardrailStage,
  guardrail: string,
  job: string,
): asserts verdict is GuardrailVerdict {
  if (typeof verdict === 'object' && verdict !== null) {
    const { ok, text, correctable } = verdict as Record<string, unknown>;
    if (ok === true) return;
    if (
      ok === false &&
      typeof text === 'string' &&
      text.trim().length > 0 &&
      typeof correctable === 'boolean'
    ) {
      return;
    }
  }
  throw new DispatcherError(
    'INVALID_VERDICT',
    'A guardrail answers something other than `ADMIT` or `refuse(text, correctable)`; return one of them.',
    { stage, guardrail, job },
  );
}

// ---- reports ----------------------------------------------------------------------------------

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function checkProgress(
  progress: unknown,
  total: unknown,
  message: unknown,
  job: string,
): void {
  if (!isCount(progress)) {
    throw new DispatcherError(
      'INVALID_REPORT',
      'A job reports a progress that is not a finite non-negative number; report a count of 0 or more.',
      { job },
    );
  }
  if (total !== undefined && !isCount(total)) {
    throw new DispatcherError(
      'INVALID_REPORT',
      'A job reports a total that is not a finite non-negative number; report a count of 0 or more, or none.',
      { job },
    );
  }
  if (message !== undefined && typeof message !== 'string') {
    throw new DispatcherError(
      'INVALID_REPORT',
      'A job reports a progress message that is not a string; pass a string or none.',
      { job },
    );
  }
}

export function checkLog(level: unknown, message: unknown, job: string): asserts level is LogLevel {
  if (typeof level !== 'string' || !LEVELS.has(level)) {
    throw new DispatcherError(
      'INVALID_REPORT',
      'A job logs at a level outside `LOG_LEVELS`; use one of them.',
      { job },
    );
  }
  if (typeof message !== 'string') {
    throw new DispatcherError(
      'INVALID_REPORT',
      'A job logs a message that is not a string; pass a string.',
      { job },
    );
  }
}

// ---- artifact types ---------------------------------------------------------------------------

export function checkArtifactType(alias: unknown, type: unknown): void {
  if (typeof alias !== 'string' || !ALIAS.test(alias)) {
    throw new ArtifactError(
      'INVALID_ALIAS',
      'An artifact type alias does not start with a letter or holds characters other than letters, digits, `_`, `.` and `-`; choose one that does not.',
    );
  }
  if (typeof type !== 'function' || typeof type.prototype !== 'object' || type.prototype === null) {
    throw new ArtifactError(
      'INVALID_ALIAS',
      'An artifact type has no class; pass the class its artifacts are made from.',
      { alias },
    );
  }
}

export function checkArtifactTypes(types: unknown): asserts types is readonly unknown[] {
  if (!Array.isArray(types)) {
    throw new ArtifactError(
      'INVALID_ALIAS',
      '`createArtifactRegistry` is given no list of artifact types; pass an array of `defineArtifactType` results.',
    );
  }
}
