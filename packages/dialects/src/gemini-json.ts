import type { SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { deepCopy, fromEntries, omit, rewrite } from './internal/rewrite.ts';
import { mergeRootRef } from './internal/root-ref.ts';

const REMOVED = new Set(['$schema', 'title', 'exclusiveMinimum', 'exclusiveMaximum']);

function render(canonical: SchemaObject, side: SchemaSide) {
  const pass = {
    after: (node: SchemaObject) =>
      fromEntries(
        Object.entries(omit(node, REMOVED)).map(([key, value]) => {
          if (key === 'oneOf') return ['anyOf', value];
          if (key === 'const') return ['enum', [value]];
          return [key, value];
        }),
      ),
  };
  const schema = objectRoot(
    rewrite(mergeRootRef(deepCopy(canonical)), pass, { narrowed: [] }),
    'gemini_json',
    side,
  );
  return { schema, narrowed: [] };
}

/**
 * Gemini through `parametersJsonSchema`: JSON Schema kept (`$defs`, recursion, maps, bounds), with
 * `$schema`, `title`, `exclusiveMinimum` and `exclusiveMaximum` removed, `const` spelled as a
 * one-value `enum` and `oneOf` as `anyOf`, a root reference merged into the root (Gemini
 * refuses a `$ref` at the root). Inverse: the identity.
 */
export const geminiJsonDialect = defineDialect({
  name: 'gemini_json',
  audience: 'Gemini function declarations, `parametersJsonSchema`',
  render,
});
