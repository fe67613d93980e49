/*
 * Pins the public surface of `@portcullis/catalog`: every name `src/index.ts` exports, with its
 * kind. Adding, removing or retyping an export changes this table, so it is a reviewed decision.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';

describe('the surface of @portcullis/catalog', () => {
  it('exports exactly these names', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toStrictEqual({
      AnyToolDefinition: 'type',
      ToolArtifactRegistry: 'interface',
      CATALOG_ERROR_CODES: 'const',
      Catalog: 'interface',
      CatalogEntry: 'interface',
      CatalogError: 'class',
      CatalogErrorCode: 'type',
      CatalogErrorDetails: 'interface',
      CatalogOptions: 'interface',
      ContextFor: 'type',
      DEFAULT_SCAN_EXTENSIONS: 'const',
      DispatchingContext: 'interface',
      Exposure: 'interface',
      ExposurePredicate: 'type',
      KIND_META_KEY: 'const',
      TOOL_LOG_LEVELS: 'const',
      ToolLogLevel: 'type',
      OutputOf: 'type',
      PublishedTool: 'interface',
      PublishedToolMeta: 'interface',
      RegistryContext: 'interface',
      ScanOptions: 'interface',
      THINKER_DEPTH_MAX: 'const',
      THINKER_DEPTH_MIN: 'const',
      TOOL_KINDS: 'const',
      TOOL_NAME_MAX_LENGTH: 'const',
      TOOL_NAME_PATTERN: 'const',
      ThinkerContractProperties: 'interface',
      ThinkerInputProperties: 'type',
      ToolAdmissionGuardrail: 'interface',
      ToolAnnotations: 'interface',
      ToolContext: 'interface',
      ToolDefinition: 'interface',
      ToolGuardrailSubject: 'interface',
      ToolGuardrailVerdict: 'type',
      ToolGuardrails: 'interface',
      ToolInputGuardrail: 'interface',
      ToolKind: 'type',
      ToolOrigin: 'type',
      ToolOutputGuardrail: 'interface',
      ToolSpec: 'interface',
      ToolWeight: 'interface',
      WEIGHT_KINDS: 'const',
      WEIGHT_LEVEL_MAX: 'const',
      WEIGHT_LEVEL_MIN: 'const',
      WEIGHT_META_KEY: 'const',
      WeightKind: 'type',
      assertExposure: 'function',
      createCatalog: 'function',
      defineTool: 'function',
      exposure: 'function',
      isToolDefinition: 'function',
      isToolKind: 'function',
      isValidToolName: 'function',
      scanCatalog: 'function',
      thinkerInput: 'function',
    });
  });
});
