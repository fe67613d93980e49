import type { SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { dropConstraints } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import {
  deepCopy,
  fromEntries,
  inDocumentOrder,
  omit,
  type Pass,
  rewrite,
} from './internal/rewrite.ts';
import { mergeRootRef } from './internal/root-ref.ts';

const REMOVED = new Set(['$schema', 'title']);

/** The string formats Gemini's JSON Schema support documents. */
const FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'time']);

/**
 * The value constraints of `node` outside the JSON Schema subset Gemini documents: exclusive
 * bounds, `multipleOf`, string lengths, `pattern`, `uniqueItems`, a format but `date-time`,
 * `date` and `time`. `minimum`, `maximum`, `minItems` and `maxItems` are kept.
 */
function droppedBy(node: SchemaObject): ReadonlySet<string> {
  const dropped = new Set([
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minLength',
    'maxLength',
    'pattern',
    'uniqueItems',
  ]);
  if (typeof node.format === 'string' && !FORMATS.has(node.format)) dropped.add('format');
  return dropped;
}

function render(canonical: SchemaObject, side: SchemaSide) {
  const narrowed: string[] = [];
  const pass: Pass = {
    after: (node, at, ctx) =>
      fromEntries(
        Object.entries(omit(dropConstraints(node, droppedBy(node), at, ctx), REMOVED)).map(
          ([key, value]) => {
            if (key === 'oneOf') return ['anyOf', value];
            if (key === 'const') return ['enum', [value]];
            return [key, value];
          },
        ),
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
  return { schema, narrowed: inDocumentOrder(schema, new Set(narrowed)) };
}

/**
 * Gemini through `parametersJsonSchema`: JSON Schema kept (`$defs`, recursion, maps, `minimum`,
 * `maximum`, item counts, unions, `type` lists with `null`), with `$schema` and `title` removed,
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
