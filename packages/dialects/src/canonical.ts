import type { Dialect } from './dialect.ts';
import { defineDialect } from './internal/define.ts';
import { deepCopy } from './internal/rewrite.ts';

/**
 * The published JSON Schema 2020-12 document itself, for any consumer that reads the full
 * specification. Renders a fresh copy (no aliasing of the input); its inverse is the identity.
 */
export const canonicalDialect: Dialect = defineDialect({
  name: 'canonical',
  consumer: 'any JSON Schema 2020-12 consumer',
  render: (canonical) => ({ schema: deepCopy(canonical), narrowed: [] }),
});
