import { constants } from 'node:buffer';
import { build } from './internal/build.ts';
import { asciiView, encodeAscii, releaseText } from './internal/encode.ts';
import { bytesOf } from './internal/input.ts';
import { scan } from './internal/scan.ts';
import { scanText } from './internal/scan-text.ts';
import { releaseUnits, textUnits } from './internal/units.ts';
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

/** Decodes well-formed UTF-8 and throws on anything else; a BOM is kept, for the scan to refuse. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function refused(code: DecodeRefusalCode, offset: number): DecodeResult {
  return { ok: false, refusal: refusalOf(code, offset) };
}

function accepted(text: string, sawBigInt: boolean): DecodeResult {
  const value: DecodedValue = sawBigInt ? build(text) : (JSON.parse(text) as DecodedValue);
  return { ok: true, value };
}

function decodeString(text: string, options: DecodeOptions | undefined): DecodeResult {
  const limits = resolveLimits(options);
  const ascii = encodeAscii(text);
  if (ascii !== undefined) {
    const outcome = scan(ascii, text.length, limits, asciiView(ascii));
    releaseText();
    if (!outcome.accepted) return refused(outcome.code, outcome.at);
    return accepted(text, outcome.bigInt);
  }
  const outcome = scanText(text, textUnits(text), limits);
  releaseUnits();
  if (outcome.accepted && !outcome.loneSurrogate) return accepted(text, outcome.bigInt);
  const lone = isWellFormedText(text) ? -1 : firstLoneSurrogate(text);
  if (outcome.accepted) return refused(C.LONE_SURROGATE, utf8OffsetOf(text, lone));
  const index = outcome.at;
  if (lone !== -1 && lone <= index) return refused(C.LONE_SURROGATE, utf8OffsetOf(text, lone));
  return refused(outcome.code, utf8OffsetOf(text, index));
}

function decodeBytes(bytes: Uint8Array, options: DecodeOptions | undefined): DecodeResult {
  const limits = resolveLimits(options);
  if (bytes.length > constants.MAX_STRING_LENGTH) {
    return refused(C.INPUT_TOO_LONG, constants.MAX_STRING_LENGTH);
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    return refused(C.INVALID_UTF8, firstInvalidUtf8(bytes));
  }
  const outcome = scan(bytes, bytes.length, limits);
  if (!outcome.accepted) return refused(outcome.code, outcome.at);
  return accepted(text, outcome.bigInt);
}

/**
 * Decodes one JSON document strictly: bytes from outside (a `Uint8Array`, UTF-8; a `Buffer` is one)
 * or a string.
 *
 * Returns `{ ok: true, value }` or `{ ok: false, refusal }`; it never throws for anything in the
 * input. It throws {@link DecoderError} only for a programming error: an input that is neither a
 * string nor a `Uint8Array` (`INVALID_INPUT`: no other typed array, no `ArrayBuffer`, no
 * `DataView`) or an invalid limit option (`INVALID_LIMIT`). Refused: duplicate member names at any
 * depth, trailing content, comments, trailing commas, single quotes, unquoted names, leading zeros,
 * raw control characters in strings, bare words (`NaN`, `Infinity`), invalid UTF-8, a byte-order
 * mark, numbers whose magnitude a double cannot reach or that underflow to zero, lone surrogates,
 * and anything past the limits. Integers beyond ±(2^53-1) decode to `bigint`. A refusal's offset
 * is a byte offset into the UTF-8 input (for a string: into its UTF-8 encoding), and its text holds
 * the offset and the rule, never the input's content.
 *
 * @example
 * const result = decode(new TextEncoder().encode('{"amount":1,"amount":9999}'));
 * // { ok: false, refusal: { code: 'DUPLICATE_KEY', text: 'Decoding stops at byte 12. …', offset: 12 } }
 */
export function decode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult {
  if (typeof input === 'string') return decodeString(input, options);
  return decodeBytes(bytesOf(input), options);
}
