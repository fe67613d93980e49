/** The words of every answer the HTTP host composes before the SDK sees a request. */

/** The bounds of legacy sessions when `sessions: true`: a global cap, a per-consumer cap, idle expiry. */
export const DEFAULT_SESSION_LIMITS = Object.freeze({
  maxSessions: 1000,
  maxSessionsPerConsumer: 16,
  idleSeconds: 600,
} as const);

/** The default byte limit of a request body: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The texts, pinned by a test. None holds a header value or anything else a caller sent. */
export const HTTP_TEXTS = Object.freeze({
  bodyTooLarge: (limit: number): string =>
    `The request body is larger than the ${limit}-byte limit. Send a smaller message.`,
  unsupportedVersion: (supported: readonly string[]): string =>
    `The MCP-Protocol-Version header names a revision this server does not speak. Supported revisions: ${supported.join(', ')}.`,
  originNotAllowed: 'The request comes from an origin this server does not accept.',
  hostNotAllowed: 'The request names a host this server does not answer for.',
  notFound: 'There is no MCP endpoint at this path.',
  methodNotAllowed: (allowed: readonly string[]): string =>
    `This endpoint accepts ${allowed.join(', ')} only.`,
  unsupportedMediaType: 'The request body must be JSON, sent as `Content-Type: application/json`.',
  sessionNotFound: 'The session this request names does not exist. Initialize a new session.',
  sessionRequired: 'This request needs the `Mcp-Session-Id` of an initialized session.',
  sessionsNeedConsumer:
    'Sessions are kept only for an authenticated consumer. Send a bearer token this server accepts.',
  sessionsFull: 'Every session this server keeps is busy. Try again later.',
  duplicateIds:
    'Each request of one body, and of one session at a time, needs an id of its own. Send it again with ids that are not in use.',
  stopping: 'The server is stopping and takes no new requests. Try again later.',
} as const);
