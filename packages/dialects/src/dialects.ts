import { anthropicStrictDialect } from './anthropic-strict.ts';
import { canonicalDialect } from './canonical.ts';
import type { Dialect } from './dialect.ts';
import { geminiDialect } from './gemini.ts';
import { geminiJsonDialect } from './gemini-json.ts';
import type { DialectName } from './names.ts';
import { novaDialect } from './nova.ts';
import { openaiStrictDialect } from './openai-strict.ts';

/**
 * Every dialect, keyed by wire name. Adding a dialect means adding its name to `DIALECT_NAMES`,
 * its entry here, and its rules to the exhaustive rules test; the type refuses a partial table.
 */
export const DIALECTS: { readonly [TName in DialectName]: Dialect & { readonly name: TName } } = {
  canonical: { ...canonicalDialect, name: 'canonical' },
  openai_strict: { ...openaiStrictDialect, name: 'openai_strict' },
  gemini: { ...geminiDialect, name: 'gemini' },
  gemini_json: { ...geminiJsonDialect, name: 'gemini_json' },
  nova: { ...novaDialect, name: 'nova' },
  anthropic_strict: { ...anthropicStrictDialect, name: 'anthropic_strict' },
};
