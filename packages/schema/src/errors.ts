/**
 * Stable codes of {@link SchemaDefectError}. A defect is a fault in a document or schema that this
 * process authored (never in caller input), so it is thrown and fails the build or the call loudly.
 */
export const SCHEMA_DEFECT_CODES = {
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
} as const;

/** One of {@link SCHEMA_DEFECT_CODES}. */
export type SchemaDefectCode = (typeof SCHEMA_DEFECT_CODES)[keyof typeof SCHEMA_DEFECT_CODES];

/**
 * Thrown for a defect in a schema or published document of our own: an unresolvable reference, a
 * construct outside the vocabulary. `path` is the declared location (JSON pointer into the schema
 * or a property path), never caller data.
 */
export class SchemaDefectError extends Error {
  override readonly name = 'SchemaDefectError';
  readonly code: SchemaDefectCode;
  readonly path: string;

  constructor(code: SchemaDefectCode, path: string, message: string, options?: ErrorOptions) {
    super(`${message} (at ${path === '' ? 'the root' : path})`, options);
    this.code = code;
    this.path = path;
  }
}
