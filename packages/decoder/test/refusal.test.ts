/*
 * Invariant: refusal codes are stable strings and every refusal message is composed from the
 * rule's fixed text and the byte offset alone (the templates are pinned here).
 */
import { describe, expect, it } from 'vitest';
import { DECODE_REFUSAL_CODES, DECODE_REFUSAL_RULES, decode } from '../src/index.ts';

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

  it('has a rule text for every code and nothing else', () => {
    expect(Object.keys(DECODE_REFUSAL_RULES).sort()).toEqual(
      Object.values(DECODE_REFUSAL_CODES).sort(),
    );
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
