import type { SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { type Drops, dropConstraints, parentsFirst } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { deepCopy, fromEntries, omit, type Pass, rewrite } from './internal/rewrite.ts';
import { mergeRootRef } from './internal/root-ref.ts';

// `x-mcp-header` is outside the documented subset; the server does not expect the header here.
const REMOVED = new Set(['$schema', 'title', 'x-mcp-header']);

/** The string formats Gemini's JSON Schema support documents. */
const FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'time']);

/**
 * The value constraints of `node` outside the JSON Schema subset Gemini documents: exclusive
 * bounds, `multipleOf`, string lengths, `pattern`, `uniqueItems`, a format but `date-time`,
 * `date` and `time`. `minimum`, `maximum`, `minItems` and `maxItems` are kept.
 */
const drops: Drops = (keyword, node) => {
  switch (keyword) {
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
    case 'minLength':
    case 'maxLength':
    case 'pattern':
    case 'uniqueItems':
    case 'propertyNames':
    case 'minProperties':
    case 'maxProperties':
      return true;
    case 'format':
      return !FORMATS.has(String(node.format));
    default:
      return false;
  }
};

function render(canonical: SchemaObject, side: SchemaSide) {
  const narrowed: string[] = [];
  const pass: Pass = {
    after: (node, at, ctx) =>
      fromEntries(
        Object.entries(omit(dropConstraints(node, drops, at, ctx), REMOVED)).map(([key, value]) => {
          if (key === 'oneOf') return ['anyOf', value];
          if (key === 'const') return ['enum', [value]];
          return [key, value];
        }),
      ),
  };
  const schema = objectRoot(
    // An output narrows nothing: its drops are stated in words, never listed.
    rewrite(mergeRootRef(deepCopy(canonical)), pass, {
      narrowed: side === 'input' ? narrowed : [],
    }),
    'gemini_json',
    side,
  );
  return { schema, narrowed: parentsFirst(narrowed) };
}

/**
 * Gemini through `parametersJsonSchema`: JSON Schema kept (`$defs`, recursion, maps, `minimum`,
 * `maximum`, item counts, unions, `type` lists with `null`), with `$schema`, `title` and
 * `x-mcp-header` removed,
 * `const` spelled as a one-value `enum` and `oneOf` as `anyOf`, a root reference merged into the
 * root (Gemini refuses a `$ref` at the root); exclusive bounds, `multipleOf`, string lengths,
 * `pattern`, `uniqueItems` and formats but `date-time`, `date` and `time` dropped, stated in words
 * and reported. Inverse: the identity.
 */
export const geminiJsonDialect = defineDialect({
  name: 'gemini_json',
  audience: 'Gemini function declarations, `parametersJsonSchema`',
  render,
});
