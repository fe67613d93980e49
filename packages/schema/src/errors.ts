/**
 * Stable codes of {@link SchemaDefectError}. A defect is a fault in a document, a schema or a value
 * that this process authored (never in caller input), so it is thrown and fails the build or the
 * call loudly. A code is never renamed or reused.
 */
export const SCHEMA_ERROR_CODES = Object.freeze({
  /** A `$ref` names a location the document does not have. */
  UNRESOLVABLE_REF: 'UNRESOLVABLE_REF',
  /** A `$ref` points outside the document (a URL or a relative file); only local references are read. */
  NON_LOCAL_REF: 'NON_LOCAL_REF',
  /** A declared schema uses a construct the vocabulary cannot publish truthfully. */
  UNSUPPORTED_CONSTRUCT: 'UNSUPPORTED_CONSTRUCT',
  /** A declared schema is malformed (a keyword holds a value of the wrong kind). */
  MALFORMED_SCHEMA: 'MALFORMED_SCHEMA',
  /** Two different recursive types claim one definition name, so one `$defs` entry cannot hold both. */
  CONFLICTING_DEFINITION: 'CONFLICTING_DEFINITION',
  /**
   * A value given to `stringifyCanonical` holds something JSON cannot state exactly (a non-finite
   * number, a function, an array element that is `undefined`, a class instance, a cycle).
   */
  NOT_JSON: 'NOT_JSON',
  /** A string's `pattern` does not compile as an ECMA-262 regular expression with the `u` flag. */
  INVALID_PATTERN: 'INVALID_PATTERN',
  /**
   * An `x-mcp-header` annotation breaks the revision's rules: a name that is no HTTP token or is
   * given twice, a property not reached through `properties` alone or not a string, safe integer
   * or boolean, or an annotation in an output document.
   */
  INVALID_MCP_HEADER: 'INVALID_MCP_HEADER',
} as const);

/** One of {@link SCHEMA_ERROR_CODES}. */
export type SchemaErrorCode = (typeof SCHEMA_ERROR_CODES)[keyof typeof SCHEMA_ERROR_CODES];

/** The structured facts of a {@link SchemaDefectError}. */
export interface SchemaDefectDetails {
  /**
   * Where the defect is: a JSON pointer into the published document or the value being written
   * (`''` is the root), or, for a reference defect, the `$ref` itself. Never caller data.
   */
  readonly path: string;
}

/** The options of a {@link SchemaDefectError}: its details and the underlying error. */
export interface SchemaDefectOptions extends SchemaDefectDetails {
  readonly cause?: unknown;
}

/**
 * Thrown for a defect in a schema, a published document or a written value of our own: an
 * unresolvable reference, a construct outside the vocabulary, a value JSON cannot hold. `code` is
 * one of {@link SCHEMA_ERROR_CODES}; `details.path` says where; the message says what is wrong and
 * what to do, and never carries the path or a value from outside.
 */
export class SchemaDefectError extends Error {
  override readonly name = 'SchemaDefectError';
  readonly code: SchemaErrorCode;
  readonly details: SchemaDefectDetails;

  constructor(code: SchemaErrorCode, message: string, options: SchemaDefectOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = Object.freeze({ path: options.path });
  }
}
