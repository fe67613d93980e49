/**
 * The context a tool's `run` receives, built on the dispatcher's job context: the catalog's
 * `ToolContext` (signal, progress, log, consumer), `invokedAsTool`, `dispatch` for a thinker or an
 * orchestrator (sub-jobs join the call's workflow, so they die with it), the call's artifact
 * registry for a registry-aware tool, and the client requests (`sample`, `elicit`).
 */
import type { ClientRequests } from '../client-requests.ts';
import { SERVER_ERROR_CODES, ServerError, ToolError } from '../errors.ts';
import { clientRequests } from './ask-client.ts';
import type { CallRequest } from './connection.ts';
import type { ServerCore } from './core.ts';
import type { RequestId } from './jsonrpc.ts';
import { type AnyToolDefinition, guardrailsOf } from './siblings/catalog.ts';
import type { JobContext } from './siblings/dispatcher.ts';
import { compileGate } from './siblings/gate.ts';
import { conform, type SchemaObject } from './siblings/schema.ts';

/** What every context of one call shares. */
export interface CallScope {
  readonly core: ServerCore;
  readonly call: CallRequest;
  readonly requestId: RequestId;
}

/** A sub-dispatch's input, judged against the tool's canonical document and converted. */
function admitted(
  core: ServerCore,
  name: string,
  input: unknown,
): { definition: AnyToolDefinition; input: unknown } {
  const entry = core.catalog.get(name);
  if (entry === undefined) {
    throw new ServerError(
      SERVER_ERROR_CODES.UNKNOWN_TOOL,
      'A tool dispatched a name its catalog does not hold. Dispatch only catalog tools.',
      { tool: name },
    );
  }
  const gate = compileGate(entry.canonicalInput as SchemaObject);
  const judged = gate!.judge(input);
  if (!judged.ok) throw new ToolError(judged.refusal.text, { correctable: true });
  const converted = conform(entry.definition.input, input);
  if (!converted.ok) throw new ToolError(converted.refusal.text, { correctable: true });
  return { definition: entry.definition, input: converted.value };
}

async function dispatch(
  scope: CallScope,
  parent: JobContext,
  name: string,
  input: unknown,
): Promise<unknown> {
  const sub = admitted(scope.core, name, input);
  const guardrails = guardrailsOf(sub.definition);
  const outcome = await parent.spawn({
    name,
    input: sub.input,
    ...(sub.definition.scope === undefined ? {} : { scope: sub.definition.scope }),
    ...(guardrails === undefined ? {} : { guardrails }),
    run: (child: JobContext) => runTool(scope, sub.definition, child),
  });
  switch (outcome.status) {
    case 'completed':
      return outcome.value;
    case 'refused':
      throw new ToolError(outcome.refusal.text, { correctable: outcome.refusal.correctable });
    case 'failed':
      throw outcome.error;
  }
}

/**
 * A served tool's context. A class rather than an object literal with a `signal` getter: a literal
 * with an accessor is built by the runtime's slow path on every call, a class instance is not. Its
 * functions are own properties (they keep working when taken off the context); `signal` is read
 * through the prototype, from the job, lazily.
 */
class ServedContext {
  readonly consumer: string;
  readonly invokedAsTool: boolean;
  readonly reportProgress: JobContext['reportProgress'];
  readonly log: JobContext['log'];
  readonly clientDeclares: ClientRequests['clientDeclares'];
  readonly sample: ClientRequests['sample'];
  readonly elicit: ClientRequests['elicit'];
  readonly listRoots: ClientRequests['listRoots'];
  declare dispatch?: (name: string, input: unknown) => Promise<unknown>;
  declare registry?: JobContext['registry'];
  readonly #job: JobContext;

  constructor(scope: CallScope, job: JobContext) {
    this.#job = job;
    this.consumer = job.principal;
    this.invokedAsTool = job.job.depth === 0;
    this.reportProgress = job.reportProgress;
    this.log = job.log;
    let asks: ClientRequests | undefined;
    const client = () => {
      asks ??= clientRequests(scope.call, scope.requestId, () => job.signal);
      return asks;
    };
    this.clientDeclares = (capability) => client().clientDeclares(capability);
    this.sample = (request, options) => client().sample(request, options);
    this.elicit = ((message, schema, options) =>
      client().elicit(message, schema, options)) as ClientRequests['elicit'];
    this.listRoots = (options) => client().listRoots(options);
  }

  get signal(): AbortSignal {
    return this.#job.signal;
  }
}

/** Builds `definition`'s context on `job` and runs it with the job's input. */
export function runTool(scope: CallScope, definition: AnyToolDefinition, job: JobContext): unknown {
  const context = new ServedContext(scope, job);
  if (definition.kind !== 'tool') {
    context.dispatch = (name: string, input: unknown) => dispatch(scope, job, name, input);
  }
  if (definition.registryAware && job.registry !== undefined) context.registry = job.registry;
  return (definition.run as (input: unknown, context: unknown) => unknown)(job.input, context);
}
