/*
 * Invariant: an `xn--` hostname label is admitted only as a valid IDNA2008 A-label: it decodes by
 * RFC 3492 (checked against the RFC's samples and against Node's own encoder), and the U-label it
 * spells passes RFC 5891 section 5.4, the contextual rules of RFC 5892 Appendix A and, when it
 * holds right-to-left code points, the Bidi rule of RFC 5893 section 2.
 */
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePunycode, isALabel } from '../src/internal/idna.ts';

function codePoints(text: string): number[] {
  return [...text].map((char) => char.codePointAt(0) as number);
}

describe('decodePunycode', () => {
  it.each([
    // RFC 3492 section 7.1, samples (A), (B) and (L) (its `B` in lower case, as A-labels are read).
    [
      'egbpdaj6bu4bxfgehfvwxn',
      '\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f',
    ],
    ['ihqwcrb4cv8a8dqg056pqjye', '\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587'],
    ['3b-ww4c5e180e575a65lsy2b', '3\u5e74b\u7d44\u91d1\u516b\u5148\u751f'],
    ['a', '\u0080'], // a lone digit below the threshold is one insertion
    ['bcher-kva', 'b\u00fccher'],
    ['tdaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '\u00fc'.repeat(30)],
  ])('decodes %s', (encoded, decoded) => {
    expect(decodePunycode(encoded)).toEqual(codePoints(decoded));
  });

  it.each(['b', '9', 'zzzzzzzzzzzzzzzzzzzzzzzz', '99999999999', 'abc-@', '-'])(
    'refuses the malformed %j',
    (encoded) => {
      expect(decodePunycode(encoded)).toBeUndefined();
    },
  );

  it("inverts Node's encoder on every label it spells", () => {
    const char = fc.constantFrom(...'abcxyz019', '\u00e9', '\u00fc', '\u0436', '\u4e2d', '\ud55c');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 20 }), (chars) => {
        const label = chars.join('');
        const ascii = domainToASCII(label);
        if (!ascii.startsWith('xn--')) return true;
        expect(decodePunycode(ascii.slice(4))).toEqual(codePoints(label));
        return true;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isALabel', () => {
  it.each([
    'xn--bcher-kva',
    'XN--BCHER-KVA',
    'xn---x-wka', // ü-x
    'xn--ngba799q', // ZWNJ between two dual-joining BEH
    'xn--1-zhcd', // ALEF BET 1: right-to-left, ending in a European number
    'xn--ngb0f', // BEH FATHA: right-to-left, ending in a non-spacing mark
    'xn--ngb8i', // BEH and an Arabic-Indic digit
    'xn----zhce', // ALEF - BET
  ])('admits %s', (label) => {
    expect(isALabel(label)).toBe(true);
  });

  it.each([
    ['xn--abc-', 'ASCII only'],
    ['xn--ex-8tb', 'not NFC (e, COMBINING ACUTE ACCENT)'],
    ['xn--cole-pka', 'an upper-case letter is not PVALID'],
    ['xn--ab---3ra', '`--` in the third and fourth positions'],
    ['xn--ab-7tb', 'begins with a combining mark'],
    ['xn--x-dha079u', 'ZWNJ without a virama or joining context'],
    ['xn--a-gda', 'MIDDLE DOT without a following l'],
    ['xn--8hb20a', 'Arabic-Indic and Extended Arabic-Indic digits mixed'],
    ['xn--ls8h', 'a symbol is not PVALID'],
    ['xn--', 'empty'],
    ['xn--a', 'U+0080, a control, is not PVALID'],
    ['xn--a-2hc', 'Bidi rule 1/5: a left-to-right label holding BET'],
    ['xn--1-2hc', 'Bidi rule 1: a right-to-left label beginning with a digit'],
    ['xn--a-1hc', 'Bidi rule 2: a right-to-left label holding a Latin letter'],
    ['xn--1-0mc5o', 'Bidi rule 4: Arabic-Indic and European digits in one right-to-left label'],
    ['xn--a-bqc', 'Bidi rule 5: an Arabic-Indic digit in a left-to-right label'],
  ])('refuses %s (%s)', (label) => {
    expect(isALabel(label)).toBe(false);
  });
});
