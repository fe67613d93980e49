/*
 * Invariant: what the schema package's publisher renders is what the gate judges. A tool input
 * declared with the vocabulary (widths, Int64, temporal strings, a map, recursion, an open value) is
 * published with `publishCanonical` and compiled by the gate without a defect, and the gate applies
 * every rule the document states.
 */
import {
  DateTime,
  Duration,
  Int32,
  Int64,
  publishCanonical,
  Recursive,
  Map as SchemaMap,
  Unknown,
} from '@portcullis/schema';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';

const Node = Recursive('Node', (self) =>
  Type.Object({ name: Type.String(), children: Type.Optional(Type.Array(self)) }),
);
const document = publishCanonical(
  Type.Object({
    id: Int64(),
    count: Int32(),
    at: DateTime(),
    span: Type.Optional(Duration()),
    unit: Type.Union([Type.Literal('C'), Type.Literal('F')]),
    scores: SchemaMap(Int32()),
    tree: Type.Optional(Node),
    payload: Type.Optional(Unknown()),
    nested: Type.Object({ flag: Type.Boolean() }),
    counts: Type.Array(Int32()),
  }),
);

const valid = {
  id: 9223372036854775807n,
  count: -2147483648,
  at: '2024-05-01T13:45:00Z',
  span: 'PT15M',
  unit: 'F',
  scores: { alice: 1 },
  tree: { name: 'a', children: [{ name: 'b', children: [] }] },
  payload: { anything: [1, 'two', null] },
  nested: { flag: true },
  counts: [2147483647],
};

function rules(value: unknown): string[] {
  const judgement = judge(value, document);
  return judgement.ok ? [] : judgement.refusal.issues.map((issue) => `${issue.path} ${issue.code}`);
}

describe('a document from publishCanonical', () => {
  it('compiles without a defect and admits a valid value', () => {
    expect(() => compileGate(document)).not.toThrow();
    expect(judge(valid, document)).toEqual({ ok: true });
  });

  it('judges Int64 bounds exactly, dates, enums, maps, recursion and closure', () => {
    expect(
      rules({
        ...valid,
        id: 9223372036854775808n,
        at: '2024-05-01',
        unit: 'K',
        scores: { bob: 2147483648 },
        tree: { name: 'a', children: [{ label: 'b' }] },
        nested: { flag: true, extra: 1 },
        artifact_refs: [],
      }),
    ).toEqual([
      '/id OUT_OF_RANGE',
      '/at FORMAT_MISMATCH',
      '/unit NOT_IN_ENUM',
      '/scores/<entry> OUT_OF_RANGE',
      '/tree/children/0/name MISSING_PROPERTY',
      '/tree/children/0 UNDECLARED_PROPERTY',
      '/nested UNDECLARED_PROPERTY',
      ' UNDECLARED_PROPERTY',
    ]);
  });

  it('refuses null for an optional property and a missing required one', () => {
    const { count: _, ...withoutCount } = valid;
    expect(rules({ ...withoutCount, span: null })).toEqual([
      '/count MISSING_PROPERTY',
      '/span TYPE_MISMATCH',
    ]);
  });
});
