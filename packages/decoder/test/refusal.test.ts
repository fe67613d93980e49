/*
 * Invariant: refusal and error codes are stable strings in frozen tables, and every refusal's text
 * is composed from the byte offset and the rule's fixed text alone, in whole sentences (what is
 * wrong, then what to do); the rule texts and the template are pinned here.
 */
import { describe, expect, it } from 'vitest';
import {
  DECODE_REFUSAL_CODES,
  DECODE_REFUSAL_RULES,
  DECODER_ERROR_CODES,
  DecoderError,
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
    expect(Object.isFrozen(DECODER_ERROR_CODES)).toBe(true);
  });

  it('has a rule text for every code and nothing else', () => {
    expect(Object.keys(DECODE_REFUSAL_RULES).sort()).toEqual(
      Object.values(DECODE_REFUSAL_CODES).sort(),
    );
  });

  it('pins the error code table', () => {
    expect(DECODER_ERROR_CODES).toEqual({
      INVALID_INPUT: 'INVALID_INPUT',
      INVALID_LIMIT: 'INVALID_LIMIT',
    });
  });

  it('builds errors with a frozen copy of the details and the cause', () => {
    const cause = new Error('underlying');
    const details = { option: 'maxNestingDepth', limit: 1000 };
    const error = new DecoderError('INVALID_LIMIT', 'The option is wrong.', { ...details, cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message]).toEqual([
      'DecoderError',
      'INVALID_LIMIT',
      'The option is wrong.',
    ]);
    expect(error.details).toEqual(details);
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.cause).toBe(cause);
    expect('cause' in new DecoderError('INVALID_INPUT', 'The input is wrong.')).toBe(false);
  });

  it('pins the rule text of every code', () => {
    expect(DECODE_REFUSAL_RULES).toEqual({
      DUPLICATE_KEY: 'An object repeats a member name. Send each name once per object.',
      TRAILING_CONTENT:
        'Content follows the end of the document. Send one document with nothing after it but whitespace.',
      COMMENT: 'The document holds a comment, which JSON does not allow. Remove the comment.',
      TRAILING_COMMA:
        'A comma comes right before a closing bracket. Remove the comma after the last element or member.',
      SINGLE_QUOTE: 'A string is in single quotes. Put strings and member names in double quotes.',
      UNQUOTED_NAME:
        'A member name is not quoted. Write each member name as a string in double quotes.',
      LEADING_ZERO: 'A number starts with a superfluous zero. Write numbers without leading zeros.',
      CONTROL_CHARACTER:
        'A string holds a raw control character (U+0000 to U+001F). Escape it, as `\\n`, `\\t` or `\\u0001`.',
      BARE_WORD:
        'A bare word stands where a value belongs. Use only `true`, `false` and `null` as words, and put text in double quotes.',
      INVALID_UTF8: 'The input is not well-formed UTF-8. Send the document encoded as UTF-8.',
      BYTE_ORDER_MARK:
        'A byte-order mark comes before the document. Send the document without a byte-order mark.',
      NUMBER_OVERFLOW:
        'A number is beyond the range of a double. Send numbers no larger in magnitude than about 1.8e308.',
      NUMBER_UNDERFLOW:
        'A non-zero number is so small that a double rounds it to zero. Send zero as `0`, or a number no smaller in magnitude than about 5e-324.',
      LONE_SURROGATE:
        'A string holds an unpaired UTF-16 surrogate. Send each surrogate with its other half, or the character itself.',
      INVALID_ESCAPE:
        'A string holds an escape sequence JSON does not define. Use only `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and `\\u` with four hex digits.',
      INVALID_NUMBER:
        'A number is malformed. Write it as JSON does: an optional minus, digits, then an optional fraction and exponent.',
      UNEXPECTED_CHARACTER:
        'A character stands where the JSON grammar does not allow it. Correct the document at that byte.',
      UNEXPECTED_END: 'The input ends before the document does. Send the whole document.',
      NESTING_TOO_DEEP: 'Arrays and objects nest deeper than the limit. Nest them less deeply.',
      NUMBER_TOO_LONG: 'A number literal is longer than the limit. Send it with fewer digits.',
      STRING_TOO_LONG: 'A string is longer than the limit. Send a shorter string.',
      NAME_TOO_LONG: 'A member name is longer than the limit. Send a shorter name.',
      INPUT_TOO_LONG:
        'The input is larger than the runtime can hold as a string. Send a smaller document.',
    });
  });

  it('writes every rule as whole sentences: a capital first, a full stop last', () => {
    for (const rule of Object.values(DECODE_REFUSAL_RULES)) {
      expect(rule).toMatch(/^[A-Z].*\.$/);
      expect(rule.split('. ').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('pins the text template: the byte offset, then the rule', () => {
    const result = decode('{"amount":1,"amount":9999}');
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'DUPLICATE_KEY',
        text: 'Decoding stops at byte 12. An object repeats a member name. Send each name once per object.',
        offset: 12,
      },
    });
    if (!result.ok) expect(Object.keys(result.refusal)).toEqual(['code', 'text', 'offset']);
  });
});
