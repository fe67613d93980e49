/*
 * Invariant: the public surface of @portcullis/decoder is exactly this table of names and kinds.
 * A new export, a removed one or a changed kind fails here, so each is a reviewed decision.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';

describe('exports', () => {
  it('pins the root entry', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual({
      DECODE_REFUSAL_CODES: 'const',
      DECODE_REFUSAL_RULES: 'const',
      DECODER_ERROR_CODES: 'const',
      DEFAULT_DECODE_LIMITS: 'const',
      DecodeLimits: 'interface',
      DecodeOptions: 'interface',
      DecodeRefusal: 'interface',
      DecodeRefusalCode: 'type',
      DecodeResult: 'type',
      DecodedValue: 'type',
      DecoderError: 'class',
      DecoderErrorCode: 'type',
      DecoderErrorDetails: 'interface',
      MAX_NAME_LENGTH: 'const',
      MAX_NESTING_DEPTH: 'const',
      MAX_NUMBER_LENGTH: 'const',
      MAX_STRING_LENGTH: 'const',
      decode: 'function',
    });
  });
});
