/**
 * Guards `conform` on nullables and unions: null passes a nullable place untouched, a discriminated
 * union converts the member its discriminator selects and a union of distinct types the member the
 * value's JSON type selects, so an `Int64` inside any member still becomes a `bigint`; a value no
 * member takes is refused as `union`, naming the declared discriminator or types, never the value.
 */
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { conform, Int8, Int64 } from '../src/index.ts';

const CANARY = 'CANARY-5c1e';

const declaration = Type.Object({
  maybe: Type.Union([Int64(), Type.Null()]),
  level: Type.Optional(Type.Union([Type.Null(), Type.Literal('low'), Type.Literal('high')])),
  shape: Type.Union([
    Type.Object({ kind: Type.Literal('one'), n: Int64() }),
    Type.Object({ kind: Type.Literal('many'), ns: Type.Array(Int64()), small: Int8() }),
  ]),
  spare: Type.Union([Type.Object({ kind: Type.Literal('one'), n: Int64() }), Type.Null()]),
  either: Type.Union([Type.String(), Int64(), Type.Array(Int64()), Type.Null()]),
});

const BASE = {
  maybe: 1,
  shape: { kind: 'one', n: 2 },
  spare: null,
  either: 'text',
};

function conformed(value: unknown): Record<string, unknown> {
  const result = conform(declaration, value);
  if (!result.ok) expect.fail(result.refusal.text);
  return result.value as Record<string, unknown>;
}

function refusal(value: unknown) {
  const result = conform(declaration, value);
  if (result.ok) expect.fail('expected a refusal');
  expect(result.refusal.text).not.toContain(CANARY);
  expect(result.refusal.path).not.toContain(CANARY);
  expect(result.refusal.text).toMatch(/^The .*\.$/);
  return result.refusal;
}

describe('conform on nullable places', () => {
  it('passes null through and converts a value as its type', () => {
    expect(conformed({ ...BASE, maybe: null }).maybe).toBeNull();
    expect(conformed({ ...BASE, maybe: 7 }).maybe).toBe(7n);
    expect(conformed({ ...BASE, maybe: 2n ** 60n }).maybe).toBe(2n ** 60n);
    expect(conformed({ ...BASE, level: null }).level).toBeNull();
    expect(conformed({ ...BASE, level: 'low' }).level).toBe('low');
    expect('level' in conformed(BASE)).toBe(false);
  });

  it('refuses a value that is neither null nor of the type, naming the declared type', () => {
    const refused = refusal({ ...BASE, maybe: CANARY });
    expect(refused.path).toBe('/maybe');
    expect(refused.type).toBe('Int64');
    expect(refused.text).toContain('null or an integer');
    expect(refusal({ ...BASE, level: CANARY }).type).toBe('enum');
  });
});

describe('conform on discriminated unions', () => {
  it('converts the member the discriminator selects, Int64 members to bigint', () => {
    expect(conformed(BASE).shape).toEqual({ kind: 'one', n: 2n });
    expect(
      conformed({ ...BASE, shape: { kind: 'many', ns: [1, 2n ** 62n], small: 3 } }).shape,
    ).toEqual({
      kind: 'many',
      ns: [1n, 2n ** 62n],
      small: 3,
    });
    expect(conformed({ ...BASE, spare: { kind: 'one', n: 5 } }).spare).toEqual({
      kind: 'one',
      n: 5n,
    });
  });

  it('refuses an unknown or missing discriminator, naming the property and not the value', () => {
    for (const shape of [{ kind: CANARY, n: 1 }, { n: 1 }, { kind: 1, n: 1 }, [CANARY], CANARY]) {
      const refused = refusal({ ...BASE, shape });
      expect(refused.path).toBe('/shape');
      expect(refused.type).toBe('union');
      expect(refused.text).toContain('`kind`');
    }
  });

  it("reports the selected member's own fault at its place", () => {
    const refused = refusal({ ...BASE, shape: { kind: 'many', ns: [CANARY], small: 1 } });
    expect(refused.path).toBe('/shape/ns/0');
    expect(refused.type).toBe('Int64');
    expect(refusal({ ...BASE, shape: { kind: 'one', n: 1, [CANARY]: 1 } }).path).toBe('/shape');
    expect(refusal({ ...BASE, shape: { kind: 'many', ns: [] } }).path).toBe('/shape/small');
  });
});

describe('conform finds the discriminator the publisher finds', () => {
  it('reads a one-value enum or union of literals as the literal, and a `__proto__` name as data', () => {
    const spelled = Type.Object({
      u: Type.Union([
        Type.Object({ kind: Type.Union([Type.Literal('a')]), n: Int64() }),
        Type.Object({ kind: Type.Enum(['b']), m: Int64() }),
      ]),
    });
    expect(conform(spelled, { u: { kind: 'a', n: 3 } })).toEqual({
      ok: true,
      value: { u: { kind: 'a', n: 3n } },
    });
    expect(conform(spelled, { u: { kind: 'b', m: 4 } })).toEqual({
      ok: true,
      value: { u: { kind: 'b', m: 4n } },
    });
    const proto = Type.Object({
      u: Type.Union([
        Type.Object({ ['__proto__']: Type.Literal('x'), n: Int64() }),
        Type.Object({ ['__proto__']: Type.Literal('y') }),
      ]),
    });
    const admitted = JSON.parse('{"u":{"__proto__":"x","n":5}}');
    const result = conform(proto, admitted);
    expect(result.ok && (result.value.u as Record<string, unknown>)['n']).toBe(5n);
  });
});

describe('conform on unions of distinct types', () => {
  it("converts the member the value's JSON type selects", () => {
    expect(conformed({ ...BASE, either: '12' }).either).toBe('12');
    expect(conformed({ ...BASE, either: 12 }).either).toBe(12n);
    expect(conformed({ ...BASE, either: [1, 2] }).either).toEqual([1n, 2n]);
    expect(conformed({ ...BASE, either: null }).either).toBeNull();
  });

  it('refuses a value of no member type, naming the declared types', () => {
    for (const either of [true, { [CANARY]: CANARY }, 1.5]) {
      const refused = refusal({ ...BASE, either });
      expect(refused.path).toBe('/either');
    }
    const refused = refusal({ ...BASE, either: true });
    expect(refused.type).toBe('union');
    expect(refused.text).toContain('string, number, array');
    expect(refusal({ ...BASE, either: 1.5 }).type).toBe('Int64');
  });
});
