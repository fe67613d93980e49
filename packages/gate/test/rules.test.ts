/*
 * Invariant: the stable codes and tables consumers branch on are pinned: the rule codes, the keyword
 * set the gate judges or reads past, the asserted formats and the map-entry placeholder.
 */
import { describe, expect, it } from 'vitest';
import { GATE_KEYWORDS, GATE_RULES, MAP_ENTRY_SEGMENT, TEMPORAL_FORMATS } from '../src/index.ts';

describe('the pinned tables', () => {
  it('rule codes are their own names', () => {
    expect(Object.keys(GATE_RULES)).toEqual([
      'TYPE_MISMATCH',
      'MISSING_PROPERTY',
      'UNDECLARED_PROPERTY',
      'NOT_IN_ENUM',
      'NOT_CONST',
      'OUT_OF_RANGE',
      'NON_FINITE_NUMBER',
      'FORMAT_MISMATCH',
      'FORBIDDEN_CHARACTER',
      'FORBIDDEN_CHARACTER_IN_KEY',
      'NO_ALTERNATIVE',
      'NOT_ADMITTED',
      'NOT_JSON',
      'UNJUDGEABLE',
    ]);
    for (const [name, code] of Object.entries(GATE_RULES)) expect(code).toBe(name);
  });

  it('keywords, formats and the placeholder', () => {
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
      'nullable',
      'propertyOrdering',
      'example',
    ]);
    expect(TEMPORAL_FORMATS).toEqual(['date-time', 'date', 'time', 'duration']);
    expect(MAP_ENTRY_SEGMENT).toBe('<entry>');
  });
});
