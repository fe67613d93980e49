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
}
