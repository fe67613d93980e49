/*
 * Invariant: the slow-path UTF-8 locator agrees with the native validators (TextDecoder fatal,
 * buffer.isUtf8) on what is well-formed, and points at the first ill-formed sequence.
 */
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, firstLoneSurrogate, utf8OffsetOf } from '../../src/internal/utf8.ts';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function nativeValid(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('firstInvalidUtf8', () => {
  it('agrees with the native validators on arbitrary bytes', () => {
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (raw) => {
        const bytes = Uint8Array.from(raw);
        const offset = firstInvalidUtf8(bytes);
        expect(offset === -1).toBe(nativeValid(bytes));
        expect(offset === -1).toBe(isUtf8(bytes));
        if (offset > 0) expect(nativeValid(bytes.subarray(0, offset))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('accepts the encoding of any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(firstInvalidUtf8(new TextEncoder().encode(text))).toBe(-1);
      }),
    );
  });
});

describe('lone surrogates and offsets', () => {
  it('finds the first unpaired surrogate and its UTF-8 byte offset', () => {
    expect(firstLoneSurrogate('a😀b')).toBe(-1);
    expect(firstLoneSurrogate('é\uD800😀')).toBe(1);
    expect(firstLoneSurrogate('😀\uDC00')).toBe(2);
    expect(firstLoneSurrogate('\uDE00\uD83D')).toBe(0);
    expect(utf8OffsetOf('é日😀x', 4)).toBe(9);
    expect(utf8OffsetOf('\uD800x', 1)).toBe(3);
  });
});
