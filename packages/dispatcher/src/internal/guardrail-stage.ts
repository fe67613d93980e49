import type {
  AdmissionGuardrail,
  GuardrailSubject,
  GuardrailVerdict,
  InputGuardrail,
  MaybePromise,
  OutputGuardrail,
} from '../guardrail.ts';
import type { GuardrailRefusal, GuardrailStage } from '../refusal.ts';
import type { JobRecord } from './job-record.ts';
import { isPromiseLike } from './promise.ts';
import { guardrailRefusal } from './refusals.ts';
import { checkVerdict } from './validate.ts';

/** The dispatcher's own guardrails, each stage a list (empty when none). */
export interface SharedGuardrails {
  readonly admission: readonly AdmissionGuardrail[];
  readonly input: readonly InputGuardrail[];
  readonly output: readonly OutputGuardrail[];
}

type AnyGuardrail = AdmissionGuardrail | InputGuardrail | OutputGuardrail;

/**
 * Runs one stage for a running record: the dispatcher's guardrails of the stage, then the job's,
 * in order. `value` is what the stage judges beside the subject (the input, the output; nothing
 * at admission). Synchronous until a guardrail answers with a promise. Answers the first refusal,
 * or `undefined` when every guardrail admitted or the record stopped running meanwhile (a cancel);
 * a guardrail that throws or answers outside the vocabulary throws.
 */
export function runStage(
  record: JobRecord,
  shared: SharedGuardrails,
  stage: GuardrailStage,
  value: unknown,
): MaybePromise<GuardrailRefusal | undefined> {
  const own = record.job.guardrails?.[stage];
  const first = shared[stage];
  const guardrails: readonly AnyGuardrail[] =
    own === undefined || own.length === 0 ? first : first.length === 0 ? own : [...first, ...own];
  if (guardrails.length === 0) return undefined;
  return judgeFrom(record, guardrails, 0, stage, value);
}

function judgeFrom(
  record: JobRecord,
  guardrails: readonly AnyGuardrail[],
  from: number,
  stage: GuardrailStage,
  value: unknown,
): MaybePromise<GuardrailRefusal | undefined> {
  record.subject ??= subjectOf(record);
  const subject = record.subject;
  for (let i = from; i < guardrails.length; i++) {
    if (record.state !== 'running') return undefined;
    const guardrail = guardrails[i]!;
    const verdict =
      stage === 'admission'
        ? (guardrail as AdmissionGuardrail).judge(subject)
        : (guardrail as InputGuardrail).judge(value, subject);
    if (isPromiseLike<GuardrailVerdict>(verdict)) {
      return Promise.resolve(verdict).then(
        (answer) =>
          readVerdict(record, answer, stage, guardrail.name) ??
          judgeFrom(record, guardrails, i + 1, stage, value),
      );
    }
    const refusal = readVerdict(record, verdict, stage, guardrail.name);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

function readVerdict(
  record: JobRecord,
  verdict: unknown,
  stage: GuardrailStage,
  name: string,
): GuardrailRefusal | undefined {
  checkVerdict(verdict, stage, name, record.info.name);
  return verdict.ok ? undefined : guardrailRefusal(stage, name, verdict.text, verdict.correctable);
}

/** Frozen, so that no guardrail can change what the next one judges. */
function subjectOf(record: JobRecord): GuardrailSubject {
  return Object.freeze({
    principal: record.workflow.principal,
    origin: record.workflow.origin,
    workflow: record.workflow,
    jobName: record.info.name,
    depth: record.info.depth,
  });
}
