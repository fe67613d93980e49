/**
 * Pins the public surface of @portcullis/dialects: the table, publishing in every dialect, the
 * foreign-schema inliner, the limits and the error. A new export, or one that changes kind, fails
 * here until this table is updated: every export is a reviewed decision.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { expect, it } from 'vitest';

it('exports exactly the reviewed names from the root entry', { timeout: 120_000 }, () => {
  expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual({
    ANTHROPIC_STRICT_LIMITS: 'const',
    ANTHROPIC_STRICT_UNROLL_DEPTH: 'const',
    DEFAULT_DIALECT: 'const',
    DIALECTS: 'const',
    DIALECT_ERROR_CODES: 'const',
    DIALECT_NAMES: 'const',
    Dialect: 'interface',
    DialectError: 'class',
    DialectErrorCode: 'type',
    DialectErrorDetails: 'interface',
    DialectName: 'type',
    INLINE_NODE_BUDGET: 'const',
    InlineOptions: 'interface',
    InlinePolicy: 'type',
    OPENAI_STRICT_LIMITS: 'const',
    Publication: 'interface',
    PublicationResult: 'type',
    SchemaMeasure: 'interface',
    SchemaSide: 'type',
    inlineRefs: 'function',
    isDialectName: 'function',
    measureSchema: 'function',
    publishEveryDialect: 'function',
  });
});
