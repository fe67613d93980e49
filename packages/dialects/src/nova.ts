import type { SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { expandOptions } from './inline-refs.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { expandRefs } from './internal/inline.ts';
import { deepCopy, fromEntries, omit, rewrite } from './internal/rewrite.ts';

/** Undocumented for Nova below the root; the server does not expect the header here. */
const REMOVED = new Set(['x-mcp-header']);

function render(canonical: SchemaObject, side: SchemaSide) {
  const expanded = expandRefs(deepCopy(canonical), {
    ...expandOptions('canonical'),
    dialect: 'nova',
  }).schema;
  const inlined = objectRoot(
    rewrite(expanded, { after: (node) => omit(node, REMOVED) }, { narrowed: [] }),
    'nova',
    side,
  );
  const root: [string, unknown][] = [
    ['type', 'object'],
    ['properties', inlined.properties ?? {}],
  ];
  if (side === 'input' || Object.hasOwn(inlined, 'required')) {
    root.push(['required', inlined.required ?? []]);
  }
  return { schema: fromEntries(root), narrowed: [] };
}

/**
 * Amazon Nova through Bedrock Converse `toolSpec.inputSchema.json`. References inlined and each
 * cycle broken to an object whose description names the definition, no `title` (Nova refuses
 * `$defs`); the root holds exactly `type`, `properties` and `required` (root closure, `$schema`,
 * `title` and `description` removed; the canonical pass judges closure), every keyword below the
 * root kept but `x-mcp-header`. Inverse: the identity.
 */
export const novaDialect = defineDialect({
  name: 'nova',
  audience: 'Amazon Nova through Bedrock Converse toolSpec.inputSchema.json',
  render,
});
