/**
 * The `tools/call` and `tools/list` handlers installed on the SDK's `Server`. They read what the
 * interposer judged from its connection's table of requests in flight, by the request's id
 * (nothing resolves twice), and enforce nothing
 * themselves: a call is converted to its declared types, becomes the root job of a new workflow
 * under the consumer, and is submitted through the dispatcher with the server's deadline; the
 * client's cancel and its going away cancel that workflow as a whole.
 */
import type { ServerContext, ServerNotification } from '@modelcontextprotocol/server';
import { logsInfo } from '../logger.ts';
import { CALL_OUTCOMES, CORRECTABLE_META_KEY } from '../texts.ts';
import type { CallRequest, Connection, InputRequest } from './connection.ts';
import { holdsBigInt } from './conversion.ts';
import type { ServerCore } from './core.ts';
import type { RequestId } from './jsonrpc.ts';
import { type CallResult, type Rendered, render, systemError } from './outcome.ts';
import { shapeOf } from './shape.ts';
import { LOG_LEVELS, type LogLevel } from './siblings/catalog.ts';
import {
  type CancelReason,
  createArtifactRegistry,
  type Guardrails,
  type JobContext,
  type JobReport,
  Workflow,
} from './siblings/dispatcher.ts';
import { type RateLimitRefusal, RETRY_AFTER_META_KEY } from './siblings/limits.ts';
import { conform } from './siblings/schema.ts';
import { toJson } from './to-json.ts';
import { type CallScope, runTool } from './tool-context.ts';
import { endCallSpan, startCallSpan, withSpan } from './tracing.ts';

/** What the handlers read of the SDK's handler context: the request id, and how to notify. */
interface HandlerExtra {
  readonly requestId: RequestId;
  sendNotification(notification: ServerNotification): Promise<void>;
}

function extraOf(ctx: ServerContext): HandlerExtra {
  return {
    requestId: ctx.mcpReq.id,
    sendNotification: (notification) => ctx.mcpReq.notify(notification),
  };
}

const SEVERITY = new Map<string, number>(LOG_LEVELS.map((level, index) => [level, index]));

function severity(level: LogLevel): number {
  return SEVERITY.get(level) ?? 0;
}

/** The `tools/list` handler: the interposer's listing for the request's consumer and dialect. */
export function listHandler(core: ServerCore, connection: Connection) {
  return (_request: unknown, ctx: ServerContext) => {
    const request = connection.request(ctx.mcpReq.id);
    if (request?.kind !== 'list') return { tools: [] };
    return { tools: core.listFor(request.consumer, request.dialect, request.scopes) };
  };
}

function notify(extra: HandlerExtra, notification: ServerNotification): void {
  extra.sendNotification(notification).catch(() => undefined);
}

function forwarder(call: CallRequest, extra: HandlerExtra) {
  return (report: JobReport): void => {
    if (report.kind === 'progress') {
      // The root job's progress alone: MCP requires progress to increase per request.
      if (call.progressToken === undefined || report.job.depth !== 0) return;
      notify(extra, {
        method: 'notifications/progress',
        params: {
          progressToken: call.progressToken,
          progress: report.progress,
          ...(report.total === undefined ? {} : { total: report.total }),
          ...(report.message === undefined ? {} : { message: report.message }),
        },
      });
      return;
    }
    const wanted = call.logLevel;
    if (wanted === undefined || severity(report.level) < severity(wanted)) return;
    let data: unknown = report.message;
    if (report.data !== undefined) {
      try {
        data = { message: report.message, data: toJson(report.data) };
      } catch {
        data = report.message;
      }
    }
    notify(extra, {
      method: 'notifications/message',
      params: { level: report.level, logger: report.job.name, data },
    });
  };
}

/** The job a call submits: its `run` a method (the dispatcher calls `job.run(context)`), not a closure. */
class CallJob implements CallScope {
  readonly name: string;
  readonly input: unknown;
  declare readonly scope?: readonly string[];
  declare readonly guardrails?: Guardrails;
  readonly core: ServerCore;
  readonly call: CallRequest;
  readonly requestId: RequestId;

  constructor(core: ServerCore, call: CallRequest, requestId: RequestId, input: unknown) {
    this.name = call.tool.name;
    this.input = input;
    this.core = core;
    this.call = call;
    this.requestId = requestId;
    const { scope } = call.tool.entry.definition;
    if (scope !== undefined) (this as { scope?: readonly string[] }).scope = scope;
    const { guardrails } = call.tool;
    if (guardrails !== undefined) (this as { guardrails?: Guardrails }).guardrails = guardrails;
  }

  run(job: JobContext): unknown {
    return runTool(this, this.call.tool.entry.definition, job);
  }
}

/** The limiter's refusal as a result: its constant text and wait, nothing of the call. */
function limited(refusal: RateLimitRefusal, core: ServerCore, call: CallRequest): Rendered {
  core.logger.info(
    { event: 'rate_limited', tool: call.tool.name, consumer: call.consumer, bound: refusal.bound },
    'A call was refused by the rate limiter.',
  );
  return {
    result: {
      content: [{ type: 'text', text: refusal.text }],
      isError: true,
      _meta: { [CORRECTABLE_META_KEY]: false, [RETRY_AFTER_META_KEY]: refusal.retryAfterMs },
    },
    outcome: CALL_OUTCOMES.RATE_LIMITED,
  };
}

async function run(core: ServerCore, call: CallRequest, extra: HandlerExtra): Promise<Rendered> {
  // Checked once the consumer and the tool are known and granted, before anything is converted
  // or dispatched: a limited call costs nothing more.
  if (core.rateLimiter !== undefined) {
    let decision = core.rateLimiter.check(call.consumer, call.tool.name);
    if ('then' in decision) decision = await decision;
    if (!decision.ok) return limited(decision.refusal, core, call);
  }
  const definition = call.tool.entry.definition;
  // Arguments already in their declared types are handed over as admitted (see conversion.ts).
  const conversion = call.tool.conversion;
  const converted =
    conversion === 'always' || (conversion === 'bigint' && holdsBigInt(call.arguments))
      ? conform(definition.input, call.arguments)
      : ({ ok: true, value: call.arguments } as const);
  if (!converted.ok) {
    core.logger.error(
      {
        event: 'conform_failed',
        tool: call.tool.name,
        path: converted.refusal.path,
        type: converted.refusal.type,
      },
      'Admitted arguments could not be converted to their declared types.',
    );
    return systemError();
  }
  const workflow = Workflow.root(call.consumer, 'mcp');
  // The client's cancel and its going away reach the call through the interposer, which sees the
  // cancel before the SDK and the transport closing before the SDK aborts its handlers.
  call.onCancel((reason: CancelReason) => {
    core.dispatcher.cancelWorkflow(workflow, reason);
  });
  const registry =
    definition.registryAware || core.artifactTypes.length > 0
      ? createArtifactRegistry(core.artifactTypes)
      : undefined;
  const onReport = forwarder(call, extra);
  const outcome = await core.dispatcher.submit(
    new CallJob(core, call, extra.requestId, converted.value),
    workflow,
    registry === undefined
      ? { timeoutMs: core.callTimeoutMs, onReport }
      : { timeoutMs: core.callTimeoutMs, onReport, registry },
  );
  if (call.pending !== undefined) return inputRequired(core, call, call.pending);
  return render(outcome, call.tool, registry, core.logger);
}

/**
 * A modern call whose tool asked for input it did not have: the requests, and the sealed state
 * carrying every answer so far, for the client's retry.
 */
async function inputRequired(
  core: ServerCore,
  call: CallRequest,
  pending: Record<string, InputRequest>,
): Promise<Rendered> {
  // Only the answers the tool took are carried on: a key it never asked is not sealed.
  const given = call.modern?.state.answers ?? {};
  const answers: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const key of call.answered) if (Object.hasOwn(given, key)) answers[key] = given[key]!;
  const state = { answers, asked: Object.keys(pending) };
  const requestState = await core.states.seal(state, {
    consumer: call.consumer,
    tool: call.tool.name,
    arguments: call.arguments,
  });
  const result = { resultType: 'input_required', inputRequests: pending, requestState };
  return { result: result as unknown as CallResult, outcome: CALL_OUTCOMES.INPUT_REQUIRED };
}

/** The `tools/call` handler. Never throws: every failure is one `isError` result. */
export function callHandler(core: ServerCore, connection: Connection) {
  return async (_request: unknown, ctx: ServerContext): Promise<CallResult> => {
    const call = connection.request(ctx.mcpReq.id);
    const extra = extraOf(ctx);
    // Not in flight: cancelled (or answered by a stopping server) before its handler ran; the
    // SDK sends nothing for it.
    if (call === undefined) return systemError().result;
    if (call.kind !== 'call') {
      core.logger.error({ event: 'handler_defect' }, 'A tools/call reached its handler unjudged.');
      return systemError().result;
    }
    const span = startCallSpan(core.tracer, call.tool.name, call.consumer, call.trace);
    // The generic failure is made only when it is needed (no call ended in it yet).
    let rendered: Rendered | undefined;
    try {
      rendered = await withSpan(span, run, core, call, extra);
    } catch (error) {
      core.logger.error(
        { event: 'handler_defect', tool: call.tool.name, error: (error as Error)?.name },
        'The call handler failed.',
      );
    } finally {
      rendered ??= systemError();
      call.release();
      const durationMs = performance.now() - call.receivedAt;
      endCallSpan(span, rendered.outcome, durationMs);
      if (logsInfo(core.logger)) {
        core.logger.info(
          {
            event: 'call',
            tool: call.tool.name,
            consumer: call.consumer,
            dialect: call.dialect,
            outcome: rendered.outcome,
            durationMs: Math.round(durationMs * 1000) / 1000,
            arguments: shapeOf(call.arguments),
          },
          'tools/call answered.',
        );
      }
    }
    // Answered `-32021` by the interposer, in its words: the SDK only sees that the call failed.
    if (call.settleCapability(rendered.result.isError === true)) {
      throw new Error('A client capability is missing.');
    }
    return rendered.result;
  };
}
