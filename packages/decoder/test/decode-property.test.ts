/*
 * Invariant: for generated JSON (random structure, whitespace, escapes, big integers), decode
 * accepts it from a string and from its UTF-8 bytes alike, and the value deep-equals JSON.parse's
 * (a bigint compared as the number JSON.parse rounds it to, and exactly against its literal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../src/index.ts';
import { asParsed, utf8 } from './support.ts';

type Rendered = { text: string };

const whitespace = fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n', '  ');

function escapeString(value: string, escapeAll: boolean): string {
  const json = JSON.stringify(value);
  if (!escapeAll) return json;
  let out = '"';
  for (const ch of json.slice(1, -1)) {
    if (ch.length === 1 && ch !== '\\' && ch !== '"') {
      out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else if (ch.length === 2) {
      out += `\\u${ch.charCodeAt(0).toString(16)}\\u${ch.charCodeAt(1).toString(16)}`;
    } else out += ch;
  }
  return `${out}"`;
}

const { document } = fc.letrec<{ document: Rendered; leaf: Rendered }>((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom({ text: 'true' }, { text: 'false' }, { text: 'null' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => ({ text: JSON.stringify(d) })),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => ({ text: b.toString() })),
    fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.boolean())
      .map(([s, all]) => ({ text: escapeString(s, all) })),
  ),
  document: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc
      .tuple(fc.array(fc.tuple(whitespace, tie('document'), whitespace), { maxLength: 5 }))
      .map(([items]) => ({ text: `[${items.map(([a, d, b]) => a + d.text + b).join(',')}]` })),
    fc
      .uniqueArray(
        fc.tuple(fc.string({ maxLength: 6 }), whitespace, tie('document'), fc.boolean()),
        { maxLength: 5, selector: ([name]) => name },
      )
      .map((members) => ({
        text: `{${members.map(([n, ws, d, all]) => `${escapeString(n, all)}${ws}:${ws}${d.text}`).join(',')}}`,
      })),
  ),
}));

describe('generated documents', () => {
  it('decode to JSON.parse’s value, from a string and from bytes', () => {
    fc.assert(
      fc.property(document, whitespace, ({ text }, ws) => {
        const input = ws + text + ws;
        const expected = JSON.parse(input);
        for (const result of [decode(input), decode(utf8(input))]) {
          if (!result.ok)
            throw new Error(`refused ${result.refusal.code} at ${result.refusal.offset}`);
          expect(asParsed(result.value)).toEqual(expected);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('keep every integer literal exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), { maxLength: 8 }),
        (ints) => {
          const result = decode(`[${ints.join(',')}]`);
          if (!result.ok) throw new Error(result.refusal.code);
          const safe = (b: bigint) => b <= 9007199254740991n && b >= -9007199254740991n;
          expect(result.value).toEqual(ints.map((b) => (safe(b) ? Number(b) : b)));
        },
      ),
    );
  });

  it('decode fast-check’s own JSON exactly as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        const result = decode(text);
        if (!result.ok) throw new Error(result.refusal.code);
        expect(asParsed(result.value)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1500 },
    );
  });
});
