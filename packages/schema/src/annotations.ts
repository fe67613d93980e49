/**
 * Keywords that describe a value without constraining it: the one list of them. The publisher
 * copies them (as JSON) onto the published node, and every other keyword an author writes must
 * belong to the vocabulary; a dialect may drop them without changing what a document admits.
 */
export const ANNOTATION_KEYWORDS = Object.freeze([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  // SEP-2243: mirrors an input property into an `Mcp-Param-*` header; placement checked at publish.
  'x-mcp-header',
] as const);

/** The annotation options every vocabulary builder accepts. */
export interface AnnotationOptions {
  title?: string;
  description?: string;
  default?: unknown;
  examples?: readonly unknown[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  $comment?: string;
  /**
   * Mirrors this input property into the HTTP header `Mcp-Param-<name>` (revision 2026-07-28): a
   * string, safe integer or boolean property reached from the root through properties alone.
   */
  'x-mcp-header'?: string;
}
