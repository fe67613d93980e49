/** `tag_documents`: gives documents tags with priorities, in one transaction. */
import { defineTool } from '@portcullis/catalog';
import { Int64, Map as MapOf, SafeInteger, stringifyCanonical, Unknown } from '@portcullis/schema';
import Type from 'typebox';
import { TAG_PATTERN } from '../corpus/document-text.ts';
import { notFound } from './failures.ts';
import type { DocumentServices } from './services.ts';
import { Priority } from './vocabulary.ts';

/** The most documents one call may tag. */
export const TAG_MAX_DOCUMENTS = 100;

/** The most tags one call may write. */
export const TAG_MAX_TAGS = 20;

/** Builds the `tag_documents` tool over `services`. */
export function tagDocumentsTool(services: DocumentServices) {
  return defineTool({
    name: 'tag_documents',
    title: 'Tag documents',
    description: `Gives every listed document every listed tag at its priority, all in one transaction: either the whole write happens or none of it. Writing a tag a document already has at that priority changes nothing, so repeating a call is safe. At most ${TAG_MAX_DOCUMENTS} documents and ${TAG_MAX_TAGS} tags per call.`,
    input: Type.Object({
      ids: Type.Array(Int64(), {
        minItems: 1,
        maxItems: TAG_MAX_DOCUMENTS,
        uniqueItems: true,
        description: 'The document ids (from search_documents), each once.',
      }),
      tags: MapOf(Priority, {
        minProperties: 1,
        maxProperties: TAG_MAX_TAGS,
        keys: Type.String({
          pattern: TAG_PATTERN,
          description:
            'A tag name: 1 to 64 letters, digits, `.`, `_`, `/` or `-`, starting with a letter or digit.',
        }),
        description: `Tag name to priority, 1 to ${TAG_MAX_TAGS} tags.`,
      }),
      note: Type.Optional(
        Unknown({ description: 'Any JSON to keep with this write in the audit log.' }),
      ),
    }),
    output: Type.Object({
      documents: SafeInteger({ description: 'Distinct documents tagged.' }),
      pairs: SafeInteger({ description: 'Document and tag pairs written.' }),
      changed: SafeInteger({ description: 'Pairs that were new or changed priority.' }),
    }),
    weight: { kind: 'lookup', level: 2, minSeconds: 0, maxSeconds: 2 },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    // The contract states every rule of the shape (counts, distinct ids, tag names): the gate has
    // judged them all before this runs.
    run: async (input, context) => {
      const documents = input.ids.length;
      const note = input.note === undefined ? null : stringifyCanonical(input.note as never);
      const written = await services.index.tag(
        input.ids,
        input.tags,
        context.consumer,
        note,
        services.now(),
        context.signal,
      );
      if (!written.ok) notFound('document');
      return { documents, pairs: written.value.pairs, changed: written.value.changed };
    },
  });
}
