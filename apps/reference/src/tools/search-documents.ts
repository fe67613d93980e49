/** `search_documents`: ranked full-text search with a recursive filter and snippets. */
import { defineTool } from '@portcullis/catalog';
import { DateTime, Int8, Int64, Map as MapOf, SafeInteger, Uint8 } from '@portcullis/schema';
import Type from 'typebox';
import { wordsOf } from '../corpus/document-text.ts';
import { compileFilter } from '../corpus/filter.ts';
import { formatDateTime, parseDateTime } from '../corpus/temporal.ts';
import { refuseInput } from './failures.ts';
import type { DocumentServices } from './services.ts';
import { Filter, Priority } from './vocabulary.ts';

/** The most words a query may hold. */
export const QUERY_MAX_WORDS = 32;

/** The most characters (code points) a query may hold. */
export const QUERY_MAX_LENGTH = 1000;

/** A query holds a word: a letter or a digit somewhere (what `wordsOf` reads as words). */
export const QUERY_WORD_PATTERN = '[\\p{L}\\p{N}]';

/** Hits returned when `limit` is omitted. */
export const DEFAULT_LIMIT = 10;

/** Words around a match in a snippet when `snippet_words` is omitted. */
export const DEFAULT_SNIPPET_WORDS = 16;

/** Builds the `search_documents` tool over `services`. */
export function searchDocumentsTool(services: DocumentServices) {
  return defineTool({
    name: 'search_documents',
    title: 'Search documents',
    description:
      'Finds the documents that contain every word of a query, best match first (or by modification time, with `order`), with a snippet around the matches (marked with [ and ]). Narrow the search with a filter on path, tag and modification date.',
    input: Type.Object({
      query: Type.String({
        maxLength: QUERY_MAX_LENGTH,
        pattern: QUERY_WORD_PATTERN,
        description: `Words to find; each must occur. Letters and digits form words; anything else separates them. At least one and at most ${QUERY_MAX_WORDS} different words.`,
      }),
      filter: Type.Optional(
        Type.Union([Filter, Type.Null()], {
          description: 'Which documents to search; absent or null searches them all.',
        }),
      ),
      order: Type.Optional(
        Type.Union(
          [
            Type.Object(
              { by: Type.Literal('relevance') },
              { description: 'Best match first (the default).' },
            ),
            Type.Object(
              {
                by: Type.Literal('modified'),
                direction: Type.Union([Type.Literal('newest'), Type.Literal('oldest')], {
                  description: 'Newest or oldest first.',
                }),
              },
              { description: 'By modification time.' },
            ),
          ],
          { description: 'The order of the hits, chosen by `by`.' },
        ),
      ),
      limit: Type.Optional(
        Uint8({
          minimum: 1,
          maximum: 50,
          description: `Most hits to return (default ${DEFAULT_LIMIT}).`,
        }),
      ),
      snippet_words: Type.Optional(
        Int8({
          minimum: 4,
          maximum: 64,
          description: `Words in each snippet (default ${DEFAULT_SNIPPET_WORDS}).`,
        }),
      ),
      modified_after: Type.Optional(
        DateTime({ description: 'Only documents modified after this instant.' }),
      ),
    }),
    output: Type.Object({
      hits: Type.Array(
        Type.Object({
          id: Int64({ description: 'The document id, for read_document and tag_documents.' }),
          path: Type.String(),
          title: Type.String(),
          snippet: Type.String(),
          score: Type.Number({ description: 'Relevance; higher is better.' }),
          modified: DateTime(),
          tags: MapOf(Priority, { description: 'Tags consumers assigned, with their priorities.' }),
        }),
      ),
      total_matches: SafeInteger({
        description: 'Documents matching in all, beyond the limit too.',
      }),
      words: Type.Array(Type.String(), { description: 'The words searched for.' }),
    }),
    weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (input) => {
      const words = [...new Set(wordsOf(input.query))];
      if (words.length > QUERY_MAX_WORDS) {
        refuseInput(
          `The \`query\` holds more than ${QUERY_MAX_WORDS} different words. Send fewer.`,
        );
      }
      let filter: { sql: string; params: readonly (string | number)[] } | undefined;
      if (input.filter !== undefined && input.filter !== null) {
        const compiled = compileFilter(input.filter, services.now());
        if (!compiled.ok) refuseInput(compiled.refusal.text);
        filter = compiled.value;
      }
      const { hits, total } = await services.index.search({
        words,
        ...(filter === undefined ? {} : { filter }),
        ...(input.modified_after === undefined
          ? {}
          : { modifiedAfterMs: parseDateTime(input.modified_after) }),
        ...(input.order?.by === 'modified' ? { order: input.order.direction } : {}),
        limit: input.limit ?? DEFAULT_LIMIT,
        snippetWords: input.snippet_words ?? DEFAULT_SNIPPET_WORDS,
      });
      return {
        hits: hits.map((hit) => ({
          id: hit.id,
          path: hit.path,
          title: hit.title,
          snippet: hit.snippet,
          score: hit.score,
          modified: formatDateTime(hit.mtimeMs),
          tags: hit.tags,
        })),
        total_matches: total,
        words,
      };
    },
  });
}
