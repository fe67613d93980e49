/*
 * UTF-8 helpers for the slow paths: locating the first ill-formed sequence once native validation
 * has said there is one, and locating a raw lone surrogate in string input as a byte offset.
 */

/**
 * Byte offset of the first ill-formed UTF-8 sequence in `bytes` (Unicode Table 3-7: no overlongs,
 * no surrogates, nothing past U+10FFFF, no truncated sequence), or -1 when all of it is well-formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    } else return i;
    if (i + length > n) return i;
    const second = bytes[i + 1]!;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k]!;
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** UTF-16 index of the first unpaired surrogate in `text`, or -1. */
export function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

/** Whether `text` has no unpaired surrogate (native where the runtime has it). */
export function isWellFormedText(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native === undefined ? firstLoneSurrogate(text) === -1 : native.call(text);
}

/**
 * Byte offset in the UTF-8 encoding of `text` of the UTF-16 index `index` (a lone surrogate counts
 * as the 3 bytes of the U+FFFD an encoder writes for it).
 */
export function utf8OffsetOf(text: string, index: number): number {
  let bytes = 0;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < index &&
      isLowSurrogate(text.charCodeAt(i + 1))
    ) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
