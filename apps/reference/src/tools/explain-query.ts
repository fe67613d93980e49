/**
 * `explain_query`: a thinker that explains how `search_documents` would read a query, computed
 * locally from the index: the words it keeps, the FTS5 expression they become, how many documents
 * hold each word and all of them, and which word narrows the search most. Its output carries its
 * reasoning (`steps` and `reasoning`) beside the facts. At depth 3 it dispatches the search itself
 * for a preview of the best hits.
 */
import { defineTool } from '@portcullis/catalog';
import { ArtifactRefs, Int64, SafeInteger, Uint8 } from '@portcullis/schema';
import Type from 'typebox';
import { wordsOf } from '../corpus/document-text.ts';
import { matchExpression } from '../corpus/queries.ts';
import { refuseInput } from './failures.ts';
import { QUERY_MAX_LENGTH, QUERY_MAX_WORDS, QUERY_WORD_PATTERN } from './search-documents.ts';
import type { DocumentServices } from './services.ts';

/** Hits previewed at depth 3. */
export const PREVIEW_HITS = 3;

interface Preview {
  readonly hits: readonly { readonly id: bigint; readonly title: string }[];
}

/** Builds the `explain_query` thinker over `services`. */
export function explainQueryTool(services: DocumentServices) {
  return defineTool({
    name: 'explain_query',
    title: 'Explain a query',
    description:
      'Explains how search_documents reads a query: the words kept, the full-text expression, how many documents hold each word and all of them, and why. Depth 0 gives the expression, 1 adds per-word counts, 2 the reasoning about the rarest word, 3 a preview of the best hits.',
    kind: 'thinker',
    input: Type.Object({
      query: Type.String({
        maxLength: QUERY_MAX_LENGTH,
        pattern: QUERY_WORD_PATTERN,
        description: `The query to explain, as it would be sent to search_documents: at least one and at most ${QUERY_MAX_WORDS} different words.`,
      }),
      depth: Type.Optional(
        Uint8({ minimum: 0, maximum: 3, description: 'How far to reason (default 1).' }),
      ),
      ...ArtifactRefs(),
    }),
    output: Type.Object({
      words: Type.Array(Type.String(), { description: 'The words searched for, in order.' }),
      expression: Type.String({ description: 'The FTS5 expression the words become.' }),
      word_documents: Type.Array(Type.Object({ word: Type.String(), documents: SafeInteger() })),
      matching_documents: SafeInteger({
        description: 'Documents holding every word (depth 2 and more).',
      }),
      preview: Type.Array(Type.Object({ id: Int64(), title: Type.String() })),
      steps: Type.Array(Type.String(), { description: 'The reasoning, one step per entry.' }),
      reasoning: Type.String({ description: 'The reasoning in one paragraph.' }),
    }),
    weight: { kind: 'compute', level: 2, minSeconds: 0, maxSeconds: 2 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (input, context) => {
      const depth = input.depth ?? 1;
      const words = [...new Set(wordsOf(input.query))];
      if (words.length > QUERY_MAX_WORDS) {
        refuseInput(
          `The \`query\` holds more than ${QUERY_MAX_WORDS} different words. Send fewer.`,
        );
      }
      const expression = matchExpression(words);
      const steps = [
        `The query holds ${words.length} distinct ${words.length === 1 ? 'word' : 'words'} once punctuation is dropped and letters are lower-cased.`,
        'Each word becomes a quoted FTS5 string and every one is required (AND), so no character of the query is read as search syntax.',
      ];
      const word_documents =
        depth >= 1
          ? await Promise.all(
              words.map(async (word) => ({
                word,
                documents: await services.index.documentsWithWord(word),
              })),
            )
          : [];
      if (depth >= 1) {
        const absent = word_documents.filter((entry) => entry.documents === 0).length;
        steps.push(
          absent === 0
            ? 'Every word occurs in at least one document.'
            : `${absent} of the words occur in no document, so the search finds nothing until they are dropped.`,
        );
      }
      let matching_documents = 0;
      if (depth >= 2) {
        matching_documents = (
          await services.index.search({
            words,
            limit: 1,
            snippetWords: 4,
          })
        ).total;
        const rarest = [...word_documents].sort((a, b) => a.documents - b.documents)[0];
        if (rarest !== undefined && words.length > 1) {
          steps.push(
            `The rarest word occurs in ${rarest.documents} documents; it bounds the result, and the other words narrow it to ${matching_documents}.`,
          );
        } else {
          steps.push(`${matching_documents} documents hold every word.`);
        }
        steps.push('Hits are ranked by BM25, a title match weighing four times a body match.');
      }
      let preview: { id: bigint; title: string }[] = [];
      if (depth >= 3) {
        const found = (await context.dispatch('search_documents', {
          query: words.join(' '),
          limit: PREVIEW_HITS,
        })) as Preview;
        preview = found.hits.map((hit) => ({ id: hit.id, title: hit.title }));
        steps.push(`A search run for the preview returned ${preview.length} of its best hits.`);
      }
      return {
        words,
        expression,
        word_documents,
        matching_documents,
        preview,
        steps,
        reasoning: steps.join(' '),
      };
    },
  });
}
