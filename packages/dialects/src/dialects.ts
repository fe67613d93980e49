import { anthropicStrictDialect } from './anthropic-strict.ts';
import { canonicalDialect } from './canonical.ts';
import type { Dialect } from './dialect.ts';
import { geminiDialect } from './gemini.ts';
import { geminiJsonDialect } from './gemini-json.ts';
import type { DialectName } from './names.ts';
import { novaDialect } from './nova.ts';
import { openaiStrictDialect } from './openai-strict.ts';

/**
 * Every dialect, keyed by wire name, frozen (so are its entries). Adding a dialect means adding its
 * name to `DIALECT_NAMES`, its entry here, and its rules to the exhaustive rules test; the type
 * refuses a partial table.
 */
export const DIALECTS: { readonly [TName in DialectName]: Dialect & { readonly name: TName } } =
  Object.freeze({
    canonical: canonicalDialect,
    openai_strict: openaiStrictDialect,
    gemini: geminiDialect,
    gemini_json: geminiJsonDialect,
    nova: novaDialect,
    anthropic_strict: anthropicStrictDialect,
  });
