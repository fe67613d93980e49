/**
 * The terms of a text as SQLite's FTS5 `unicode61` tokenizer (with `remove_diacritics 2`) reads
 * them: runs of letters, digits and private-use characters, lower-cased, with diacritics dropped.
 * PostgreSQL has no such tokenizer, so its corpus stores these terms (as a `tsvector` and with
 * their counts) and ranks with them, which is what makes both stores rank alike. The snippet of a
 * hit is made from them too, the same for both.
 */

const TERM = /[\p{L}\p{N}\p{Co}]+/gu;
const MARK = /\p{M}/gu;

/** One term of a text, with where it stands (UTF-16 offsets). */
export interface TermAt {
  readonly term: string;
  readonly start: number;
  readonly end: number;
}

/** A word as the index keeps it: lower-cased, diacritics dropped. */
export function foldTerm(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(MARK, '').normalize('NFC');
}

/** The terms of `text`, in order, with their offsets. */
export function termsAt(text: string): TermAt[] {
  const found: TermAt[] = [];
  for (const match of text.matchAll(TERM)) {
    const term = foldTerm(match[0]);
    if (term !== '') found.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** How often each term occurs in `text`, and how many terms it holds. */
export function termCounts(text: string): { counts: Map<string, number>; total: number } {
  const counts = new Map<string, number>();
  let total = 0;
  for (const match of text.matchAll(TERM)) {
    const term = foldTerm(match[0]);
    if (term === '') continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    total++;
  }
  return { counts, total };
}
