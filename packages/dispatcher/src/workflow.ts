import { randomUUID } from 'node:crypto';
import { checkRoot } from './internal/validate.ts';
import { bindWorkflowState } from './internal/workflow-state.ts';
import type { CancelReason } from './refusal.ts';

/**
 * Who a workflow runs for: the name every admission guardrail judges. The dispatcher knows no MCP;
 * a Portcullis server passes the MCP consumer here, resolved from credentials, never taken from a
 * request body.
 */
export type Principal = string;

/**
 * One call and everything it sets off. A workflow is created as a root for a principal and an
 * origin (`Workflow.root(consumer, 'mcp')`); every job submitted with it or spawned inside it, to
 * any depth, belongs to it, so `cancelWorkflow` ends all of them together. Once cancelled, a
 * workflow stays cancelled: a job submitted or spawned into it later is refused at once.
 */
export class Workflow {
  /** Unique across processes (a random UUID), so a host can key its own tables on it. */
  readonly id: string;
  readonly principal: Principal;
  /** Where the call came from (`'mcp'`, `'http'`, a scheduler name): ours, for logs and guardrails. */
  readonly origin: string;
  /** The cancel mark: private, so only the dispatcher (through `workflow-state.ts`) sets it, and its presence is the brand of a genuine workflow. */
  #cancelled: CancelReason | undefined = undefined;

  static {
    bindWorkflowState({
      isGenuine: (value: unknown): value is Workflow =>
        typeof value === 'object' && value !== null && #cancelled in value,
      cancelMark: (workflow) => workflow.#cancelled,
      markCancelled: (workflow, reason) => {
        workflow.#cancelled ??= reason;
      },
    });
  }

  private constructor(principal: Principal, origin: string) {
    this.id = randomUUID();
    this.principal = principal;
    this.origin = origin;
    Object.freeze(this);
  }

  /** A new root workflow. Throws `DispatcherError` `INVALID_PRINCIPAL` for an empty or non-string principal or origin. */
  static root(principal: Principal, origin: string): Workflow {
    checkRoot(principal, origin);
    return new Workflow(principal, origin);
  }

  /** The reason this workflow was cancelled with, or `undefined` while it is not cancelled. */
  get cancelled(): CancelReason | undefined {
    return #cancelled in this ? this.#cancelled : undefined;
  }
}
