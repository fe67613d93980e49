/**
 * An upstream's `input_required` (2026-07-28): each input request it embeds is asked of our caller
 * through the call's own context (`elicit`, `sample`, `listRoots`), so the caller's reply is read
 * and judged by the tool server before anything of it goes upstream: an elicitation's content
 * against the upstream's form closed for our gate, a model's reply to the shape the protocol
 * defines. A request the gateway cannot relay, or one the caller cannot or did not answer, ends the
 * call with one of our texts.
 */

import { createHash } from 'node:crypto';
import { TOOL_LOG_LEVELS, type ToolContext, type ToolLogLevel } from '@portcullis/catalog';
import {
  type ClientReply,
  type ClientRequests,
  type SamplingRequest,
  ToolError,
} from '@portcullis/server';
import type { TObject } from 'typebox';
import { closeForeignSchema } from './foreign-schema.ts';
import { GATEWAY_TEXTS } from './texts.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The most rounds of `input_required` one upstream call may take. */
export const MAX_INPUT_ROUNDS = 8;

/**
 * The key a question is asked under: where it came (the round and the upstream's key, or its
 * place among the upstream's requests) and a digest of the question itself. A caller's answer is
 * kept by key across the rounds of a call, so a different question in the same place (the upstream
 * asking under one key "staging?" and then "production?") is asked afresh, never answered with the
 * answer to the other.
 */
function askKey(place: string, entry: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(entry)).digest('base64url');
  return `${place}:${digest.slice(0, 22)}`;
}

/** The reply taken, or the call ended with our text for why not. */
function taken<T>(reply: ClientReply<T>): T {
  if (reply.ok) return reply.value;
  if (reply.refusal.code === 'CANCELLED') {
    throw new ToolError(GATEWAY_TEXTS.cancelled, { correctable: false });
  }
  throw new ToolError(GATEWAY_TEXTS.inputNotGiven(reply.refusal.text), { correctable: false });
}

function notRelayable(): ToolError {
  return new ToolError(GATEWAY_TEXTS.inputNotRelayable, { correctable: false });
}

/** The upstream's elicitation form as a schema of our vocabulary, or undefined when it is not one. */
function formOf(requested: unknown): TObject | undefined {
  if (!isObject(requested)) return undefined;
  const { $schema: _dialect, ...form } = requested;
  try {
    const schema = closeForeignSchema(form);
    return (schema as { type?: unknown }).type === 'object' ? (schema as TObject) : undefined;
  } catch {
    return undefined;
  }
}

const SAMPLING_KEYS = new Set([
  'messages',
  'maxTokens',
  'systemPrompt',
  'temperature',
  'stopSequences',
  'includeContext',
  'modelPreferences',
  'metadata',
]);

/** The upstream's sampling request as ours; `metadata` is the upstream's, not passed on. */
function samplingOf(params: Json): SamplingRequest | undefined {
  if (Object.keys(params).some((key) => !SAMPLING_KEYS.has(key) && key !== '_meta')) {
    return undefined;
  }
  const { metadata: _metadata, _meta, ...request } = params;
  return request as unknown as SamplingRequest;
}

async function relayOne(key: string, entry: unknown, context: ClientRequests): Promise<unknown> {
  if (!isObject(entry) || typeof entry['method'] !== 'string') throw notRelayable();
  const params = isObject(entry['params']) ? entry['params'] : {};
  const options = { key };
  switch (entry['method']) {
    case 'elicitation/create': {
      const mode = params['mode'] ?? 'form';
      const form = mode === 'form' ? formOf(params['requestedSchema']) : undefined;
      if (form === undefined || typeof params['message'] !== 'string') throw notRelayable();
      let reply: Awaited<ReturnType<ClientRequests['elicit']>>;
      try {
        reply = await context.elicit(params['message'], form, options);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        // The tool server refuses a form outside the fields MCP defines.
        throw notRelayable();
      }
      const answer = taken(reply) as { action: string; content?: unknown };
      return answer.action === 'accept'
        ? { action: 'accept', content: answer.content }
        : { action: answer.action };
    }
    case 'sampling/createMessage': {
      const request = samplingOf(params);
      if (request === undefined) throw notRelayable();
      let reply: Awaited<ReturnType<ClientRequests['sample']>>;
      try {
        reply = await context.sample(request, options);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        throw notRelayable();
      }
      const answer = taken(reply);
      return {
        role: answer.role,
        content: answer.content,
        model: answer.model,
        ...(answer.stopReason === undefined ? {} : { stopReason: answer.stopReason }),
      };
    }
    case 'roots/list':
      return { roots: taken(await context.listRoots(options)) };
    default:
      throw notRelayable();
  }
}

/**
 * Asks our caller every input request of one upstream `input_required` result, one after the
 * other in the upstream's order, and gives the responses to send back upstream.
 */
export async function relayInputRequests(
  inputRequests: unknown,
  round: number,
  context: ClientRequests,
): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  if (inputRequests === undefined) return responses;
  if (!isObject(inputRequests)) throw notRelayable();
  for (const [key, entry] of Object.entries(inputRequests)) {
    responses[key] = await relayOne(askKey(`upstream:${round}:${key}`, entry), entry, context);
  }
  return responses;
}

/** A call running upstream, as an upstream's requests and log messages to the gateway reach it. */
export interface RunningCall {
  /** The consumer the call is made for. */
  readonly consumer: string;
  readonly asks: ClientRequests;
  readonly log: ToolContext['log'];
  /** How many requests the upstream has sent during this run of the call. */
  asked: number;
  /** Why the call must end, once a request of the upstream could not be answered. */
  failure: ToolError | undefined;
  /**
   * Set when the call ended before the upstream answered it (cancelled, past its deadline): the
   * upstream may still be at work on it, so what it sends may be this call's, and no call of
   * another consumer is given anything while it is here.
   */
  abandoned: boolean;
}

const LEVELS: ReadonlySet<unknown> = new Set(TOOL_LOG_LEVELS);

/**
 * The call what the upstream sends now belongs to: the one call running on it, provided no call it
 * may still be at work on (one that ended before it answered) is another consumer's. Otherwise
 * none: what it sends cannot be told to be that caller's.
 */
function soleCall(calls: ReadonlySet<RunningCall>): RunningCall | undefined {
  let live: RunningCall | undefined;
  for (const call of calls) {
    if (call.abandoned) continue;
    if (live !== undefined) return undefined;
    live = call;
  }
  if (live === undefined) return undefined;
  for (const call of calls) {
    if (call.abandoned && call.consumer !== live.consumer) return undefined;
  }
  return live;
}

/**
 * An upstream's log message (`notifications/message`). Like its requests it names no call, so it is
 * relayed, through the call's own log (at or above the level its caller asked for), only while
 * exactly one call runs on that upstream, and dropped otherwise. A text message is the message; any
 * other data goes as the data of a message of ours.
 */
export function relayUpstreamLog(calls: ReadonlySet<RunningCall>, params: unknown): void {
  const call = soleCall(calls);
  if (call === undefined || !isObject(params)) return;
  const level = params['level'];
  if (!LEVELS.has(level)) return;
  const data = params['data'];
  if (typeof data === 'string') call.log(level as ToolLogLevel, data);
  else call.log(level as ToolLogLevel, GATEWAY_TEXTS.upstreamLogged, data);
}

/**
 * A 2025-era upstream's request to the gateway's client (`elicitation/create`,
 * `sampling/createMessage`): the protocol does not say which call it belongs to, so it is relayed
 * only while exactly one call runs on that upstream, and no call of another consumer it may still
 * be at work on; otherwise the upstream is refused. A request
 * the caller cannot or did not answer refuses the upstream too, and ends the call with our text.
 */
export async function relayUpstreamRequest(
  calls: ReadonlySet<RunningCall>,
  method: string,
  params: unknown,
): Promise<Record<string, unknown>> {
  const call = soleCall(calls);
  if (call === undefined) {
    throw new Error(GATEWAY_TEXTS.upstreamRequestUnrouted);
  }
  call.asked += 1;
  try {
    return (await relayOne(
      `upstream-request:${call.asked}`,
      { method, params },
      call.asks,
    )) as Record<string, unknown>;
  } catch (error) {
    call.failure ??= error instanceof ToolError ? error : notRelayable();
    throw new Error(GATEWAY_TEXTS.upstreamRequestUnanswered);
  }
}
