import type { DialectName } from './names.ts';

/**
 * Stable codes of {@link DialectError}. Every one is a fault of a document this process publishes,
 * never of caller input, so it is thrown and fails the publication loudly.
 */
export const DIALECT_ERROR_CODES = Object.freeze({
  /** The rendering would break a limit the vendor documents; `details.limit` names it. */
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  /** Expanding references would produce more subschemas than the inliner's budget allows. */
  INLINE_BUDGET_EXCEEDED: 'INLINE_BUDGET_EXCEEDED',
  /** An input document whose root is not an object schema; every vendor requires one. */
  ROOT_NOT_OBJECT: 'ROOT_NOT_OBJECT',
} as const);

/** One of {@link DIALECT_ERROR_CODES}. */
export type DialectErrorCode = (typeof DIALECT_ERROR_CODES)[keyof typeof DIALECT_ERROR_CODES];

/**
 * The structured facts of a {@link DialectError}, each present only when it applies: `dialect` (the
 * wire name; absent for the shared inliner called on its own), `limit` (the key of the limit that
 * would be broken, as in `OPENAI_STRICT_LIMITS` or `maxNodes`) and `path` (the JSON pointer, into
 * the document being rendered, of the place where the fault was found; `''` for the root).
 */
export interface DialectErrorDetails {
  readonly dialect?: DialectName;
  readonly limit?: string;
  readonly path?: string;
}

/**
 * Thrown when a dialect cannot publish a document: it would exceed a vendor's documented limit,
 * inlining would grow without bound, or the root is not an object. `code` is stable for programs,
 * `details` is a frozen object of the facts (never glued onto the message), `cause` the underlying
 * error when there is one.
 */
export class DialectError extends Error {
  override readonly name = 'DialectError';
  readonly code: DialectErrorCode;
  readonly details: DialectErrorDetails;

  constructor(
    code: DialectErrorCode,
    message: string,
    details: {
      readonly [TKey in keyof DialectErrorDetails]?: DialectErrorDetails[TKey] | undefined;
    } & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.details = Object.freeze(
      Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)),
    );
  }
}
