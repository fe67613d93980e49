/*
 * The words and codes a consumer reads are a contract: every code table is frozen with keys equal
 * to their values, and every text is pinned, so a change is seen in review.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_REFUSAL_CODES, CLIENT_REFUSAL_TEXTS } from '../src/client-requests.ts';
import { SERVER_ERROR_CODES } from '../src/errors.ts';
import {
  ALLOWED_METHODS,
  CALL_OUTCOMES,
  CORRECTABLE_META_KEY,
  DIALECT_META_KEY,
  JSON_RPC_ERROR_CODES,
  MAX_REQUEST_ID_LENGTH,
  MODERN_ALLOWED_METHODS,
  NARROWED_META_KEY,
  SERVER_TEXTS,
} from '../src/texts.ts';

describe('code tables', () => {
  it.each([
    ['SERVER_ERROR_CODES', SERVER_ERROR_CODES],
    ['CLIENT_REFUSAL_CODES', CLIENT_REFUSAL_CODES],
    ['CALL_OUTCOMES', CALL_OUTCOMES],
  ])('%s is frozen and its keys equal its values', (_name, table) => {
    expect(Object.isFrozen(table)).toBe(true);
    for (const [key, value] of Object.entries(table)) expect(value).toBe(key);
  });

  it('pins the codes', () => {
    expect(Object.keys(SERVER_ERROR_CODES)).toEqual([
      'INVALID_OPTIONS',
      'EMPTY_EXPOSURE',
      'UNKNOWN_GRANT',
      'UNRENDERABLE_TOOL',
      'UNCOMPILABLE_TOOL',
      'BUDGET_EXCEEDED',
      'INVALID_CONTENT',
      'INVALID_ELICITATION_SCHEMA',
      'UNKNOWN_TOOL',
    ]);
    expect(Object.keys(CLIENT_REFUSAL_CODES)).toEqual([
      'NOT_DECLARED',
      'CLIENT_ERROR',
      'MALFORMED_REPLY',
      'NOT_CONFORMING',
      'CANCELLED',
    ]);
    expect(Object.keys(CALL_OUTCOMES)).toEqual([
      'COMPLETED',
      'TOOL_ERROR',
      'SYSTEM_ERROR',
      'REFUSED',
      'TIMEOUT',
      'CANCELLED',
      'GATE_REFUSED',
      'DIALECT_REFUSED',
      'HEADER_REFUSED',
      'INPUT_REQUIRED',
      'STATE_REFUSED',
      'STOPPED',
      'RATE_LIMITED',
      'UNSERVABLE',
    ]);
    expect(JSON_RPC_ERROR_CODES).toEqual({
      PARSE_ERROR: -32700,
      INVALID_REQUEST: -32600,
      METHOD_NOT_FOUND: -32601,
      INVALID_PARAMS: -32602,
      INTERNAL_ERROR: -32603,
      HEADER_MISMATCH: -32020,
      MISSING_CAPABILITY: -32021,
      UNSUPPORTED_VERSION: -32022,
    });
  });
});

describe('texts and keys', () => {
  it('pins the keys and the whitelist', () => {
    expect([DIALECT_META_KEY, CORRECTABLE_META_KEY, NARROWED_META_KEY]).toEqual([
      'portcullis/dialect',
      'portcullis/correctable',
      'portcullis/narrowed',
    ]);
    expect(ALLOWED_METHODS).toEqual([
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'logging/setLevel',
    ]);
    expect(MODERN_ALLOWED_METHODS).toEqual(['server/discover', 'tools/list', 'tools/call']);
    expect(MAX_REQUEST_ID_LENGTH).toBe(256);
  });

  it('pins every text, each a sentence', () => {
    const texts = {
      unservableCall: SERVER_TEXTS.unservableCall,
      notJsonRpc: SERVER_TEXTS.notJsonRpc,
      parseError: SERVER_TEXTS.parseError('DUPLICATE_KEY', 12),
      invalidParams: SERVER_TEXTS.invalidParams('initialize'),
      invalidMeta: SERVER_TEXTS.invalidMeta,
      unknownDialect: SERVER_TEXTS.unknownDialect(['canonical', 'gemini']),
      cursor: SERVER_TEXTS.cursor,
      duplicateId: SERVER_TEXTS.duplicateId,
      unanswerable: SERVER_TEXTS.unanswerable,
      systemError: SERVER_TEXTS.systemError,
      notFound: SERVER_TEXTS.notFound('invoice'),
      lineTooLong: SERVER_TEXTS.lineTooLong(1024),
      unsupportedVersion: SERVER_TEXTS.unsupportedVersion(['2026-07-28', '2025-11-25']),
      malformedEnvelope: SERVER_TEXTS.malformedEnvelope,
      headerMismatch: SERVER_TEXTS.headerMismatch,
      requestState: SERVER_TEXTS.requestState,
      missingCapability: SERVER_TEXTS.missingCapability('elicitation'),
      serverStopping: SERVER_TEXTS.serverStopping,
      inputRequired: SERVER_TEXTS.inputRequired,
      notDeclared: CLIENT_REFUSAL_TEXTS.NOT_DECLARED('sampling'),
      clientError: CLIENT_REFUSAL_TEXTS.CLIENT_ERROR,
      malformed: CLIENT_REFUSAL_TEXTS.MALFORMED_REPLY,
      notConforming: CLIENT_REFUSAL_TEXTS.NOT_CONFORMING,
      cancelled: CLIENT_REFUSAL_TEXTS.CANCELLED,
    };
    expect(texts).toEqual({
      unservableCall:
        'The call cannot be served: it names no tool available to this caller, or its params cannot be read. List the tools to see what may be called.',
      notJsonRpc:
        'The message is not a JSON-RPC 2.0 request, notification or response. Send one object with "jsonrpc": "2.0", a string or integer id of at most 256 characters, and a method or a result.',
      parseError:
        'The message is not strict JSON (DUPLICATE_KEY at byte 12). Send one well-formed JSON document.',
      invalidParams:
        'The params of this `initialize` request do not have the shape the protocol defines. Correct them and send the request again.',
      invalidMeta:
        "The request's `_meta` must be an object whose `progressToken` is a string or an integer. Correct it and send the request again.",
      unknownDialect:
        'The requested dialect is not one this server publishes. Accepted dialects: canonical, gemini.',
      cursor:
        'This server lists every tool in one page and issues no cursors. Send `tools/list` without a cursor.',
      duplicateId:
        'A request with this id is still being answered. Give every request in flight an id of its own.',
      unanswerable: 'The server could not answer this request.',
      systemError:
        'The tool failed because of an internal error. Nothing more can be said about it; the same call may fail again.',
      notFound:
        'No invoice matches the request. Check which invoice the call names and send it again.',
      lineTooLong:
        'The message is longer than the 1024-byte limit of one line. Send a smaller message.',
      unsupportedVersion:
        'The request names a protocol revision this server does not speak. Supported revisions: 2026-07-28, 2025-11-25.',
      malformedEnvelope:
        "The request's `_meta` must carry `io.modelcontextprotocol/protocolVersion` (a string) and `io.modelcontextprotocol/clientCapabilities` (an object), with an optional known `io.modelcontextprotocol/logLevel`. Correct it and send the request again.",
      headerMismatch:
        "The request's MCP-Protocol-Version, Mcp-Method, Mcp-Name or Mcp-Param headers disagree with its body, or one of them is missing. Send headers that repeat the body.",
      requestState:
        'The call cannot continue: its `requestState` or `inputResponses` are not the ones this server issued for this caller, tool and arguments, or they have expired. Call the tool again without them.',
      missingCapability:
        'This call needs the client capability `elicitation`, which the request does not declare.',
      serverStopping:
        'The server is stopping and ended this call before it finished. Call the tool again later.',
      inputRequired:
        'The tool needs more input from the client; answer its input requests and send the call again.',
      notDeclared: 'The client did not declare the `sampling` capability, so it cannot be asked.',
      clientError: 'The client answered the request with an error.',
      malformed: 'The client replied with something that is not the reply the protocol defines.',
      notConforming: 'The content the client returned does not match the requested schema.',
      cancelled: 'The request to the client was abandoned because the call ended.',
    });
    for (const text of Object.values(texts)) expect(text).toMatch(/^[A-Z].*\.$/s);
  });
});

describe('HTTP texts', () => {
  it('pins every text, each a sentence holding nothing sent', async () => {
    const { DEFAULT_MAX_BODY_BYTES, HTTP_TEXTS } = await import('../src/http-texts.ts');
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4_194_304);
    const texts = {
      bodyTooLarge: HTTP_TEXTS.bodyTooLarge(4_194_304),
      unsupportedVersion: HTTP_TEXTS.unsupportedVersion(['2025-11-25', '2025-06-18']),
      originNotAllowed: HTTP_TEXTS.originNotAllowed,
      hostNotAllowed: HTTP_TEXTS.hostNotAllowed,
      notFound: HTTP_TEXTS.notFound,
      methodNotAllowed: HTTP_TEXTS.methodNotAllowed(['POST']),
      unsupportedMediaType: HTTP_TEXTS.unsupportedMediaType,
      sessionNotFound: HTTP_TEXTS.sessionNotFound,
      sessionRequired: HTTP_TEXTS.sessionRequired,
      sessionsNeedConsumer: HTTP_TEXTS.sessionsNeedConsumer,
      sessionsFull: HTTP_TEXTS.sessionsFull,
    };
    expect(texts).toEqual({
      bodyTooLarge:
        'The request body is larger than the 4194304-byte limit. Send a smaller message.',
      unsupportedVersion:
        'The MCP-Protocol-Version header names a revision this server does not speak. Supported revisions: 2025-11-25, 2025-06-18.',
      originNotAllowed: 'The request comes from an origin this server does not accept.',
      hostNotAllowed: 'The request names a host this server does not answer for.',
      notFound: 'There is no MCP endpoint at this path.',
      methodNotAllowed: 'This endpoint accepts POST only.',
      unsupportedMediaType:
        'The request body must be JSON, sent as `Content-Type: application/json`.',
      sessionNotFound: 'The session this request names does not exist. Initialize a new session.',
      sessionRequired: 'This request needs the `Mcp-Session-Id` of an initialized session.',
      sessionsNeedConsumer:
        'Sessions are kept only for an authenticated consumer. Send a bearer token this server accepts.',
      sessionsFull: 'Every session this server keeps is busy. Try again later.',
    });
    for (const text of Object.values(texts)) expect(text).toMatch(/^[A-Z].*\.$/s);
  });
});
