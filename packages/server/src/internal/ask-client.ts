/**
 * `sample`, `elicit` and `listRoots` for a call's tools: asked only when the client declared the capability,
 * sent as requests of the server's own (so the reply is taken before the SDK and read here), the
 * reply read strictly into fresh objects, and an elicitation's content judged by the gate against
 * the requested schema, then converted to its declared types (`elicitation.ts`).
 */
import {
  type AskOptions,
  CLIENT_REFUSAL_CODES,
  CLIENT_REFUSAL_TEXTS,
  type ClientCapability,
  type ClientRefusalCode,
  type ClientReply,
  type ClientRequests,
  type ElicitationReply,
  type Root,
  type SamplingContent,
  type SamplingReply,
  type SamplingRequest,
} from '../client-requests.ts';
import type { CallRequest, ClientAnswer } from './connection.ts';
import { elicitationOf, judgeContent } from './elicitation.ts';
import { isObject, own, type RequestId } from './jsonrpc.ts';

function refused(
  code: ClientRefusalCode,
  text?: string,
): { ok: false; refusal: { code: ClientRefusalCode; text: string } } {
  return { ok: false, refusal: { code, text: text ?? (CLIENT_REFUSAL_TEXTS[code] as string) } };
}

function declared(call: CallRequest, capability: ClientCapability): boolean {
  const capabilities = call.modern?.capabilities ?? call.connection.capabilities;
  const declaredCapability = capabilities?.[capability];
  if (!isObject(declaredCapability)) return false;
  if (capability !== 'elicitation') return true;
  // An empty `elicitation` object is form elicitation (2025-06-18); later revisions name `form`.
  return !Object.hasOwn(declaredCapability, 'url') || isObject(own(declaredCapability, 'form'));
}

function unanswered(answer: ClientAnswer) {
  if (answer.status === 'error') return refused(CLIENT_REFUSAL_CODES.CLIENT_ERROR);
  return refused(CLIENT_REFUSAL_CODES.CANCELLED);
}

function readContent(value: unknown): SamplingContent | undefined {
  if (!isObject(value)) return undefined;
  const type = own(value, 'type');
  if (type === 'text') {
    const text = own(value, 'text');
    return typeof text === 'string' ? { type, text } : undefined;
  }
  if (type === 'image' || type === 'audio') {
    const data = own(value, 'data');
    const mimeType = own(value, 'mimeType');
    return typeof data === 'string' && typeof mimeType === 'string'
      ? { type, data, mimeType }
      : undefined;
  }
  return undefined;
}

/** Reads a `sampling/createMessage` result strictly; `undefined` when it is not one. */
export function readSamplingReply(
  result: Readonly<Record<string, unknown>>,
): SamplingReply | undefined {
  const role = own(result, 'role');
  const model = own(result, 'model');
  const stopReason = own(result, 'stopReason');
  const content = readContent(own(result, 'content'));
  if (
    (role !== 'user' && role !== 'assistant') ||
    typeof model !== 'string' ||
    content === undefined
  ) {
    return undefined;
  }
  if (stopReason !== undefined && typeof stopReason !== 'string') return undefined;
  return { role, content, model, ...(stopReason === undefined ? {} : { stopReason }) };
}

/**
 * Asks the client: a legacy call sends a request of the server's own on its connection; a modern
 * call finds the answer among those its retry brought (keys `ask-1`, `ask-2`, ... in the order the
 * tool asks, the tool running again from the start on each retry), or else records the request
 * and stops, to be answered `input_required`.
 */
function ask(
  call: CallRequest,
  method: string,
  params: Readonly<Record<string, unknown>>,
  requestId: RequestId,
  signal: AbortSignal,
  options: AskOptions | undefined,
): Promise<ClientAnswer> {
  if (call.modern === undefined) return call.connection.ask(method, params, requestId, signal);
  call.asks += 1;
  const key = options?.key ?? `ask-${call.asks}`;
  const answer = Object.hasOwn(call.modern.state.answers, key)
    ? call.modern.state.answers[key]
    : undefined;
  if (answer !== undefined) {
    call.answered.add(key);
    return Promise.resolve({ status: 'result', result: answer });
  }
  call.requireInput(key, { method, params });
  return Promise.resolve({ status: 'cancelled' });
}

/** Reads a `roots/list` result strictly: `file://` URIs and string names only, freshly copied. */
export function readRoots(result: Readonly<Record<string, unknown>>): Root[] | undefined {
  const roots = own(result, 'roots');
  if (!Array.isArray(roots) || roots.length > MAX_ROOTS) return undefined;
  const read: Root[] = [];
  for (const root of roots) {
    if (!isObject(root)) return undefined;
    const uri = own(root, 'uri');
    const name = own(root, 'name');
    if (typeof uri !== 'string' || !uri.startsWith('file://') || uri.length > MAX_ROOT_TEXT) {
      return undefined;
    }
    if (name !== undefined && (typeof name !== 'string' || name.length > MAX_ROOT_TEXT)) {
      return undefined;
    }
    read.push(name === undefined ? { uri } : { uri, name });
  }
  return read;
}

/** At most this many roots, each URI and name at most this long, are taken from a client. */
const MAX_ROOTS = 1000;
const MAX_ROOT_TEXT = 4096;

/** The client requests of one call, asked on behalf of the call `requestId`. */
export function clientRequests(
  call: CallRequest,
  requestId: RequestId,
  signal: () => AbortSignal,
): ClientRequests {
  return {
    clientDeclares: (capability: ClientCapability) =>
      (capability === 'sampling' || capability === 'elicitation' || capability === 'roots') &&
      declared(call, capability),

    async sample(
      request: SamplingRequest,
      options?: AskOptions,
    ): Promise<ClientReply<SamplingReply>> {
      if (!declared(call, 'sampling')) {
        if (call.modern !== undefined) call.requireCapability('sampling');
        return refused(
          CLIENT_REFUSAL_CODES.NOT_DECLARED,
          CLIENT_REFUSAL_TEXTS.NOT_DECLARED('sampling'),
        );
      }
      const answer = await ask(
        call,
        'sampling/createMessage',
        request as unknown as Readonly<Record<string, unknown>>,
        requestId,
        signal(),
        options,
      );
      if (answer.status !== 'result') return unanswered(answer);
      const reply = readSamplingReply(answer.result);
      return reply === undefined
        ? refused(CLIENT_REFUSAL_CODES.MALFORMED_REPLY)
        : { ok: true, value: reply };
    },

    async elicit(message, schema, options?: AskOptions) {
      const elicitation = elicitationOf(schema);
      if (!declared(call, 'elicitation')) {
        if (call.modern !== undefined) call.requireCapability('elicitation');
        return refused(
          CLIENT_REFUSAL_CODES.NOT_DECLARED,
          CLIENT_REFUSAL_TEXTS.NOT_DECLARED('elicitation'),
        );
      }
      const answer = await ask(
        call,
        'elicitation/create',
        { mode: 'form', message, requestedSchema: elicitation.requested },
        requestId,
        signal(),
        options,
      );
      if (answer.status !== 'result') return unanswered(answer);
      const action = own(answer.result, 'action');
      if (action === 'decline' || action === 'cancel') return { ok: true, value: { action } };
      if (action !== 'accept') return refused(CLIENT_REFUSAL_CODES.MALFORMED_REPLY);
      const judged = judgeContent(elicitation, own(answer.result, 'content'));
      if (!judged.ok) return refused(CLIENT_REFUSAL_CODES.NOT_CONFORMING);
      const value = { action: 'accept', content: judged.value } as ElicitationReply<never>;
      return { ok: true, value };
    },

    async listRoots(options?: AskOptions): Promise<ClientReply<readonly Root[]>> {
      if (!declared(call, 'roots')) {
        if (call.modern !== undefined) call.requireCapability('roots');
        return refused(
          CLIENT_REFUSAL_CODES.NOT_DECLARED,
          CLIENT_REFUSAL_TEXTS.NOT_DECLARED('roots'),
        );
      }
      const answer = await ask(call, 'roots/list', {}, requestId, signal(), options);
      if (answer.status !== 'result') return unanswered(answer);
      const roots = readRoots(answer.result);
      return roots === undefined
        ? refused(CLIENT_REFUSAL_CODES.MALFORMED_REPLY)
        : { ok: true, value: roots };
    },
  } as ClientRequests;
}
