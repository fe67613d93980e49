/**
 * Stable codes of {@link DialectError}. Every one is a fault of a document this process publishes,
 * never of caller input, so it is thrown and fails the publication loudly.
 */
export const DIALECT_ERROR_CODES = {
  /** The published document would break a limit the vendor documents; `limit` names it. */
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  /** Expanding references would produce more subschemas than the inliner's budget allows. */
  INLINE_BUDGET_EXCEEDED: 'INLINE_BUDGET_EXCEEDED',
  /** An input document whose root is not an object schema; every vendor requires one. */
  ROOT_NOT_OBJECT: 'ROOT_NOT_OBJECT',
} as const;

/** One of {@link DIALECT_ERROR_CODES}. */
export type DialectErrorCode = (typeof DIALECT_ERROR_CODES)[keyof typeof DIALECT_ERROR_CODES];

/**
 * Thrown when a dialect cannot publish a document: it would exceed a vendor's documented limit,
 * inlining would grow without bound, or the root is not an object. `dialect` is the wire name (or
 * `undefined` for the shared inliner); `limit` names the limit that would be broken, when one is.
 */
export class DialectError extends Error {
  override readonly name = 'DialectError';
  readonly code: DialectErrorCode;
  readonly dialect: string | undefined;
  readonly limit: string | undefined;

  constructor(
    code: DialectErrorCode,
    message: string,
    details: { readonly dialect?: string; readonly limit?: string } = {},
  ) {
    super(details.dialect === undefined ? message : `${details.dialect}: ${message}`);
    this.code = code;
    this.dialect = details.dialect;
    this.limit = details.limit;
  }
}
