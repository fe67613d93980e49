/*
 * Invariant: alternatives (`anyOf`, type arrays), maps, places with no type and declared names that
 * are prototype members are judged exactly as the document declares, at every depth.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, judge } from '../src/index.ts';
import { codesOf, issuesOf, ok } from './support/judged.ts';

describe('anyOf and type arrays', () => {
  const document = {
    type: 'object',
    properties: {
      when: {
        anyOf: [
          { type: 'string', format: 'date' },
          { type: 'integer', minimum: 0 },
        ],
      },
      label: { type: ['string', 'null'] },
    },
  } as const;

  it('admit any alternative', () => {
    expect(judge({ when: '2024-01-01', label: null }, document)).toEqual(ok);
    expect(judge({ when: 5, label: 'x' }, document)).toEqual(ok);
  });

  it('report the one plausible alternative in detail, or all of them as declared types', () => {
    expect(codesOf({ when: '2024-13-01' }, document)).toEqual(['/when FORMAT_MISMATCH']);
    expect(codesOf({ when: -1 }, document)).toEqual(['/when OUT_OF_RANGE']);
    expect(issuesOf({ when: true }, document)).toEqual([
      {
        path: '/when',
        code: GATE_ISSUE_CODES.NO_ALTERNATIVE,
        types: ['string', 'integer'],
        optional: true,
      },
    ]);
    expect(issuesOf({ label: 1 }, document)).toEqual([
      {
        path: '/label',
        code: GATE_ISSUE_CODES.TYPE_MISMATCH,
        types: ['string', 'null'],
        optional: true,
      },
    ]);
  });
});

describe('maps', () => {
  const document = {
    type: 'object',
    properties: {
      counts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      moods: { type: 'object', additionalProperties: { type: 'string', enum: ['calm', 'tense'] } },
      nodes: { type: 'object', additionalProperties: { $ref: '#/$defs/Node' } },
      anything: { type: 'object', additionalProperties: true },
    },
    additionalProperties: false,
    $defs: {
      Node: {
        type: 'object',
        properties: { next: { $ref: '#/$defs/Node' } },
        additionalProperties: false,
      },
    },
  } as const;

  it('judge every entry against the value shape under its own key', () => {
    expect(
      judge(
        {
          counts: { a: 1, '../etc': 2 },
          moods: { x: 'calm' },
          nodes: { n: { next: { next: {} } } },
          anything: { k: [null] },
        },
        document,
      ),
    ).toEqual(ok);
    expect(
      codesOf(
        { counts: { a: -1, b: 'x' }, moods: { y: 'angry' }, nodes: { n: { next: { bad: 1 } } } },
        document,
      ),
    ).toEqual([
      '/counts/<entry> OUT_OF_RANGE',
      '/counts/<entry> TYPE_MISMATCH',
      '/moods/<entry> NOT_IN_ENUM',
      '/nodes/<entry>/next UNDECLARED_PROPERTY',
    ]);
  });

  it('admit names that look like keywords or prototype members as keys', () => {
    expect(
      judge({ counts: { __proto__: 1, constructor: 2, $ref: 3, toString: 4 } }, document),
    ).toEqual(ok);
    const value = JSON.parse('{"counts": {"__proto__": -5}}');
    expect(codesOf(value, document)).toEqual(['/counts/<entry> OUT_OF_RANGE']);
  });
});

describe('declared names that are prototype members', () => {
  const document = JSON.parse(
    '{"type": "object", "properties": {"constructor": {"type": "string"}, "toString": {"type": "integer"}, "__proto__": {"type": "boolean"}}, "required": ["constructor"], "additionalProperties": false}',
  ) as SchemaNode;

  it('are read as own properties only', () => {
    expect(codesOf({}, document)).toEqual(['/constructor MISSING_PROPERTY']);
    expect(
      judge(JSON.parse('{"constructor": "x", "toString": 1, "__proto__": true}'), document),
    ).toEqual(ok);
    expect(codesOf(JSON.parse('{"constructor": "x", "__proto__": 1}'), document)).toEqual([
      '/__proto__ TYPE_MISMATCH',
    ]);
  });
});

describe('a property with no type', () => {
  const document = {
    type: 'object',
    properties: { payload: {}, flag: { description: 'open' } },
    additionalProperties: false,
  } as const;

  it.each([
    null,
    true,
    0,
    -1.5,
    2n ** 80n,
    'text',
    [],
    [1, [2, { a: null }]],
    { deep: { deeper: ['x'] } },
  ])('admits any JSON: %o', (payload) => {
    expect(judge({ payload, flag: payload }, document)).toEqual(ok);
  });
});
