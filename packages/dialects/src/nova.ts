import type { SchemaObject } from '@portcullis/schema';
import type { Dialect, SchemaSide } from './dialect.ts';
import { inlineRefs } from './inline-refs.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { deepCopy, fromEntries } from './internal/rewrite.ts';

function render(canonical: SchemaObject, side: SchemaSide) {
  const inlined = objectRoot(inlineRefs(deepCopy(canonical), 'canonical'), 'nova', side);
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
 * Amazon Nova through Bedrock Converse `toolSpec.inputSchema.json`. References inlined and cycles
 * broken (Nova refuses `$defs`); the root holds exactly `type`, `properties` and `required` (root
 * closure, `$schema`, `title` and `description` removed; the canonical pass judges closure), every
 * keyword below the root kept. Inverse: the identity.
 */
export const novaDialect: Dialect = defineDialect({
  name: 'nova',
  consumer: 'Amazon Nova through Bedrock Converse toolSpec.inputSchema.json',
  render,
});
