/**
 * What a tool may ask the client through its context: a model completion (`sample`, MCP
 * `sampling/createMessage`) and input from the user (`elicit`, MCP `elicitation/create`). The
 * client is outside too: its reply is read strictly and never trusted, and a refusal is a value,
 * never a throw.
 */
import type { Static, TObject } from 'typebox';

/** Why the client could not be asked, or its reply was not taken. */
export const CLIENT_REFUSAL_CODES = Object.freeze({
  /** The client did not declare the capability at `initialize` (or, over stateless HTTP, could not). */
  NOT_DECLARED: 'NOT_DECLARED',
  /** The client answered with an error. */
  CLIENT_ERROR: 'CLIENT_ERROR',
  /** The reply does not have the shape the protocol defines. */
  MALFORMED_REPLY: 'MALFORMED_REPLY',
  /** The accepted content does not match the requested schema. */
  NOT_CONFORMING: 'NOT_CONFORMING',
  /** The call was cancelled (or its client went away) before the client answered. */
  CANCELLED: 'CANCELLED',
} as const);

/** One of {@link CLIENT_REFUSAL_CODES}. */
export type ClientRefusalCode = (typeof CLIENT_REFUSAL_CODES)[keyof typeof CLIENT_REFUSAL_CODES];

/** A capability a tool may ask the client for. */
export type ClientCapability = 'sampling' | 'elicitation' | 'roots';

/** A refusal of a client request: our words, never the client's. */
export interface ClientRefusal {
  readonly code: ClientRefusalCode;
  readonly text: string;
}

/** The pinned words of every {@link ClientRefusal}. */
export const CLIENT_REFUSAL_TEXTS = Object.freeze({
  NOT_DECLARED: (capability: string): string =>
    `The client did not declare the \`${capability}\` capability, so it cannot be asked.`,
  CLIENT_ERROR: 'The client answered the request with an error.',
  MALFORMED_REPLY: 'The client replied with something that is not the reply the protocol defines.',
  NOT_CONFORMING: 'The content the client returned does not match the requested schema.',
  CANCELLED: 'The request to the client was abandoned because the call ended.',
} as const);

/** The outcome of a client request. */
export type ClientReply<TValue> =
  | { readonly ok: true; readonly value: TValue }
  | { readonly ok: false; readonly refusal: ClientRefusal };

/** A block of a sampled message. */
export type SamplingContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'audio'; readonly data: string; readonly mimeType: string };

/** What a tool asks the client's model. */
export interface SamplingRequest {
  readonly messages: readonly {
    readonly role: 'user' | 'assistant';
    readonly content: SamplingContent;
  }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly includeContext?: 'none' | 'thisServer' | 'allServers';
  readonly modelPreferences?: {
    readonly hints?: readonly { readonly name?: string }[];
    readonly costPriority?: number;
    readonly speedPriority?: number;
    readonly intelligencePriority?: number;
  };
}

/** The client model's answer, as read: only the fields the protocol defines, freshly copied. */
export interface SamplingReply {
  readonly role: 'user' | 'assistant';
  readonly content: SamplingContent;
  readonly model: string;
  readonly stopReason?: string;
}

/** The user's answer to an elicitation: accepted content in the declared types, or a refusal to answer. */
export type ElicitationReply<TContent> =
  | { readonly action: 'accept'; readonly content: TContent }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** One root the client exposes (`roots/list`): a `file://` URI and, when given, its name. */
export interface Root {
  readonly uri: string;
  readonly name?: string;
}

/**
 * How one request is asked. `key` names it among the input requests of a 2026-07-28
 * `input_required` result (default `ask-1`, `ask-2`, ... in the order the tool asks); a tool gives
 * each of its requests a different key, the same on every run of the same call.
 */
export interface AskOptions {
  readonly key?: string;
}

/**
 * The client requests a served tool's context offers besides the catalog's `ToolContext`. A schema
 * given to `elicit` is built with the vocabulary: an object of strings (plain, `Date`, `DateTime`),
 * integers of a width up to `SafeInteger`, numbers, booleans and string enums.
 */
export interface ClientRequests {
  /**
   * Whether the client declared `capability` (at `initialize`, or in this request's `_meta` in the
   * 2026-07-28 era), so a tool can ask only what the client can answer, or take another way.
   */
  clientDeclares(capability: ClientCapability): boolean;
  sample(request: SamplingRequest, options?: AskOptions): Promise<ClientReply<SamplingReply>>;
  elicit<TSchema extends TObject>(
    message: string,
    schema: TSchema,
    options?: AskOptions,
  ): Promise<ClientReply<ElicitationReply<Static<TSchema>>>>;
  /** The client's roots (`roots/list`); asked only when the client declared `roots`. */
  listRoots(options?: AskOptions): Promise<ClientReply<readonly Root[]>>;
}
