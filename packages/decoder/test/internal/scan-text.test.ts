/*
 * Invariant: the UTF-16 scan of string input (scan-text.ts) judges every input exactly as the byte
 * scan judges its UTF-8 encoding: same acceptance, same refusal code, same offset (converted to
 * bytes), with a raw lone surrogate refused where an encoder would have written U+FFFD for it, unless
 * an earlier rule already refused. Inputs are generated from hostile fragments (escapes valid and
 * not, surrogates paired and lone, raw and escaped, controls, comments, bare words, non-ASCII) so
 * that refusals of every kind, at every depth, are compared, under default and lowered limits.
 * U+FFFD itself is left out of the fragments: names are compared as the strings they are, so a raw
 * lone surrogate no longer duplicates a U+FFFD name (pinned by its own case below).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DECODE_LIMITS,
  type DecodeLimits,
  type DecodeOptions,
  decode,
} from '../../src/index.ts';
import { scan } from '../../src/internal/scan.ts';
import { scanText } from '../../src/internal/scan-text.ts';
import { asParsed, unitsOf, utf8 } from '../support.ts';

const fragment = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  ' ',
  '\n',
  '"',
  '"a"',
  '"a":',
  '"b":',
  '"\\u0061":',
  '"\u00e9":',
  '"\ud83d\ude00":',
  '\\',
  '\\n',
  '\\"',
  '\\u00e9',
  '\\u12G4',
  '\\x',
  '\\ud83d\\ude00',
  '\\ud83d',
  '\\ude00',
  '\\ud83d\\u0041',
  '\ud83d\ude00',
  '\ud83d',
  '\ude00',
  '\u00e9',
  '\u4e2d',
  '\u0001',
  '\t',
  '\ufeff',
  '0',
  '1',
  '-',
  '01',
  '1.5',
  '1e400',
  '1e-400',
  '12345678901234567890',
  '.',
  'e',
  'true',
  'fals',
  'null',
  'NaN',
  "'",
  '//',
  '/*',
  'abc',
  'ab\u00e9c',
);

const documentText = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

/** Mostly well-formed documents with hostile strings inside, so deep refusals are reached too. */
const memberName = fc.oneof(
  fc.array(fragment, { maxLength: 4 }).map((parts) => parts.join('')),
  fc.constantFrom('a', '\\u0061', '\u00e9', '\\u00e9', '\ud83d\ude00', '\\ud83d\\ude00'),
);

/** Mostly well-formed documents with hostile strings and repeated names inside, at depth. */
const structuredText = fc
  .array(fc.tuple(memberName, fc.array(fragment, { maxLength: 4 })), { maxLength: 8 })
  .map((members) => {
    const body = members
      .map(([name, value], k) => `"${name}${k % 3}":["${value.join('')}",{}]`)
      .join(',');
    return `{"a":[${body.length > 0 ? `{${body}}` : ''}]}`;
  });

const limits = fc.oneof(
  fc.constant(undefined),
  fc.record({
    maxNestingDepth: fc.integer({ min: 0, max: 6 }),
    maxNumberLength: fc.integer({ min: 0, max: 8 }),
    maxStringLength: fc.integer({ min: 0, max: 8 }),
    maxNameLength: fc.integer({ min: 0, max: 8 }),
  }),
);

function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const d = text.charCodeAt(i + 1);
    if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) i++;
    else return i;
  }
  return -1;
}

function expectSameJudgement(text: string, options: DecodeOptions | undefined): void {
  const actual = decode(text, options);
  const lone = firstLoneSurrogate(text);
  const reference = decode(utf8(text), options);
  if (lone !== -1) {
    const offset = utf8(text.slice(0, lone)).length;
    if (reference.ok || reference.refusal.offset >= offset) {
      expect(actual.ok ? 'accepted' : [actual.refusal.code, actual.refusal.offset]).toEqual([
        'LONE_SURROGATE',
        offset,
      ]);
      return;
    }
  }
  if (!reference.ok) {
    expect(actual.ok ? 'accepted' : actual.refusal).toEqual(reference.refusal);
    return;
  }
  if (!actual.ok) throw new Error(`refused ${actual.refusal.code} at ${actual.refusal.offset}`);
  expect(asParsed(actual.value)).toEqual(asParsed(reference.value));
}

function asLimits(options: DecodeOptions | undefined): DecodeLimits {
  return options === undefined ? DEFAULT_DECODE_LIMITS : (options as DecodeLimits);
}

describe('scanText', () => {
  it('judges generated string input as the byte scan judges its UTF-8 encoding', () => {
    fc.assert(fc.property(fc.oneof(documentText, structuredText), limits, expectSameJudgement), {
      numRuns: 4000,
    });
  });

  it('agrees with the byte scan on ASCII input, where indexes and offsets coincide', () => {
    const ascii = fc
      .oneof(documentText, structuredText)
      .map((text) => text.replace(/[^\0-\x7f]/g, 'u'));
    fc.assert(
      fc.property(ascii, limits, (text, options) => {
        const bytes = utf8(text);
        const { accepted, code, at } = scan(bytes, bytes.length, asLimits(options));
        const outcome = scanText(text, unitsOf(text), asLimits(options));
        expect([outcome.accepted, outcome.code, outcome.at]).toEqual(
          accepted ? [true, 'UNEXPECTED_END', 0] : [false, code, at],
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a raw lone surrogate in a name that only U+FFFD would duplicate', () => {
    const result = decode('{"\ufffd":1,"\ud800":2}');
    expect(result.ok ? 'accepted' : [result.refusal.code, result.refusal.offset]).toEqual([
      'LONE_SURROGATE',
      10,
    ]);
  });
});
