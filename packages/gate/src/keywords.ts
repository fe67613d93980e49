/**
 * The keywords the gate understands, in two groups. `judged` keywords are asserted exactly as JSON
 * Schema 2020-12 defines them (with `format` asserted for the temporal formats); `annotations` carry
 * no assertion under 2020-12 and are read past. A document using any other keyword is refused at
 * compile time with `SchemaDefectError` (UNSUPPORTED_CONSTRUCT): a keyword the gate did not judge
 * would admit more than the document says.
 */
export const GATE_KEYWORDS = {
  judged: [
    'type',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'enum',
    'const',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'format',
    'anyOf',
    '$ref',
    '$defs',
  ],
  annotations: [
    '$schema',
    '$comment',
    'title',
    'description',
    'default',
    'examples',
    'deprecated',
    'readOnly',
    'writeOnly',
    // Vendor spellings some dialects carry; 2020-12 reads them as annotations.
    'nullable',
    'propertyOrdering',
    'example',
  ],
} as const;

/** A keyword of {@link GATE_KEYWORDS}. */
export type GateKeyword =
  | (typeof GATE_KEYWORDS.judged)[number]
  | (typeof GATE_KEYWORDS.annotations)[number];

/**
 * The formats the gate asserts: the vocabulary's temporal strings, in the RFC 3339 profile of
 * ISO-8601. Any other `format` in a document is a defect, never silently an annotation.
 */
export { TEMPORAL_FORMATS, type TemporalFormat } from '@portcullis/schema';

/**
 * The path segment that stands for a map entry's key in a refusal: keys are the caller's words and
 * are never repeated, so every entry of the map `/tags` is reported at `/tags/<entry>`.
 */
export const MAP_ENTRY_SEGMENT = '<entry>';
