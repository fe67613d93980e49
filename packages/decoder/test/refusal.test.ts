/*
 * Invariant: refusal codes are stable strings and every refusal message is composed from the
 * rule's fixed text and the byte offset alone (the templates are pinned here).
 */
import { describe, expect, it } from 'vitest';
import {
  DECODE_REFUSAL_CODES,
  DECODE_REFUSAL_RULES,
  DECODER_DEFECT_CODES,
  decode,
} from '../src/index.ts';

describe('refusal codes', () => {
  it('pins the code table', () => {
    expect(Object.keys(DECODE_REFUSAL_CODES)).toEqual([
      'DUPLICATE_KEY',
      'TRAILING_CONTENT',
      'COMMENT',
      'TRAILING_COMMA',
      'SINGLE_QUOTE',
      'UNQUOTED_NAME',
      'LEADING_ZERO',
      'CONTROL_CHARACTER',
      'BARE_WORD',
      'INVALID_UTF8',
      'BYTE_ORDER_MARK',
      'NUMBER_OVERFLOW',
      'NUMBER_UNDERFLOW',
      'LONE_SURROGATE',
      'INVALID_ESCAPE',
      'INVALID_NUMBER',
      'UNEXPECTED_CHARACTER',
      'UNEXPECTED_END',
      'NESTING_TOO_DEEP',
      'NUMBER_TOO_LONG',
      'STRING_TOO_LONG',
      'NAME_TOO_LONG',
      'INPUT_TOO_LONG',
    ]);
    for (const [name, code] of Object.entries(DECODE_REFUSAL_CODES)) expect(code).toBe(name);
  });

  it('freezes the code and rule tables, so no other code can change what a refusal says', () => {
    expect(Object.isFrozen(DECODE_REFUSAL_CODES)).toBe(true);
    expect(Object.isFrozen(DECODE_REFUSAL_RULES)).toBe(true);
    expect(Object.isFrozen(DECODER_DEFECT_CODES)).toBe(true);
  });

  it('has a rule text for every code and nothing else', () => {
    expect(Object.keys(DECODE_REFUSAL_RULES).sort()).toEqual(
      Object.values(DECODE_REFUSAL_CODES).sort(),
    );
  });

  it('pins the rule text of every code', () => {
    expect(DECODE_REFUSAL_RULES).toEqual({
      DUPLICATE_KEY: 'duplicate member name in an object',
      TRAILING_CONTENT: 'content after the end of the document',
      COMMENT: 'comments are not JSON',
      TRAILING_COMMA: 'trailing comma before a closing bracket',
      SINGLE_QUOTE: 'single-quoted strings are not JSON',
      UNQUOTED_NAME: 'member names must be double-quoted strings',
      LEADING_ZERO: 'numbers must not have leading zeros',
      CONTROL_CHARACTER: 'raw control character in a string (must be escaped)',
      BARE_WORD: 'bare word where a value belongs (only true, false and null are literals)',
      INVALID_UTF8: 'input is not well-formed UTF-8',
      BYTE_ORDER_MARK: 'byte-order mark before the document',
      NUMBER_OVERFLOW: 'number too large for a double',
      NUMBER_UNDERFLOW: 'non-zero number too small for a double',
      LONE_SURROGATE: 'unpaired UTF-16 surrogate',
      INVALID_ESCAPE: 'invalid escape sequence in a string',
      INVALID_NUMBER: 'malformed number',
      UNEXPECTED_CHARACTER: 'unexpected character',
      UNEXPECTED_END: 'input ends before the document is complete',
      NESTING_TOO_DEEP: 'arrays and objects nested deeper than the limit',
      NUMBER_TOO_LONG: 'number literal longer than the limit',
      STRING_TOO_LONG: 'string longer than the limit',
      NAME_TOO_LONG: 'member name longer than the limit',
      INPUT_TOO_LONG: 'input longer than the runtime can hold as a string',
    });
  });

  it('pins the message template: rule, code and byte offset', () => {
    const result = decode('{"amount":1,"amount":9999}');
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'DUPLICATE_KEY',
        offset: 12,
        message: 'duplicate member name in an object (DUPLICATE_KEY at byte 12)',
      },
    });
  });
});
