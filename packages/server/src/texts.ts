/**
 * Every word the server composes for a consumer, and the `_meta` keys it reads and writes. A test
 * pins them: they are part of the contract a model reads. None carries anything a caller sent.
 */

/** The `_meta` key on a request that selects the dialect its tool documents are judged and published in. */
export const DIALECT_META_KEY = 'portcullis/dialect';

/** The `_meta` key on every failed call's result: whether a corrected call may succeed. */
export const CORRECTABLE_META_KEY = 'portcullis/correctable';

/** The `_meta` key on a listed tool naming, as JSON pointers into the tool, what its dialect narrowed. */
export const NARROWED_META_KEY = 'portcullis/narrowed';

/** The request methods the interposer lets reach the SDK; every other method is answered `-32601`. */
export const ALLOWED_METHODS = Object.freeze([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'logging/setLevel',
] as const);

/** The request methods of the modern (stateless) era the interposer lets reach the SDK. */
export const MODERN_ALLOWED_METHODS = Object.freeze([
  'server/discover',
  'tools/list',
  'tools/call',
] as const);

/** The JSON-RPC error codes the server answers with (internal: not exported from the package). */
export const JSON_RPC_ERROR_CODES = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** A modern request's HTTP headers disagree with its body. */
  HEADER_MISMATCH: -32020,
  /** A modern request did not declare a client capability its answer needs. */
  MISSING_CAPABILITY: -32021,
  /** A modern request names a revision this server does not speak. */
  UNSUPPORTED_VERSION: -32022,
} as const);

/** The longest string a request id may be; the id is echoed in the answer, so it is bounded. */
export const MAX_REQUEST_ID_LENGTH = 256;

/** The words of every answer the server composes. */
export const SERVER_TEXTS = Object.freeze({
  /**
   * The one answer (`-32602`) to a call of an unknown tool, of a tool this consumer is not granted,
   * from no consumer, or with params that cannot be read: grants cannot be probed.
   */
  unservableCall:
    'The call cannot be served: it names no tool available to this caller, or its params cannot be read. List the tools to see what may be called.',
  /** The SDK's own method-not-found message, composed here. */
  methodNotFound: 'Method not found',
  notJsonRpc:
    'The message is not a JSON-RPC 2.0 request, notification or response. Send one object with "jsonrpc": "2.0", a string or integer id of at most 256 characters, and a method or a result.',
  parseError: (code: string, offset: number): string =>
    `The message is not strict JSON (${code} at byte ${offset}). Send one well-formed JSON document.`,
  invalidParams: (method: string): string =>
    `The params of this \`${method}\` request do not have the shape the protocol defines. Correct them and send the request again.`,
  invalidMeta:
    "The request's `_meta` must be an object whose `progressToken` is a string or an integer. Correct it and send the request again.",
  unknownDialect: (accepted: readonly string[]): string =>
    `The requested dialect is not one this server publishes. Accepted dialects: ${accepted.join(', ')}.`,
  cursor:
    'This server lists every tool in one page and issues no cursors. Send `tools/list` without a cursor.',
  duplicateId:
    'A request with this id is still being answered. Give every request in flight an id of its own.',
  /** An error the SDK composed for a delegated request, replaced before it leaves. */
  unanswerable: 'The server could not answer this request.',
  systemError:
    'The tool failed because of an internal error. Nothing more can be said about it; the same call may fail again.',
  lineTooLong: (limit: number): string =>
    `The message is longer than the ${limit}-byte limit of one line. Send a smaller message.`,
  unsupportedVersion: (supported: readonly string[]): string =>
    `The request names a protocol revision this server does not speak. Supported revisions: ${supported.join(', ')}.`,
  malformedEnvelope:
    "The request's `_meta` must carry `io.modelcontextprotocol/protocolVersion` (a string) and `io.modelcontextprotocol/clientCapabilities` (an object), with an optional known `io.modelcontextprotocol/logLevel`. Correct it and send the request again.",
  headerMismatch:
    "The request's MCP-Protocol-Version, Mcp-Method, Mcp-Name or Mcp-Param headers disagree with its body, or one of them is missing. Send headers that repeat the body.",
  requestState:
    'The call cannot continue: its `requestState` or `inputResponses` are not the ones this server issued for this caller, tool and arguments, or they have expired. Call the tool again without them.',
  missingCapability: (capability: string): string =>
    `This call needs the client capability \`${capability}\`, which the request does not declare.`,
  serverStopping:
    'The server is stopping and ended this call before it finished. Call the tool again later.',
  inputRequired:
    'The tool needs more input from the client; answer its input requests and send the call again.',
  notFound: (resourceType: string): string =>
    `No ${resourceType} matches the request. Check which ${resourceType} the call names and send it again.`,
} as const);

/** How a call ended, as spans and log lines record it. */
export const CALL_OUTCOMES = Object.freeze({
  /** The tool completed and its result was sent. */
  COMPLETED: 'COMPLETED',
  /** The tool threw a `ToolError` (or a not-found). */
  TOOL_ERROR: 'TOOL_ERROR',
  /** Anything else failed; the consumer got the generic text. */
  SYSTEM_ERROR: 'SYSTEM_ERROR',
  /** A guardrail, a sealed scope or the admission bound refused the call. */
  REFUSED: 'REFUSED',
  /** The call ran past `callTimeoutMs`. */
  TIMEOUT: 'TIMEOUT',
  /** The client cancelled the call or went away. */
  CANCELLED: 'CANCELLED',
  /** The gate refused the arguments. */
  GATE_REFUSED: 'GATE_REFUSED',
  /** The request named no dialect this server publishes. */
  DIALECT_REFUSED: 'DIALECT_REFUSED',
  /** A modern call's `Mcp-Param-*` headers disagreed with its arguments (`-32020`). */
  HEADER_REFUSED: 'HEADER_REFUSED',
  /** A modern call answered `input_required` (the tool asked the client). */
  INPUT_REQUIRED: 'INPUT_REQUIRED',
  /** A modern retry's `requestState` or `inputResponses` were refused. */
  STATE_REFUSED: 'STATE_REFUSED',
  /** The server stopped with the call in flight. */
  STOPPED: 'STOPPED',
  /** The rate limiter refused the call before it was dispatched. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** Unknown or ungranted tool, no consumer, or unreadable params: the constant answer. */
  UNSERVABLE: 'UNSERVABLE',
} as const);

/** One of {@link CALL_OUTCOMES}. */
export type CallOutcome = (typeof CALL_OUTCOMES)[keyof typeof CALL_OUTCOMES];
