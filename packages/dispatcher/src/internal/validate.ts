import { DispatcherError } from '../errors.ts';
import type { Job } from '../job.ts';
import { CANCEL_REASONS, type CancelReason, type GuardrailStage } from '../refusal.ts';

const STAGES: readonly GuardrailStage[] = ['admission', 'input', 'output'];

const REASONS: ReadonlySet<string> = new Set(Object.values(CANCEL_REASONS));

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && REASONS.has(value);
}

export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export function checkBound(value: unknown, name: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new DispatcherError('INVALID_OPTIONS', `${name} must be an integer of at least ${min}.`);
  }
  return value;
}

export function checkGuardrails(
  guardrails: unknown,
  where: string,
  code: 'INVALID_OPTIONS' | 'INVALID_JOB',
): void {
  if (guardrails === undefined) return;
  if (typeof guardrails !== 'object' || guardrails === null) {
    throw new DispatcherError(code, `${where}: guardrails must be an object of stage lists.`);
  }
  for (const key of Object.keys(guardrails)) {
    if (!STAGES.includes(key as GuardrailStage)) {
      throw new DispatcherError(
        code,
        `${where}: guardrail stages are admission, input and output only.`,
      );
    }
  }
  // Read each stage as the dispatcher will read it (inherited properties included), so that no
  // list reaches a judge without having been checked here.
  for (const stage of STAGES) {
    const list: unknown = (guardrails as Record<string, unknown>)[stage];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      throw new DispatcherError(code, `${where}: the ${stage} guardrails must be a list.`);
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
          `${where}: every ${stage} guardrail needs a non-empty name and a judge function.`,
        );
      }
    }
  }
}

export function checkJob(job: unknown): asserts job is Job<unknown, unknown> {
  if (typeof job !== 'object' || job === null) {
    throw new DispatcherError('INVALID_JOB', 'A job must be an object { name, input, run }.');
  }
  const { name, run, scope, guardrails } = job as Partial<Job<unknown, unknown>>;
  if (typeof name !== 'string' || name.length === 0) {
    throw new DispatcherError('INVALID_JOB', 'A job needs a non-empty name.');
  }
  if (typeof run !== 'function') {
    throw new DispatcherError('INVALID_JOB', `The job "${name}" needs a run function.`);
  }
  if (scope !== undefined) {
    if (!Array.isArray(scope) || scope.some((entry) => typeof entry !== 'string')) {
      throw new DispatcherError(
        'INVALID_JOB',
        `The scope of the job "${name}" must be a list of job names.`,
      );
    }
  }
  if (guardrails !== undefined) checkGuardrails(guardrails, `The job "${name}"`, 'INVALID_JOB');
}

export function joinGuardrails<T>(
  first: readonly T[] | undefined,
  second: readonly T[] | undefined,
): readonly T[] {
  if (first === undefined || first.length === 0) return second ?? [];
  if (second === undefined || second.length === 0) return first;
  return [...first, ...second];
}
