import type { CancelReason } from '../refusal.ts';

/**
 * The cancel mark of every workflow object, kept beside it (not on it) so only the dispatcher can
 * set it; weak, so a mark lives exactly as long as its workflow.
 */
const marks = new WeakMap<object, CancelReason>();

export function markCancelled(workflow: object, reason: CancelReason): void {
  if (!marks.has(workflow)) marks.set(workflow, reason);
}

export function cancelMark(workflow: object): CancelReason | undefined {
  return marks.get(workflow);
}
