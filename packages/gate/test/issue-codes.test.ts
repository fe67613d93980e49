/*
 * Invariant: the stable codes and tables consumers branch on are pinned and frozen: the issue
 * codes, the keyword set the gate judges or reads past, and the map-entry placeholder.
 */
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, GATE_KEYWORDS, MAP_ENTRY_SEGMENT } from '../src/index.ts';

describe('the pinned tables', () => {
  it('issue codes are their own names, frozen', () => {
    expect(Object.keys(GATE_ISSUE_CODES)).toEqual([
      'TYPE_MISMATCH',
      'MISSING_PROPERTY',
      'UNDECLARED_PROPERTY',
      'NOT_IN_ENUM',
      'NOT_CONST',
      'OUT_OF_RANGE',
      'NON_FINITE_NUMBER',
      'NUMBER_OVERFLOW',
      'FORMAT_MISMATCH',
      'FORBIDDEN_CHARACTER',
      'FORBIDDEN_CHARACTER_IN_KEY',
      'NO_ALTERNATIVE',
      'NOT_ADMITTED',
      'NOT_JSON',
      'UNJUDGEABLE',
      'TOO_SHORT',
      'TOO_LONG',
      'PATTERN_MISMATCH',
      'TOO_FEW_ITEMS',
      'TOO_MANY_ITEMS',
      'DUPLICATE_ITEMS',
      'TOO_FEW_PROPERTIES',
      'TOO_MANY_PROPERTIES',
      'KEY_MISMATCH',
      'DUPLICATE_KEY',
      'NOT_MULTIPLE',
      'DISCRIMINATOR_MISMATCH',
    ]);
    for (const [name, code] of Object.entries(GATE_ISSUE_CODES)) expect(code).toBe(name);
    expect(Object.isFrozen(GATE_ISSUE_CODES)).toBe(true);
  });

  it('keywords, frozen with their lists, and the placeholder', () => {
    expect(GATE_KEYWORDS.judged).toEqual([
      'type',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'const',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'format',
      'anyOf',
      '$ref',
      '$defs',
      'minLength',
      'maxLength',
      'pattern',
      'minItems',
      'maxItems',
      'uniqueItems',
      'minProperties',
      'maxProperties',
      'propertyNames',
      'multipleOf',
      'nullable',
    ]);
    expect(GATE_KEYWORDS.annotations).toEqual([
      '$schema',
      '$comment',
      'title',
      'description',
      'default',
      'examples',
      'deprecated',
      'readOnly',
      'writeOnly',
      'x-mcp-header',
      'propertyOrdering',
      'example',
    ]);
    expect(Object.isFrozen(GATE_KEYWORDS)).toBe(true);
    expect(Object.isFrozen(GATE_KEYWORDS.judged)).toBe(true);
    expect(Object.isFrozen(GATE_KEYWORDS.annotations)).toBe(true);
    expect(MAP_ENTRY_SEGMENT).toBe('<entry>');
  });
});
