import { describe, expect, it } from 'vitest';
import { discriminatorOf, isJudgedFormat, isStringFormat } from '../src/document.ts';
import { STRING_FORMATS } from '../src/index.ts';

const member = (kind: string, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { kind: { const: kind }, ...extra },
  required: ['kind'],
});

describe('discriminatorOf', () => {
  it('finds the one required literal property and maps each literal to its member', () => {
    const found = discriminatorOf({
      anyOf: [member('a'), member('b', { size: { type: 'integer' } })],
    });
    expect(found?.property).toBe('kind');
    expect([...(found?.members ?? [])]).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('reads a one-value enum as a literal', () => {
    const node = {
      anyOf: [
        { type: 'object', properties: { t: { enum: ['x'] } }, required: ['t'] },
        { type: 'object', properties: { t: { const: 'y' } }, required: ['t'] },
      ],
    };
    expect(discriminatorOf(node)?.property).toBe('t');
  });

  it('takes the first fitting property in the first member order when several fit', () => {
    const node = {
      anyOf: [
        {
          type: 'object',
          properties: { b: { const: '1' }, a: { const: 'x' } },
          required: ['a', 'b'],
        },
        {
          type: 'object',
          properties: { a: { const: 'y' }, b: { const: '2' } },
          required: ['a', 'b'],
        },
      ],
    };
    expect(discriminatorOf(node)?.property).toBe('b');
  });

  it('finds none when a literal repeats, a member does not require it, or a member is no object', () => {
    expect(discriminatorOf({ anyOf: [member('a'), member('a')] })).toBeUndefined();
    expect(
      discriminatorOf({
        anyOf: [member('a'), { type: 'object', properties: { kind: { const: 'b' } } }],
      }),
    ).toBeUndefined();
    expect(discriminatorOf({ anyOf: [member('a'), { type: 'string' }] })).toBeUndefined();
    expect(discriminatorOf({ anyOf: [member('a'), { $ref: '#/$defs/B' }] })).toBeUndefined();
    expect(
      discriminatorOf({
        anyOf: [
          member('a'),
          { type: 'object', properties: { kind: { const: 1 } }, required: ['kind'] },
        ],
      }),
    ).toBeUndefined();
    expect(discriminatorOf({ anyOf: [] })).toBeUndefined();
    expect(discriminatorOf({ type: 'object' })).toBeUndefined();
    expect(discriminatorOf(true)).toBeUndefined();
  });

  it('does not read a literal through the prototype', () => {
    const properties = Object.create({ kind: { const: 'p' } });
    const node = { anyOf: [{ type: 'object', properties, required: ['kind'] }] };
    expect(discriminatorOf(node)).toBeUndefined();
  });
});

describe('the judged formats', () => {
  it('are the temporal formats and the six string formats, nothing else', () => {
    expect(STRING_FORMATS).toEqual(['uuid', 'email', 'uri', 'hostname', 'ipv4', 'ipv6']);
    expect(Object.isFrozen(STRING_FORMATS)).toBe(true);
    for (const format of [...STRING_FORMATS, 'date-time', 'date', 'time', 'duration']) {
      expect(isJudgedFormat(format)).toBe(true);
    }
    for (const format of ['regex', 'uri-reference', 'idn-email', '', 'UUID', 7, undefined]) {
      expect(isJudgedFormat(format)).toBe(false);
    }
    expect(isStringFormat('date')).toBe(false);
    expect(isStringFormat('ipv6')).toBe(true);
  });
});
