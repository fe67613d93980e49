/**
 * The document artifact `read_document` returns. Its `ref` starts `null`; the call's artifact
 * registry stamps it (`document:<uuid>`) when the tool registers it, and that ref is what a
 * consumer passes back to name this exact reading of the document.
 */
import { defineArtifactType } from '@portcullis/dispatcher';
import type { Priority } from '../corpus/database-schema.ts';

/** One reading of a document: the lines asked for, with what the index knows about it. */
export class DocumentArtifact {
  ref: string | null = null;
  readonly id: bigint;
  readonly path: string;
  readonly title: string;
  readonly text: string;
  readonly first_line: number;
  readonly line_count: number;
  readonly modified: string;
  readonly size_bytes: number;
  readonly words: number;
  readonly tags: Record<string, Priority>;
  readonly file_tags: string[];

  constructor(fields: Omit<DocumentArtifact, 'ref'>) {
    this.id = fields.id;
    this.path = fields.path;
    this.title = fields.title;
    this.text = fields.text;
    this.first_line = fields.first_line;
    this.line_count = fields.line_count;
    this.modified = fields.modified;
    this.size_bytes = fields.size_bytes;
    this.words = fields.words;
    this.tags = fields.tags;
    this.file_tags = fields.file_tags;
  }
}

/** The artifact type a server registers so refs of documents read `document:<id>`. */
export const DOCUMENT_ARTIFACT = defineArtifactType('document', DocumentArtifact);
