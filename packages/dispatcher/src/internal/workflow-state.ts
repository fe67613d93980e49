import type { CancelReason } from '../refusal.ts';
import type { Workflow } from '../workflow.ts';

/**
 * The cancel mark of every workflow object, kept beside it (not on it) so only the dispatcher can
 * set it; weak, so a mark lives exactly as long as its workflow.
 */
const marks = new WeakMap<object, CancelReason>();

/** Every workflow `Workflow.root` made: `instanceof` alone admits `Object.create(Workflow.prototype)`. */
const genuine = new WeakSet<object>();

export function markGenuine(workflow: object): void {
  genuine.add(workflow);
}

export function isGenuine(value: unknown): value is Workflow {
  return typeof value === 'object' && value !== null && genuine.has(value);
}

export function markCancelled(workflow: object, reason: CancelReason): void {
  if (!marks.has(workflow)) marks.set(workflow, reason);
}

export function cancelMark(workflow: object): CancelReason | undefined {
  return marks.get(workflow);
}
