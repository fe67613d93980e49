/**
 * Keywords that describe a value without constraining it. The publisher copies them (as JSON) onto
 * the published node; every other keyword an author writes must belong to the vocabulary.
 */
export const ANNOTATION_KEYWORDS = [
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
] as const;

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
