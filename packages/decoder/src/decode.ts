import { Buffer, constants, isUtf8 } from 'node:buffer';
import { build } from './internal/build.ts';
import { encodeText, releaseText } from './internal/encode.ts';
import {
  scan,
  scanFailCode,
  scanFailOffset,
  scanSawBigInt,
  scanSawReplacement,
} from './internal/scan.ts';
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

function accepted(text: string): DecodeResult {
  const value: DecodedValue = scanSawBigInt() ? build(text) : (JSON.parse(text) as DecodedValue);
  return { ok: true, value };
}

function decodeString(text: string, options: DecodeOptions | undefined): DecodeResult {
  const limits = resolveLimits(options);
  const { bytes, length } = encodeText(text);
  const passed = scan(bytes, length, limits, true);
  releaseText();
  if (!passed || scanSawReplacement()) {
    const lone = isWellFormedText(text) ? -1 : utf8OffsetOf(text, firstLoneSurrogate(text));
    if (!passed) {
      const offset = scanFailOffset();
      if (lone !== -1 && lone <= offset) return refused(C.LONE_SURROGATE, lone);
      return refused(scanFailCode(), offset);
    }
    if (lone !== -1) return refused(C.LONE_SURROGATE, lone);
  }
  return accepted(text);
}

function decodeBytes(bytes: Uint8Array, options: DecodeOptions | undefined): DecodeResult {
  const limits = resolveLimits(options);
  if (bytes.length > constants.MAX_STRING_LENGTH) {
    return refused(C.INPUT_TOO_LONG, constants.MAX_STRING_LENGTH);
  }
  if (!isUtf8(bytes)) return refused(C.INVALID_UTF8, firstInvalidUtf8(bytes));
  if (!scan(bytes, bytes.length, limits, false)) return refused(scanFailCode(), scanFailOffset());
  return accepted(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
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
  return typeof input === 'string' ? decodeString(input, options) : decodeBytes(input, options);
}
