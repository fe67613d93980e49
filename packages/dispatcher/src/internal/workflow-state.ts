import type { CancelReason } from '../refusal.ts';
import type { Workflow } from '../workflow.ts';

/**
 * What only the dispatcher may read or set on a workflow: whether `Workflow.root` made it, and the
 * reason it was cancelled with. Both live in the workflow's private state (a frozen object's private
 * fields stay writable, and no one else can reach them); `workflow.ts` binds these accessors when
 * it loads. Until then no workflow exists, so nothing is genuine.
 */
interface WorkflowState {
  isGenuine(value: unknown): value is Workflow;
  cancelMark(workflow: Workflow): CancelReason | undefined;
  markCancelled(workflow: Workflow, reason: CancelReason): void;
}

let state: WorkflowState = {
  isGenuine: (_value: unknown): _value is Workflow => false,
  cancelMark: () => undefined,
  markCancelled: () => undefined,
};

/** Called once, by the `Workflow` class as it is defined. */
export function bindWorkflowState(bound: WorkflowState): void {
  state = bound;
}

/** Every workflow `Workflow.root` made: `instanceof` alone admits `Object.create(Workflow.prototype)`. */
export function isGenuine(value: unknown): value is Workflow {
  return state.isGenuine(value);
}

/** Marks a workflow cancelled; the first reason stays. */
export function markCancelled(workflow: Workflow, reason: CancelReason): void {
  state.markCancelled(workflow, reason);
}

export function cancelMark(workflow: Workflow): CancelReason | undefined {
  return state.cancelMark(workflow);
}
