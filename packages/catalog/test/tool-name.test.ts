/*
 * Guards the MCP tool-name rule (specification 2025-11-25, SEP-986): exactly the strings of 1 to
 * 128 characters drawn from A-Z, a-z, 0-9, `_`, `-` and `.` are valid, case-sensitively.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidToolName, TOOL_NAME_MAX_LENGTH, TOOL_NAME_PATTERN } from '../src/index.ts';

const ALLOWED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.';

describe('isValidToolName', () => {
  it('pins the rule', () => {
    expect(TOOL_NAME_MAX_LENGTH).toBe(128);
    expect(TOOL_NAME_PATTERN.source).toBe('^[A-Za-z0-9_.-]{1,128}$');
  });

  it('keeps its rule whatever is done to the exported pattern', () => {
    const source = TOOL_NAME_PATTERN.source;
    try {
      // `compile` rewrites a RegExp in place, frozen or not (it throws only after rewriting).
      expect(() => TOOL_NAME_PATTERN.compile('.*')).toThrow(TypeError);
      expect(isValidToolName('a b')).toBe(false);
    } finally {
      try {
        TOOL_NAME_PATTERN.compile(source);
      } catch {
        // Restored before the frozen lastIndex refuses the write.
      }
    }
    expect(TOOL_NAME_PATTERN.source).toBe(source);
  });

  it('accepts the specification’s examples and the edges of the length', () => {
    for (const name of ['getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'a', 'x'.repeat(128)]) {
      expect(isValidToolName(name), name).toBe(true);
    }
  });

  it('refuses the empty name, an overlong one, and anything that is not a string', () => {
    for (const name of ['', 'x'.repeat(129), undefined, null, 7, ['a'], { name: 'a' }]) {
      expect(isValidToolName(name)).toBe(false);
    }
  });

  it('refuses spaces, commas, slashes and other characters, including a trailing newline', () => {
    for (const name of ['a b', 'a,b', 'user/update', 'a:b', 'a@b', 'ä', 'a\n', '\ta', 'a\u0000']) {
      expect(isValidToolName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('accepts every string of allowed characters within the length', () => {
    const allowed = fc.string({
      unit: fc.constantFrom(...ALLOWED),
      minLength: 1,
      maxLength: TOOL_NAME_MAX_LENGTH,
    });
    fc.assert(fc.property(allowed, (name) => isValidToolName(name)));
  });

  it('refuses every string holding one character outside the set', () => {
    const outside = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((char) => !ALLOWED.includes(char));
    const name = fc.tuple(fc.string({ unit: fc.constantFrom(...ALLOWED), maxLength: 20 }), outside);
    fc.assert(fc.property(name, ([prefix, char]) => !isValidToolName(`${prefix}${char}`)));
  });
});
