/**
 * Every use of `@portcullis/decoder` goes through this module, so a rename there is one edit here.
 * Today's decoder reports its words as `refusal.message`; the integrated one calls them `text`.
 */
import { decode } from '@portcullis/decoder';
import type { JsonValue } from './schema.ts';

/** A decoder refusal as the server reads it: the rule's code, its words, and the byte offset. */
export interface DecodeRefusal {
  readonly code: string;
  readonly text: string;
  readonly offset: number;
}

/** The outcome of decoding one message from outside. */
export type Decoded =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly refusal: DecodeRefusal };

/** Decodes bytes (or a string) strictly; never throws for anything in the input. */
export function decodeStrict(input: Uint8Array | string): Decoded {
  const result = decode(input);
  if (result.ok) return { ok: true, value: result.value as JsonValue };
  const refusal = result.refusal as {
    code: string;
    offset: number;
    text?: string;
    message?: string;
  };
  return {
    ok: false,
    refusal: {
      code: refusal.code,
      offset: refusal.offset,
      text: refusal.text ?? refusal.message ?? refusal.code,
    },
  };
}
