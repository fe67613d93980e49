import {
  type BusyBound,
  type BusyRefusal,
  CANCEL_REASONS,
  type CancelledRefusal,
  type CancelReason,
  type GuardrailRefusal,
  type GuardrailStage,
  REFUSAL_TEXTS,
  type SealedScopeRefusal,
} from '../refusal.ts';

function busy(bound: BusyBound): BusyRefusal {
  return Object.freeze({
    kind: 'busy',
    bound,
    text: REFUSAL_TEXTS.busy[bound],
    correctable: false,
  });
}

export const BUSY: Readonly<Record<BusyBound, BusyRefusal>> = Object.freeze({
  queue: busy('queue'),
  workflow: busy('workflow'),
});

export const CANCELLED = Object.freeze(
  Object.fromEntries(
    Object.values(CANCEL_REASONS).map((reason) => [
      reason,
      Object.freeze({
        kind: 'cancelled',
        reason,
        text: REFUSAL_TEXTS.cancelled[reason],
        correctable: false,
      }),
    ]),
  ),
) as Readonly<Record<CancelReason, CancelledRefusal>>;

export function sealedScope(allowed: readonly string[]): SealedScopeRefusal {
  const names = Object.freeze([...allowed].sort());
  return Object.freeze({
    kind: 'sealed_scope',
    allowed: names,
    text: REFUSAL_TEXTS.sealedScope(names),
    correctable: true,
  });
}

export function guardrailRefusal(
  stage: GuardrailStage,
  guardrail: string,
  text: string,
  correctable: boolean,
): GuardrailRefusal {
  return Object.freeze({ kind: 'guardrail', stage, guardrail, text, correctable });
}
