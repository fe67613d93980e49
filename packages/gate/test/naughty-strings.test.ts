/*
 * Invariant: content is not shape. Every Big List of Naughty Strings entry (vendored) without a C0
 * control other than tab/LF/CR and without an unpaired surrogate is admitted as a string value and
 * as a map key; the others are refused in both places, and the refusal never repeats them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, judge } from '../src/index.ts';

const STRINGS = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/naughty-strings/blns.json'), 'utf8'),
) as string[];

const FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const DOCUMENT = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

describe('the naughty strings', () => {
  const clean = STRINGS.filter((text) => !FORBIDDEN.test(text));
  const dirty = STRINGS.filter((text) => FORBIDDEN.test(text));

  it('split into the admissible and the few with forbidden characters', () => {
    expect(STRINGS.length).toBe(515);
    expect(dirty.length).toBe(5);
  });

  it.each(clean.map((text, index) => [index, text] as const))(
    'admits string %i as a value and as a key',
    (_, text) => {
      expect(judge({ query: text, labels: { [text]: text } }, DOCUMENT)).toEqual({ ok: true });
    },
  );

  it.each(dirty.map((text, index) => [index, text] as const))(
    'refuses string %i as a value and as a key',
    (_, text) => {
      const asValue = judge({ query: text }, DOCUMENT);
      const asKey = judge({ query: 'x', labels: { [text]: 'x' } }, DOCUMENT);
      expect(asValue.ok).toBe(false);
      expect(asKey.ok).toBe(false);
      if (asValue.ok || asKey.ok) return;
      expect(asValue.refusal.issues).toEqual([
        { path: '/query', code: GATE_ISSUE_CODES.FORBIDDEN_CHARACTER },
      ]);
      expect(asKey.refusal.issues).toEqual([
        { path: '/labels/<entry>', code: GATE_ISSUE_CODES.FORBIDDEN_CHARACTER_IN_KEY },
      ]);
      expect(asValue.refusal.text).not.toContain(text);
      expect(asKey.refusal.text).not.toContain(text);
    },
  );
});
