import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';
import { JSON_SCHEMA_2020_12 } from './internal/publish-leaves.ts';
import { Publisher } from './internal/publisher.ts';
import type { JsonObject } from './json.ts';
import { mcpHeadersOf, refuseMcpHeaders } from './mcp-header.ts';

export { JSON_SCHEMA_2020_12 };

/**
 * A canonical published document: a plain JSON Schema 2020-12 object. Integer bounds of `Int64` are
 * `bigint` (exact); write the document with `stringifyCanonical`, which keeps them exact.
 */
export type CanonicalDocument = JsonObject;

/**
 * The canonical INPUT document of a declared schema: JSON Schema 2020-12 stating everything the
 * gate judges (see the package README for the rules), with the reserved `artifact_refs` property
 * removed from the root. A construct outside the vocabulary throws {@link SchemaDefectError}
 * (UNSUPPORTED_CONSTRUCT, MALFORMED_SCHEMA, INVALID_PATTERN, UNRESOLVABLE_REF,
 * CONFLICTING_DEFINITION, or INVALID_MCP_HEADER for an `x-mcp-header` breaking the revision's
 * rules) whose `details.path` points at the declaration in the published document. Each call
 * returns a fresh document.
 */
export function publishCanonical(schema: unknown): CanonicalDocument {
  const document = new Publisher('input').document(schema);
  mcpHeadersOf(document);
  return document;
}

/**
 * The canonical OUTPUT document of a declared schema, or `undefined` when the output is not an
 * object or uses a construct the vocabulary cannot describe truthfully (a tool with no output
 * document ships text alone). Same rules as {@link publishCanonical}, except that no `required` is
 * published and `artifact_refs` stays. A malformed declaration still throws, and so does an
 * `x-mcp-header` anywhere in it (INVALID_MCP_HEADER): only arguments travel in headers.
 */
export function publishCanonicalOutput(schema: unknown): CanonicalDocument | undefined {
  let document: CanonicalDocument;
  try {
    document = new Publisher('output').document(schema);
  } catch (error) {
    if (
      error instanceof SchemaDefectError &&
      error.code === SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT
    ) {
      return undefined;
    }
    throw error;
  }
  refuseMcpHeaders(document);
  return document;
}
