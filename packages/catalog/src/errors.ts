/**
 * Stable codes of {@link CatalogError}. Every one is a defect in how this process declared or wired
 * its tools, found while the catalog is built (or, for an empty exposure, when a server asserts
 * what it will serve), so the process refuses to start rather than serve a broken contract.
 */
export const CATALOG_ERROR_CODES = Object.freeze({
  /** An exposable definition has no name (absent or empty). */
  MISSING_NAME: 'MISSING_NAME',
  /** A name is not a valid MCP tool name (1 to 128 characters of `A-Za-z0-9_-.`). */
  INVALID_NAME: 'INVALID_NAME',
  /** Two different definitions claim one name. */
  DUPLICATE_NAME: 'DUPLICATE_NAME',
  /** The publisher cannot render an input or output schema; the cause is the publisher's error. */
  UNRENDERABLE_SCHEMA: 'UNRENDERABLE_SCHEMA',
  /** A weight is absent, of an unknown kind, or outside its documented ranges. */
  INVALID_WEIGHT: 'INVALID_WEIGHT',
  /** A definition is malformed elsewhere: description, run, kind, annotations, scope, brand. */
  INVALID_DEFINITION: 'INVALID_DEFINITION',
  /** An orchestrator's scope names a tool the catalog does not hold. */
  UNKNOWN_SCOPE_TOOL: 'UNKNOWN_SCOPE_TOOL',
  /** An exposure names a tool the catalog does not hold. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** An exposure set that a server asserted holds no tool. */
  EMPTY_EXPOSURE: 'EMPTY_EXPOSURE',
  /** The scanned directory could not be read or one of its modules could not be imported. */
  SCAN_FAILED: 'SCAN_FAILED',
} as const);

/** One of {@link CATALOG_ERROR_CODES}. */
export type CatalogErrorCode = (typeof CATALOG_ERROR_CODES)[keyof typeof CATALOG_ERROR_CODES];

/** Where a faulty definition came from, so the error can be traced to a file or a list position. */
export interface CatalogErrorDetails {
  /** The tool's name, when it has one. */
  readonly tool?: string;
  /** The absolute path of the module the definition (or the fault) came from, when scanned. */
  readonly module?: string;
}

/**
 * Thrown when the catalog cannot be built or an exposure cannot be served. The message names the
 * tool (or, for a nameless definition, the module file or list position) and the fault; `code` is
 * stable for programs, `tool` and `module` repeat what the message names, and `cause` carries the
 * underlying error (a `SchemaDefectError` for an unrenderable schema, the import failure for a scan).
 */
export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  readonly code: CatalogErrorCode;
  readonly tool: string | undefined;
  readonly module: string | undefined;

  constructor(
    code: CatalogErrorCode,
    message: string,
    details: CatalogErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = code;
    this.tool = details.tool;
    this.module = details.module;
  }
}
