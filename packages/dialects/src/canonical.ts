import { defineDialect } from './internal/define.ts';
import { deepCopy } from './internal/rewrite.ts';

/**
 * The published JSON Schema 2020-12 document itself, for any audience that reads the full
 * specification. Renders a fresh copy (no aliasing of the input); its inverse is the identity.
 */
export const canonicalDialect = defineDialect({
  name: 'canonical',
  audience: 'any JSON Schema 2020-12 validator or model API',
  render: (canonical) => ({ schema: deepCopy(canonical), narrowed: [] }),
});
