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
  /** An input's root is not an object with declared properties (a map, an open value, a scalar). */
  INVALID_INPUT_ROOT: 'INVALID_INPUT_ROOT',
  /** A thinker's input lacks `query` or `depth`, or declares one outside the thinker's contract. */
  INVALID_THINKER_INPUT: 'INVALID_THINKER_INPUT',
  /** A definition's `guardrails` is not `{ admission?, input?, output? }` of named judges. */
  INVALID_GUARDRAIL: 'INVALID_GUARDRAIL',
  /** A weight is absent, of an unknown kind, or outside its documented ranges. */
  INVALID_WEIGHT: 'INVALID_WEIGHT',
  /** A definition is malformed elsewhere: description, run, kind, annotations, scope, brand. */
  INVALID_DEFINITION: 'INVALID_DEFINITION',
  /** `createCatalog` or `scanCatalog` was given options it does not take (`tools` not an array). */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** An orchestrator's scope names a tool the catalog does not hold. */
  UNKNOWN_SCOPE_TOOL: 'UNKNOWN_SCOPE_TOOL',
  /** An exposure names a tool the catalog does not hold. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** An exposure set that a server asserted holds no tool. */
  EMPTY_EXPOSURE: 'EMPTY_EXPOSURE',
  /** The scanned directory could not be read or one of its modules could not be imported. */
  SCAN_FAILED: 'SCAN_FAILED',
  /**
   * A `pattern` of a published input or output document can take super-linear time on some text (a
   * ReDoS risk), or the checker cannot show within its budget that it does not.
   */
  UNSAFE_PATTERN: 'UNSAFE_PATTERN',
} as const);

/** One of {@link CATALOG_ERROR_CODES}. */
export type CatalogErrorCode = (typeof CATALOG_ERROR_CODES)[keyof typeof CATALOG_ERROR_CODES];

/** The structured facts of a {@link CatalogError}: where the fault is, never consumer data. */
export interface CatalogErrorDetails {
  /** The tool's name, when it has one. */
  readonly tool?: string;
  /** The absolute path of the module the definition (or the fault) came from, when scanned. */
  readonly module?: string;
  /**
   * Where in the definition the fault is: a JSON pointer into a schema (`/properties/id`, `''` for
   * the root) or a property path of the definition (`guardrails.input[1]`).
   */
  readonly path?: string;
}

/**
 * Thrown when the catalog cannot be built or an exposure cannot be served. The message names the
 * tool (or, for a nameless definition, the module file or list position) and the fault; `code` is
 * stable for programs, `details` holds the tool, module and path as fields, and `cause` carries
 * the underlying error (a `SchemaDefectError` for an unrenderable schema, the import failure for a
 * scan).
 */
export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  readonly code: CatalogErrorCode;
  /** Frozen; holds only the facts that were given. */
  readonly details: CatalogErrorDetails;

  constructor(
    code: CatalogErrorCode,
    message: string,
    options: CatalogErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, tool, module, path } = options;
    super(message, 'cause' in options ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze({
      ...(tool === undefined ? {} : { tool }),
      ...(module === undefined ? {} : { module }),
      ...(path === undefined ? {} : { path }),
    });
  }
}
