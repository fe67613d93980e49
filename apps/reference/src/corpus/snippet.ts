/**
 * The snippet of a search hit, made from the document's text and the searched words, so that
 * every store gives the same one: the window of `size` terms that holds the most distinct searched
 * words (then the most matches), centred on its matches, each match between the marks, with an
 * ellipsis where text was cut.
 */
import { foldTerm, termsAt } from './terms.ts';

/** The marks around a matched word in a snippet. */
export const SNIPPET_MARKS = Object.freeze({ open: '[', close: ']', ellipsis: '…' });

/** The snippet of `body` for the searched `words`, `size` terms long. */
export function snippetOf(body: string, words: readonly string[], size: number): string {
  const wanted = new Set(words.map(foldTerm));
  const terms = termsAt(body);
  if (terms.length === 0) return '';
  const width = Math.min(size, terms.length);
  const hit = terms.map((entry) => wanted.has(entry.term));

  // Slide a window of `width` terms; score = 1000 x distinct words + matches.
  const inWindow = new Map<string, number>();
  let matches = 0;
  const add = (i: number, by: number) => {
    if (!hit[i]) return;
    const term = terms[i]!.term;
    const count = (inWindow.get(term) ?? 0) + by;
    if (count === 0) inWindow.delete(term);
    else inWindow.set(term, count);
    matches += by;
  };
  for (let i = 0; i < width; i++) add(i, 1);
  let best = 0;
  let bestScore = inWindow.size * 1000 + matches;
  for (let start = 1; start + width <= terms.length; start++) {
    add(start - 1, -1);
    add(start + width - 1, 1);
    const score = inWindow.size * 1000 + matches;
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  // Centre the window's matches in it, keeping them all.
  let first = -1;
  let last = -1;
  for (let i = best; i < best + width; i++) {
    if (hit[i]) {
      if (first < 0) first = i;
      last = i;
    }
  }
  let start = best;
  if (first >= 0) {
    start = first - Math.floor((width - (last - first + 1)) / 2);
    start = Math.max(0, Math.min(start, terms.length - width));
  }
  const end = start + width;

  const { open, close, ellipsis } = SNIPPET_MARKS;
  let text = start > 0 ? ellipsis : '';
  let at = terms[start]!.start;
  for (let i = start; i < end; i++) {
    const entry = terms[i]!;
    text += body.slice(at, entry.start);
    const word = body.slice(entry.start, entry.end);
    text += hit[i] ? `${open}${word}${close}` : word;
    at = entry.end;
  }
  return end < terms.length ? text + ellipsis : text;
}
