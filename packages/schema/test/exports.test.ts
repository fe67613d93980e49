/**
 * Pins the public surface of both entries, names and kinds: the root entry holds what a tool author
 * needs; `@portcullis/schema/document` holds the JSON Schema plumbing the sibling packages share.
 * Adding, removing or changing an export is a reviewed decision that changes this table.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';

describe('the public surface', () => {
  it('of @portcullis/schema', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual({
      ARTIFACT_REFS_PROPERTY: 'const',
      AnnotationOptions: 'interface',
      ArtifactRefs: 'function',
      CanonicalDocument: 'type',
      ConformRefusal: 'interface',
      ConformResult: 'type',
      ConformType: 'type',
      Date: 'function',
      DateTime: 'function',
      Duration: 'function',
      INT64_MAX: 'const',
      INT64_MIN: 'const',
      INTEGER_WIDTHS: 'const',
      Int16: 'function',
      Int32: 'function',
      Int64: 'function',
      Int64Options: 'interface',
      Int8: 'function',
      IntegerOptions: 'interface',
      IntegerWidth: 'type',
      JSON_SCHEMA_2020_12: 'const',
      JsonObject: 'type',
      JsonValue: 'type',
      Map: 'function',
      MapOptions: 'interface',
      Recursive: 'function',
      SCHEMA_ERROR_CODES: 'const',
      STRING_FORMATS: 'const',
      STRING_KEY_PATTERN: 'const',
      SafeInteger: 'function',
      SchemaDefectDetails: 'interface',
      SchemaDefectError: 'class',
      SchemaDefectOptions: 'interface',
      SchemaErrorCode: 'type',
      StringFormat: 'type',
      TArtifactRefs: 'type',
      TEMPORAL_FORMATS: 'const',
      TStringMap: 'interface',
      TemporalFormat: 'type',
      Time: 'function',
      Uint16: 'function',
      Uint32: 'function',
      Uint8: 'function',
      Unknown: 'function',
      conform: 'function',
      publishCanonical: 'function',
      publishCanonicalOutput: 'function',
      stringifyCanonical: 'function',
    });
  });

  it('of @portcullis/schema/document', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/document.ts'))).toEqual({
      ANNOTATION_KEYWORDS: 'const',
      DUPLICATE_KEY: 'const',
      Discriminator: 'interface',
      MCP_HEADER_KEYWORD: 'const',
      MCP_PARAM_HEADER_PREFIX: 'const',
      McpHeaderDeclaration: 'interface',
      McpHeaderType: 'type',
      SUBSCHEMA_KEYWORDS: 'const',
      SchemaNode: 'type',
      SchemaObject: 'type',
      defRef: 'function',
      discriminatorOf: 'function',
      escapePointerSegment: 'function',
      freezeJson: 'function',
      isArraySubschemaKeyword: 'function',
      isDuplicateKey: 'function',
      isJsonObject: 'function',
      isJudgedFormat: 'function',
      isMapSubschemaKeyword: 'function',
      isSingleSubschemaKeyword: 'function',
      isStringFormat: 'function',
      isTemporalFormat: 'function',
      mapSubschemas: 'function',
      mcpHeadersOf: 'function',
      refOf: 'function',
      refSegments: 'function',
      resolveRef: 'function',
      tryResolveRef: 'function',
      walkSchema: 'function',
    });
  });

  it('points package.json at both built entries, types first', { timeout: 120_000 }, async () => {
    const manifest = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(manifest.exports).toEqual({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './document': { types: './dist/document.d.ts', default: './dist/document.js' },
      './package.json': './package.json',
    });
  });
});
