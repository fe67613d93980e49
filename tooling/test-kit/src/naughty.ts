/**
 * The big list of naughty strings (vendored under `fixtures/naughty-strings`, MIT) split by the
 * boundary's rule: a string with no C0 control but tab, LF and CR and no lone surrogate is content,
 * which must be accepted and come back unchanged; the others are refused.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The vendored corpus. */
export const NAUGHTY_STRINGS_PATH = resolve(
  import.meta.dirname,
  '../fixtures/naughty-strings/blns.json',
);

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the boundary's rules allow `text` as content. */
export function isAllowedContent(text: string): boolean {
  return !CONTROL.test(text) && !LONE.test(text);
}

/** Every string of the corpus, split into what the rules allow and what they refuse. */
export function naughtyStrings(path = NAUGHTY_STRINGS_PATH): {
  allowed: string[];
  refused: string[];
} {
  const all = JSON.parse(readFileSync(path, 'utf8')) as string[];
  return {
    allowed: all.filter(isAllowedContent),
    refused: all.filter((text) => !isAllowedContent(text)),
  };
}
