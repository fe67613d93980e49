/*
 * Invariant: a string is admissible text exactly when it holds no C0 control other than tab, LF and
 * CR and no unpaired UTF-16 surrogate; everything else (DEL, C1, any paired astral character) is text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAdmissibleText } from '../src/internal/text.ts';

describe('admissible text', () => {
  it.each([
    '',
    'plain',
    '\t\n\r',
    '\u007f\u0080\u009f',
    '\ud83d\ude00',
    '\u{10ffff}',
    ' ',
    '\ufeff\ufffe',
  ])('admits %j', (text) => {
    expect(isAdmissibleText(text)).toBe(true);
  });

  it.each([
    '\u0000',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u000e',
    '\u001f',
    '\ud800',
    '\udfff',
    'a\ud83d',
    '\ude00\ud83d',
    '\ud83d\ud83d\ude00',
  ])('refuses %j', (text) => {
    expect(isAdmissibleText(text)).toBe(false);
  });

  it('agrees with a regular-expression statement of the rule on arbitrary UTF-16', () => {
    const forbidden =
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({
          unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
          maxLength: 6,
        }),
        (a, b) => {
          const text = a + b;
          expect(isAdmissibleText(text)).toBe(!forbidden.test(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
