/** `read_document`: a document (or some of its lines) as an artifact with its ref. */
import { defineTool } from '@portcullis/catalog';
import { DateTime, Int32, Int64, Map as MapOf, SafeInteger, Uint32 } from '@portcullis/schema';
import { embeddedResourceContent, withContent } from '@portcullis/server';
import Type from 'typebox';
import { formatDateTime } from '../corpus/temporal.ts';
import { DocumentArtifact } from './document-artifact.ts';
import { notFound } from './failures.ts';
import type { DocumentServices } from './services.ts';
import { Priority } from './vocabulary.ts';

/** The URI of a document's embedded resource: this prefix and its id. */
export const DOCUMENT_URI_PREFIX = 'portcullis-reference://documents/';

/** Builds the `read_document` tool over `services`. */
export function readDocumentTool(services: DocumentServices) {
  return defineTool({
    name: 'read_document',
    title: 'Read a document',
    description:
      'Returns a document by its id (from search_documents) as an artifact with a ref, its text whole or the lines asked for, and its tags; the text also comes as an embedded resource.',
    input: Type.Object({
      id: Int64({ description: 'The document id.' }),
      start_line: Type.Optional(
        Int32({
          description:
            'The first line to return, counting from 1; a negative number counts from the end (-1 is the last line). Default 1.',
        }),
      ),
      max_lines: Type.Optional(Uint32({ minimum: 1, description: 'The most lines to return.' })),
    }),
    output: Type.Object({
      document: Type.Object({
        ref: Type.String({ description: 'The artifact ref, `document:<uuid>`.' }),
        id: Int64(),
        path: Type.String(),
        title: Type.String(),
        text: Type.String({ description: 'The lines returned.' }),
        first_line: SafeInteger({ description: 'The number of the first line returned, from 1.' }),
        line_count: SafeInteger({ description: 'Lines in the whole document.' }),
        modified: DateTime(),
        size_bytes: Uint32(),
        words: SafeInteger(),
        tags: MapOf(Priority),
        file_tags: Type.Array(Type.String()),
      }),
    }),
    weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    registryAware: true,
    run: async (input, context) => {
      const record = (await services.index.get(input.id)) ?? notFound('document');
      const lines = record.body.split(/\r?\n/);
      const requested = input.start_line ?? 1;
      const start =
        requested > 0 ? requested - 1 : requested < 0 ? Math.max(0, lines.length + requested) : 0;
      const end = input.max_lines === undefined ? lines.length : start + input.max_lines;
      const document = new DocumentArtifact({
        id: record.id,
        path: record.path,
        title: record.title,
        text: lines.slice(start, end).join('\n'),
        first_line: Math.min(start, lines.length) + 1,
        line_count: lines.length,
        modified: formatDateTime(record.mtimeMs),
        size_bytes: record.sizeBytes,
        words: record.words,
        tags: { ...record.tags },
        file_tags: [...record.fileTags],
      });
      context.registry.register(document);
      // The same lines as an embedded resource, for a client that shows documents as such.
      return withContent({ document: document as DocumentArtifact & { ref: string } }, [
        embeddedResourceContent({
          uri: `${DOCUMENT_URI_PREFIX}${record.id}`,
          mimeType: record.path.toLowerCase().endsWith('.txt') ? 'text/plain' : 'text/markdown',
          text: document.text,
        }),
      ]);
    },
  });
}
