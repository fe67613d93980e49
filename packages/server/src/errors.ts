import { SERVER_TEXTS } from './texts.ts';

/**
 * Stable codes of {@link ServerError}. Every one is a defect of how this process declared or wired
 * what it serves, found when the server starts (or when a tool misuses a helper), so the process
 * refuses to serve a broken contract.
 */
export const SERVER_ERROR_CODES = Object.freeze({
  /** An option is missing or malformed; `option` names it. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** The exposure holds no tool: a server must serve at least one. */
  EMPTY_EXPOSURE: 'EMPTY_EXPOSURE',
  /** A grant names a tool the exposure does not hold; `consumer` and `tool` name it. */
  UNKNOWN_GRANT: 'UNKNOWN_GRANT',
  /** An exposed tool's document cannot be rendered in a dialect; `tool`, `dialect` and `side` name it. */
  UNRENDERABLE_TOOL: 'UNRENDERABLE_TOOL',
  /** A rendered document cannot be compiled by the gate; `tool` and `dialect` name it. */
  UNCOMPILABLE_TOOL: 'UNCOMPILABLE_TOOL',
  /** A consumer's granted tools, listed together, pass a vendor's per-request budget; `limit` names it. */
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
  /** A rich content block given to a helper is malformed. */
  INVALID_CONTENT: 'INVALID_CONTENT',
  /** A schema given to `elicit` uses a construct an elicitation form cannot state; `path` names it. */
  INVALID_ELICITATION_SCHEMA: 'INVALID_ELICITATION_SCHEMA',
  /** A tool dispatched a name its catalog does not hold; `tool` names it. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
} as const);

/** One of {@link SERVER_ERROR_CODES}. */
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[keyof typeof SERVER_ERROR_CODES];

/** Structured facts of a {@link ServerError}; each is our own identifier, never caller data. */
export interface ServerErrorDetails {
  readonly option?: string;
  readonly tool?: string;
  readonly dialect?: string;
  readonly consumer?: string;
  readonly side?: 'input' | 'output';
  readonly limit?: string;
  readonly path?: string;
}

/**
 * Thrown for a defect of the server's own wiring: options, exposure, grants, documents that fail to
 * render or compile, budgets. `code` is stable; `details` is a frozen object of the facts (also
 * readable as fields of `error.details`); `cause` carries the underlying error.
 */
export class ServerError extends Error {
  override readonly name = 'ServerError';
  readonly code: ServerErrorCode;
  readonly details: Readonly<ServerErrorDetails>;

  constructor(
    code: ServerErrorCode,
    message: string,
    details: ServerErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.details = Object.freeze(facts);
  }
}

/** A fact a {@link ToolError} adds to the failed result's `_meta`: a string, a finite number or a boolean. */
export type ToolErrorFact = string | number | boolean;

/**
 * Thrown by a tool to fail a call with words a model can act on. `text` reaches the consumer as the
 * result's text, so it must hold nothing the tool would not show a model; `correctable` says
 * whether a corrected call may succeed (`_meta["portcullis/correctable"]`). `meta` adds facts to
 * the result's `_meta` under keys of the tool's own (a key of the server's, such as
 * `portcullis/correctable`, is never overridden); like the text, they must hold nothing of the
 * caller's.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly text: string;
  readonly correctable: boolean;
  readonly meta: Readonly<Record<string, ToolErrorFact>> | undefined;

  constructor(
    text: string,
    options: {
      readonly correctable: boolean;
      readonly meta?: Readonly<Record<string, ToolErrorFact>>;
    },
  ) {
    super(text);
    this.text = text;
    this.correctable = options.correctable === true;
    this.meta = options.meta === undefined ? undefined : Object.freeze({ ...options.meta });
  }
}

/**
 * Thrown by a tool when something it was asked for does not exist. The consumer is told the
 * resource TYPE only (never the identifier it was given, which is caller data), and that a
 * corrected call may succeed.
 */
export class ResourceNotFoundError extends Error {
  override readonly name = 'ResourceNotFoundError';
  readonly resourceType: string;

  constructor(resourceType: string) {
    super(SERVER_TEXTS.notFound(resourceType));
    this.resourceType = resourceType;
  }
}
