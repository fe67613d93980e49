/*
 * Hostile entry lists judged the way a server does (the dialect's document, the inverse, the
 * canonical document): canaries in keys and values never reach a refusal, a key given twice and a
 * key breaking the key rule are refused, `__proto__` and `constructor` stay keys and pollute
 * nothing, malformed entries are refused, a flood is judged without a crash, and the map bounds
 * agree with canonical at, below and above the limit.
 */
import { DIALECTS } from '@portcullis/dialects';
import { compileGate } from '@portcullis/gate';
import { Map as MapOf, publishCanonical } from '@portcullis/schema';
import type { SchemaObject } from '@portcullis/schema/document';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';

const CANARY = 'CANARY7f3e';

const canonical = publishCanonical(
  Type.Object({
    tags: MapOf(Type.Union([Type.Literal('low'), Type.Literal('high')]), {
      minProperties: 1,
      maxProperties: 3,
      keys: Type.String({ pattern: '^[a-z][a-z0-9]*$', maxLength: 6 }),
    }),
    open: Type.Optional(
      MapOf(Type.Object({ n: Type.Integer(), note: Type.Optional(Type.String()) })),
    ),
  }),
) as SchemaObject;
const canonicalGate = compileGate(canonical);

type Verdict = { ok: true; value: unknown } | { ok: false; text: string };

function judgeAs(name: 'openai_strict' | 'anthropic_strict' | 'gemini', wire: unknown): Verdict {
  const dialect = DIALECTS[name];
  const first = compileGate(dialect.publish(canonical, 'input').schema).judge(wire);
  if (!first.ok) return { ok: false, text: first.refusal.text };
  const back = dialect.arguments(wire as never, canonical);
  const second = canonicalGate.judge(back);
  return second.ok ? { ok: true, value: back } : { ok: false, text: second.refusal.text };
}

const entries = (pairs: [unknown, unknown][]) => pairs.map(([key, value]) => ({ key, value }));
const strictExtra = (name: string) => (name === 'openai_strict' ? { open: null } : {});

describe.each(['openai_strict', 'anthropic_strict', 'gemini'] as const)('%s', (name) => {
  const call = (tags: unknown, rest: Record<string, unknown> = strictExtra(name)) =>
    judgeAs(name, { tags, ...rest });
  // openai_strict requires every property, an omitted optional spelled as null.
  const item = (n: number) => (name === 'openai_strict' ? { n, note: null } : { n });

  it('refuses canaries in keys and values without echoing them', () => {
    const hostile = [
      entries([[CANARY, 'low']]),
      entries([['a', CANARY]]),
      entries([
        ['a', 'low'],
        ['a', CANARY],
      ]),
      entries([
        ['a', 'low'],
        [CANARY, 'low'],
        [CANARY, 'high'],
      ]),
      entries([[`a${CANARY}`, 'low']]),
      entries([[1, CANARY]]),
      [{ key: 'a', value: 'low', [CANARY]: CANARY }],
      [{ key: CANARY }],
      entries(Array.from({ length: 50 }, (_, i) => [`${CANARY}${i}`, CANARY])),
    ];
    for (const tags of hostile) {
      const verdict = call(tags);
      expect(verdict.ok, JSON.stringify(tags).slice(0, 80)).toBe(false);
      if (!verdict.ok) expect(verdict.text).not.toContain(CANARY);
    }
  });

  it('refuses a key given twice', () => {
    expect(
      call(
        entries([
          ['a', 'low'],
          ['a', 'low'],
        ]),
      ).ok,
    ).toBe(false);
    // In a map with no key rule, the repeated key alone is the fault, and it is not repeated.
    const twice = call(entries([['a', 'low']]), {
      open: entries([
        [CANARY, item(1)],
        [CANARY, item(2)],
      ]),
    });
    expect(twice.ok).toBe(false);
    if (!twice.ok) {
      expect(twice.text).toContain('/open');
      expect(twice.text).not.toContain(CANARY);
    }
  });

  it('keeps __proto__ and constructor as keys and pollutes nothing', () => {
    const tags = entries([['a', 'low']]);
    const open = entries([
      ['__proto__', item(1)],
      ['constructor', item(2)],
      ['prototype', item(3)],
    ]);
    const verdict = call(tags, { open });
    expect(verdict.ok).toBe(true);
    if (verdict.ok) {
      const map = (verdict.value as { open: Record<string, unknown> }).open;
      expect(Object.keys(map)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    }
    expect(({} as Record<string, unknown>).n).toBeUndefined();
    // The canonical gate decides the same for the canonical map.
    const canonicalMap = JSON.parse(
      '{"__proto__":{"n":1},"constructor":{"n":2},"prototype":{"n":3}}',
    );
    expect(canonicalGate.judge({ tags: { a: 'low' }, open: canonicalMap }).ok).toBe(true);
    // A key `__proto__` breaking the key rule is refused like any other.
    expect(call(entries([['__proto__', 'low']])).ok).toBe(false);
  });

  it('judges a value whose optional property is left out or null as canonical does', () => {
    const tags = entries([['a', 'low']]);
    const leftOut = call(tags, { open: entries([['x', { n: 1 }]]) });
    const nulled = call(tags, { open: entries([['x', { n: 1, note: null }]]) });
    const canonicalNull = canonicalGate.judge({
      tags: { a: 'low' },
      open: { x: { n: 1, note: null } },
    }).ok;
    if (name === 'openai_strict') {
      expect(nulled.ok).toBe(true);
      if (nulled.ok) expect(nulled.value).toEqual({ tags: { a: 'low' }, open: { x: { n: 1 } } });
    } else {
      expect(leftOut.ok).toBe(true);
      expect(nulled.ok).toBe(canonicalNull);
    }
  });

  it('refuses malformed entries and nested maps where a value is expected', () => {
    for (const tags of [
      [{ key: 'a' }],
      [{ value: 'low' }],
      [{ key: 'a', value: 'low', extra: 1 }],
      [{ key: null, value: 'low' }],
      [{ key: ['a'], value: 'low' }],
      [null],
      ['a'],
      { a: 'low' },
      entries([['a', entries([['b', 'low']])]]),
      entries([['a', { b: 'low' }]]),
    ]) {
      expect(call(tags).ok, JSON.stringify(tags)).toBe(false);
    }
  });

  it('judges a flood of 100,000 entries without a crash', () => {
    const flood = entries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'low']));
    expect(call(flood).ok).toBe(false);
    const open = entries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, item(i)]));
    const verdict = call(entries([['a', 'low']]), { open });
    expect(verdict.ok).toBe(
      canonicalGate.judge({
        tags: { a: 'low' },
        open: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, { n: i }])),
      }).ok,
    );
    const twice = entries(Array.from({ length: 100_000 }, () => ['k', item(1)]));
    expect(call(entries([['a', 'low']]), { open: twice }).ok).toBe(false);
  });

  it('agrees with canonical on the map bounds at, below and above them', () => {
    for (const count of [0, 1, 2, 3, 4, 10]) {
      const keys = Array.from({ length: count }, (_, i) => `k${i}`);
      const wire = entries(keys.map((key) => [key, 'low']));
      const map = Object.fromEntries(keys.map((key) => [key, 'low']));
      expect({ count, ok: call(wire).ok }).toEqual({
        count,
        ok: canonicalGate.judge({ tags: map }).ok,
      });
    }
    // A duplicate does not count twice towards the lower bound, nor slip past the upper one.
    expect(
      call(
        entries([
          ['a', 'low'],
          ['a', 'low'],
          ['b', 'low'],
          ['c', 'low'],
        ]),
      ).ok,
    ).toBe(false);
  });
});
