/**
 * JSON-RPC 2.0 envelopes as the server judges them: one classification shared by the interposer
 * and the hosts (so a message is judged the same way whichever way it came), and the answers the
 * server composes. Only own properties are read: a decoded message never has anything else, and
 * a copy the SDK made cannot lend a caller's `__proto__` value to a field.
 */
import {
  ALLOWED_METHODS,
  JSON_RPC_ERROR_CODES,
  MAX_REQUEST_ID_LENGTH,
  SERVER_TEXTS,
} from '../texts.ts';

/** A JSON-RPC id as the server accepts it: a bounded string or a safe integer. */
export type RequestId = string | number;

/** What a JSON-RPC message is, judged on its envelope alone. */
export type Envelope =
  | {
      readonly kind: 'request';
      readonly id: RequestId;
      readonly method: string;
      /** `null` when params are present but not an object: the method's judgement refuses them. */
      readonly params: Readonly<Record<string, unknown>> | undefined | null;
    }
  | {
      readonly kind: 'notification';
      readonly method: string;
      readonly params: Readonly<Record<string, unknown>> | undefined;
    }
  | { readonly kind: 'response'; readonly id: RequestId }
  | {
      readonly kind: 'invalid';
      readonly id: RequestId | null;
      /** False for a malformed response: JSON-RPC never answers a response, even a broken one. */
      readonly answer: boolean;
    };

/** A JSON-RPC message leaving the server. */
export interface OutboundMessage {
  readonly jsonrpc: '2.0';
  readonly [key: string]: unknown;
}

/** The `_meta` key of task augmentation, which the SDK parses as `{ taskId: string }`. */
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const NOTIFICATION_KEYS = new Set(['jsonrpc', 'method', 'params']);
const RESULT_KEYS = new Set(['jsonrpc', 'id', 'result']);
const ERROR_KEYS = new Set(['jsonrpc', 'id', 'error']);

/** True for a plain object (not an array, not null). */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The own property `key` of `value`, or `undefined`. */
export function own(value: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** True for an id the server accepts and may echo. */
export function isRequestId(value: unknown): value is RequestId {
  if (typeof value === 'string') return value.length <= MAX_REQUEST_ID_LENGTH;
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function onlyKeys(value: Readonly<Record<string, unknown>>, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(value)) if (!allowed.has(key)) return false;
  return true;
}

function paramsOf(
  message: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> | undefined | false {
  const params = own(message, 'params');
  // An in-process peer may carry `params: undefined`; JSON has no such value, so it is absence.
  if (params === undefined) return undefined;
  return isObject(params) ? params : false;
}

/** Classifies one decoded message by its envelope. Never throws. */
export function classify(message: unknown): Envelope {
  if (!isObject(message) || own(message, 'jsonrpc') !== '2.0') return invalid(null);
  const hasId = Object.hasOwn(message, 'id');
  const id = own(message, 'id');
  const echo = isRequestId(id) ? id : null;
  if (Object.hasOwn(message, 'method')) {
    const method = message.method;
    const params = paramsOf(message);
    if (typeof method !== 'string') return invalid(echo);
    if (!hasId) {
      return onlyKeys(message, NOTIFICATION_KEYS) && params !== false
        ? { kind: 'notification', method, params }
        : invalid(null);
    }
    if (echo === null || !onlyKeys(message, REQUEST_KEYS)) return invalid(echo);
    return { kind: 'request', id: echo, method, params: params === false ? null : params };
  }
  const responseLike = Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error');
  if (echo === null) return invalid(null, !responseLike);
  if (Object.hasOwn(message, 'result')) {
    return isObject(message.result) && onlyKeys(message, RESULT_KEYS)
      ? { kind: 'response', id: echo }
      : invalid(echo, false);
  }
  if (Object.hasOwn(message, 'error')) {
    const error = message.error;
    const valid =
      isObject(error) &&
      Number.isSafeInteger(own(error, 'code')) &&
      typeof own(error, 'message') === 'string' &&
      onlyKeys(error, new Set(['code', 'message', 'data'])) &&
      onlyKeys(message, ERROR_KEYS);
    return valid ? { kind: 'response', id: echo } : invalid(echo, false);
  }
  return invalid(echo);
}

function invalid(id: RequestId | null, answer = true): Envelope {
  return { kind: 'invalid', id, answer };
}

/** A JSON-RPC error answer in the server's words. */
export function errorAnswer(id: RequestId | null, code: number, message: string): OutboundMessage {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The answer to a message that is not JSON-RPC. */
export function notJsonRpcAnswer(id: RequestId | null): OutboundMessage {
  return errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_REQUEST, SERVER_TEXTS.notJsonRpc);
}

/** The SDK's own method-not-found shape, composed here so the SDK never sees the request. */
export function methodNotFoundAnswer(id: RequestId): OutboundMessage {
  return errorAnswer(id, JSON_RPC_ERROR_CODES.METHOD_NOT_FOUND, SERVER_TEXTS.methodNotFound);
}

/** The one constant answer to an unservable call: byte-identical in every case apart from the id. */
export function unservableCallAnswer(id: RequestId): OutboundMessage {
  return errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_PARAMS, SERVER_TEXTS.unservableCall);
}

/** The answer to bytes that are not strict JSON (`id: null`: nothing of the message can be read). */
export function parseErrorAnswer(code: string, offset: number): OutboundMessage {
  return errorAnswer(null, JSON_RPC_ERROR_CODES.PARSE_ERROR, SERVER_TEXTS.parseError(code, offset));
}

/**
 * What the interposer answers to a request the SDK's transport would refuse to parse (params that
 * are not an object, a `_meta` of the wrong shape): a host that parses with the SDK answers it
 * first, in the interposer's words, so the SDK's own refusal never goes out.
 */
export function unparseableRequestAnswer(id: RequestId, method: string): OutboundMessage {
  if (method === 'tools/call') return unservableCallAnswer(id);
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) return methodNotFoundAnswer(id);
  return errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_PARAMS, SERVER_TEXTS.invalidMeta);
}

function metaParses(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  const token = own(meta, 'progressToken');
  if (
    token !== undefined &&
    typeof token !== 'string' &&
    !(typeof token === 'number' && Number.isSafeInteger(token))
  ) {
    return false;
  }
  const task = own(meta, RELATED_TASK_KEY);
  return task === undefined || (isObject(task) && typeof own(task, 'taskId') === 'string');
}

/**
 * True when the SDK's own message schema (`JSONRPCMessageSchema`) accepts a message whose envelope
 * {@link classify} accepted: beyond the envelope it reads only params being an object and the
 * shape of a `_meta` (on params or on a result). A test holds the two to the same answers.
 */
export function sdkParses(envelope: Envelope, message: unknown): boolean {
  const record = message as Readonly<Record<string, unknown>>;
  switch (envelope.kind) {
    case 'request':
    case 'notification':
      if (envelope.params === null) return false;
      return envelope.params === undefined || metaParses(own(envelope.params, '_meta'));
    case 'response': {
      const result = own(record, 'result');
      return result === undefined || (isObject(result) && metaParses(own(result, '_meta')));
    }
    case 'invalid':
      return false;
  }
}

/** A successful answer. */
export function resultAnswer(id: RequestId, result: unknown): OutboundMessage {
  return { jsonrpc: '2.0', id, result };
}
