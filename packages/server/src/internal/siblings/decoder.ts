/**
 * Every use of `@portcullis/decoder` goes through this module, so a rename there is one edit here.
 */
import { type DecodeRefusal, decode } from '@portcullis/decoder';
import type { JsonValue } from './schema.ts';

export type { DecodeRefusal };

/** The outcome of decoding one message from outside. */
export type Decoded =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly refusal: DecodeRefusal };

/** Decodes bytes (or a string) strictly; never throws for anything in the input. */
export function decodeStrict(input: Uint8Array | string): Decoded {
  const result = decode(input);
  return result.ok ? { ok: true, value: result.value as JsonValue } : result;
}
