/**
 * The keywords the gate understands, in two groups. `judged` keywords are asserted exactly as JSON
 * Schema 2020-12 defines them (with `format` asserted for the formats the gate names, and `nullable`
 * read as OpenAPI 3.0 does: `nullable: true` beside a `type` or an `enum` also admits `null`, the
 * spelling some dialects publish for `[T, "null"]`); `annotations` carry
 * no assertion under 2020-12 and are read past. A document using any other keyword is refused at
 * compile time with `SchemaDefectError` (UNSUPPORTED_CONSTRUCT): a keyword the gate did not judge
 * would admit more than the document says. The formats it asserts are schema's `TEMPORAL_FORMATS`.
 * Frozen, lists included.
 */
export const GATE_KEYWORDS = Object.freeze({
  judged: Object.freeze([
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
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minProperties',
    'maxProperties',
    'propertyNames',
    'multipleOf',
    'nullable',
  ] as const),
  annotations: Object.freeze([
    '$schema',
    '$comment',
    'title',
    'description',
    'default',
    'examples',
    'deprecated',
    'readOnly',
    'writeOnly',
    // SEP-2243: an input property mirrored into an `Mcp-Param-*` header; the server judges it.
    'x-mcp-header',
    // Vendor spellings some dialects carry; 2020-12 reads them as annotations.
    'propertyOrdering',
    'example',
  ] as const),
});

/** A keyword of {@link GATE_KEYWORDS}. */
export type GateKeyword =
  | (typeof GATE_KEYWORDS.judged)[number]
  | (typeof GATE_KEYWORDS.annotations)[number];

/**
 * The path segment that stands for a map entry's key in a refusal: keys are the caller's words and
 * are never repeated, so every entry of the map `/tags` is reported at `/tags/<entry>`.
 */
export const MAP_ENTRY_SEGMENT = '<entry>';
