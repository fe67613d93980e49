import {
  type BusyBound,
  type BusyRefusal,
  CANCEL_REASONS,
  type CancelledRefusal,
  type CancelReason,
  DISPATCH_REFUSAL_TEXTS,
  type GuardrailRefusal,
  type GuardrailStage,
  type SealedScopeRefusal,
} from '../refusal.ts';

function busy(bound: BusyBound): BusyRefusal {
  return Object.freeze({
    code: 'BUSY',
    bound,
    text: DISPATCH_REFUSAL_TEXTS.busy[bound],
    correctable: false,
  });
}

/** The two busy refusals, made once: they carry nothing of the call. */
export const BUSY: Readonly<Record<BusyBound, BusyRefusal>> = Object.freeze({
  queue: busy('queue'),
  workflow: busy('workflow'),
});

/** One cancelled refusal per reason, made once. */
export const CANCELLED = Object.freeze(
  Object.fromEntries(
    Object.values(CANCEL_REASONS).map((reason) => [
      reason,
      Object.freeze({
        code: 'CANCELLED',
        reason,
        text: DISPATCH_REFUSAL_TEXTS.cancelled[reason],
        correctable: false,
      }),
    ]),
  ),
) as Readonly<Record<CancelReason, CancelledRefusal>>;

/** The refusal of a name outside a seal; lists the allowed names (ours), sorted, never the asked one. */
export function sealedScope(allowed: readonly string[]): SealedScopeRefusal {
  const names = Object.freeze([...allowed].sort());
  return Object.freeze({
    code: 'SEALED_SCOPE',
    allowed: names,
    text: DISPATCH_REFUSAL_TEXTS.sealedScope(names),
    correctable: true,
  });
}

export function guardrailRefusal(
  stage: GuardrailStage,
  guardrail: string,
  text: string,
  correctable: boolean,
): GuardrailRefusal {
  return Object.freeze({ code: 'GUARDRAIL', stage, guardrail, text, correctable });
}
