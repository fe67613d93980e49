/*
 * Invariant: the byte scan's word-at-a-time skip over string content stops exactly where the
 * unit-by-unit UTF-16 scan stops: same acceptance, same refusal code and offset, wherever the
 * stopping byte falls within a word and wherever the input sits in its buffer (any byteOffset).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DECODE_LIMITS } from '../../src/index.ts';
import { scan } from '../../src/internal/scan.ts';
import { scanText } from '../../src/internal/scan-text.ts';
import { unitsOf, utf8 } from '../support.ts';

const plain = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '~',
  '!',
  '#',
  '[',
  ']',
  '\u007f',
  '\u00e9',
  '\u4e2d',
  '\ud83d\ude00',
);
const stop = fc.constantFrom(
  '"',
  '\\',
  '\\n',
  '\\u0041',
  '\\q',
  '\u0000',
  '\u0001',
  '\n',
  '\u001f',
);

function judgeBytes(text: string, shift: number): [boolean, string, number] {
  const encoded = utf8(text);
  const buffer = new Uint8Array(shift + encoded.length + 3).fill(0x22);
  buffer.set(encoded, shift);
  const bytes = buffer.subarray(shift, shift + encoded.length);
  const outcome = scan(bytes, bytes.length, DEFAULT_DECODE_LIMITS);
  return outcome.accepted ? [true, '', 0] : [false, outcome.code, outcome.at];
}

function judgeUnits(text: string): [boolean, string, number] {
  const outcome = scanText(text, unitsOf(text), DEFAULT_DECODE_LIMITS);
  if (outcome.accepted) return [true, '', 0];
  return [false, outcome.code, utf8(text.slice(0, outcome.at)).length];
}

describe('scan', () => {
  it('stops string content where the UTF-16 scan does, at any alignment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(plain, plain, plain, stop), { maxLength: 24 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (parts, shift, asName) => {
          const content = parts.join('');
          const text = asName ? `{"${content}":1}` : `["${content}"]`;
          expect(judgeBytes(text, shift)).toEqual(judgeUnits(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses an unterminated string at its end, the stray bytes after the input unread', () => {
    for (let length = 0; length < 12; length++) {
      const text = `"${'a'.repeat(length)}`;
      for (let shift = 0; shift < 4; shift++) {
        expect(judgeBytes(text, shift)).toEqual([false, 'UNEXPECTED_END', length + 1]);
      }
    }
  });
});
