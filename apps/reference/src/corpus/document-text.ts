/**
 * What the index reads from a document's text: its title, its tags and its body. A Markdown file
 * may open with a front-matter block (`---` lines) holding `title:` and `tags: [a, b]`; otherwise
 * the title is its first `#` heading, or the first non-empty line of any file, or its file name.
 */

/** The parts of a document the index stores. */
export interface DocumentText {
  readonly title: string;
  readonly tags: readonly string[];
  readonly body: string;
  readonly words: number;
}

/** The longest title kept; a longer first line is cut at a word boundary. */
export const TITLE_MAX_LENGTH = 200;

/** A tag as a file or a consumer may write it: letters, digits, `-`, `_`, `.` and `/`, 1 to 64 long. */
export const TAG_PATTERN = '^[\\p{L}\\p{N}][\\p{L}\\p{N}._/-]{0,63}$';
const TAG = new RegExp(TAG_PATTERN, 'u');

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const WORD = /[\p{L}\p{N}]+/gu;

function shorten(line: string): string {
  const trimmed = line.trim();
  if (trimmed.length <= TITLE_MAX_LENGTH) return trimmed;
  const cut = trimmed.lastIndexOf(' ', TITLE_MAX_LENGTH);
  return `${trimmed.slice(0, cut > 0 ? cut : TITLE_MAX_LENGTH)}…`;
}

function readFrontMatter(block: string): { title?: string; tags: string[] } {
  let title: string | undefined;
  const tags: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    const field = /^(title|tags):\s*(.*)$/.exec(line);
    if (field === null) continue;
    const value = (field[2] ?? '').trim();
    if (field[1] === 'title' && value !== '') title = shorten(value.replace(/^["']|["']$/g, ''));
    if (field[1] === 'tags') {
      for (const raw of value.replace(/^\[|\]$/g, '').split(',')) {
        const tag = raw.trim().replace(/^["']|["']$/g, '');
        if (TAG.test(tag) && !tags.includes(tag)) tags.push(tag);
      }
    }
  }
  return title === undefined ? { tags } : { title, tags };
}

/** Reads a document's title, tags, body and word count; `fileName` is the fallback title. */
export function readDocumentText(text: string, fileName: string, markdown: boolean): DocumentText {
  let body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let title: string | undefined;
  let tags: string[] = [];
  if (markdown) {
    const front = FRONT_MATTER.exec(body);
    if (front !== null) {
      const fields = readFrontMatter(front[1] ?? '');
      title = fields.title;
      tags = fields.tags;
      body = body.slice(front[0].length).replace(/^(?:\r?\n)+/, '');
    }
    title ??= /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  }
  title ??= body.split(/\r?\n/).find((line) => line.trim() !== '');
  title = title === undefined ? fileName : shorten(title);
  const words = body.match(WORD)?.length ?? 0;
  return { title, tags, body, words };
}

/** The words of a text as the search reads them: runs of letters and digits, lower-cased. */
export function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map((word) => word.toLowerCase());
}
