import { Buffer, constants, isUtf8 } from 'node:buffer';
import { build } from './internal/build.ts';
import { scan, scanFailCode, scanFailIndex, scanSawBigInt } from './internal/scan.ts';
import {
  firstInvalidUtf8,
  firstLoneSurrogate,
  isWellFormedText,
  utf8OffsetOf,
} from './internal/utf8.ts';
import { type DecodeOptions, resolveLimits } from './limits.ts';
import {
  DECODE_REFUSAL_CODES as C,
  type DecodedValue,
  type DecodeRefusalCode,
  type DecodeResult,
  refusalOf,
} from './refusal.ts';

function refused(code: DecodeRefusalCode, offset: number): DecodeResult {
  return { ok: false, refusal: refusalOf(code, offset) };
}

/**
 * Decodes one JSON document strictly: bytes from outside (`Uint8Array`, UTF-8) or a string.
 *
 * Returns `{ ok: true, value }` or `{ ok: false, refusal }`; it never throws for anything in the
 * input (only {@link DecoderOptionsError} for invalid options). Refused: duplicate member names at
 * any depth, trailing content, comments, trailing commas, single quotes, unquoted names, leading
 * zeros, raw control characters in strings, bare words (`NaN`, `Infinity`), invalid UTF-8, a
 * byte-order mark, numbers that overflow a double or underflow to zero, lone surrogates, and
 * anything past the limits. Integers beyond ±(2^53-1) decode to `bigint`. A refusal's offset is a
 * byte offset into the UTF-8 input (for a string: into its UTF-8 encoding), and its message holds
 * the rule and the offset, never the input's content.
 *
 * @example
 * const result = decode(new TextEncoder().encode('{"amount":1,"amount":9999}'));
 * // { ok: false, refusal: { code: 'DUPLICATE_KEY', offset: 12, message: '…' } }
 */
export function decode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult {
  const limits = resolveLimits(options);
  let text: string;
  const isString = typeof input === 'string';
  if (isString) {
    text = input;
  } else {
    if (input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
      return refused(C.BYTE_ORDER_MARK, 0);
    }
    if (input.length > constants.MAX_STRING_LENGTH) {
      return refused(C.INPUT_TOO_LONG, constants.MAX_STRING_LENGTH);
    }
    if (!isUtf8(input)) return refused(C.INVALID_UTF8, Math.max(0, firstInvalidUtf8(input)));
    text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  }
  if (!scan(text, limits)) {
    const index = scanFailIndex();
    if (isString) {
      const lone = firstLoneSurrogate(text, index);
      if (lone !== -1) return refused(C.LONE_SURROGATE, utf8OffsetOf(text, lone));
    }
    return refused(scanFailCode(), utf8OffsetOf(text, index));
  }
  if (isString && !isWellFormedText(text)) {
    return refused(C.LONE_SURROGATE, utf8OffsetOf(text, firstLoneSurrogate(text, text.length)));
  }
  const value: DecodedValue = scanSawBigInt() ? build(text) : (JSON.parse(text) as DecodedValue);
  return { ok: true, value };
}
