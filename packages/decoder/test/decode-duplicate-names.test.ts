/*
 * Invariant: an object is refused for a duplicate name exactly when two of its member names are
 * equal after unescaping, at the second one's opening quote, however many members it has (the
 * pairwise, filtered and Set paths alike) and whether it comes as a string or as bytes. A name
 * that starts with U+FEFF is a name like any other (a decoder's BOM stripping must not apply).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../src/index.ts';
import { utf8 } from './support.ts';

const names = fc.constantFrom(
  'id',
  'di',
  'ab',
  'name',
  'tags',
  'nome',
  'email',
  'score',
  'a',
  '',
  'balance',
  'address',
  'created',
  'alpha_0',
  'bravo_0',
  'alpha_1',
  '\u00e9t\u00e9',
  '\u4e2d',
  '\ud83d\ude00',
  '\ufeff',
  '\ufeffa',
  'x'.repeat(40),
  `${'x'.repeat(39)}y`,
);

function render(name: string, escaped: boolean): string {
  const first = name.charCodeAt(0);
  if (!escaped || name.length === 0 || (first >= 0xd800 && first <= 0xdfff)) {
    return JSON.stringify(name);
  }
  return `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(name).slice(2)}`;
}

describe('duplicate names', () => {
  it('are refused at the first repeated name, and only then', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(names, fc.boolean()), { maxLength: 20 }),
        fc.boolean(),
        (members, nested) => {
          const parts = members.map(([name, escaped], k) => `${render(name, escaped)}:${k}`);
          const open = nested ? '[{"outer":1,"inner":{' : '{';
          const close = nested ? '}}]' : '}';
          const text = `${open}${parts.join(',')}${close}`;
          const repeat = members.findIndex(([name], k) =>
            members.slice(0, k).some(([other]) => other === name),
          );
          const expected =
            repeat === -1
              ? 'accepted'
              : [
                  'DUPLICATE_KEY',
                  utf8(`${open}${parts.slice(0, repeat).join(',')}${repeat > 0 ? ',' : ''}`).length,
                ];
          for (const input of [text, utf8(text)]) {
            const result = decode(input);
            expect(result.ok ? 'accepted' : [result.refusal.code, result.refusal.offset]).toEqual(
              expected,
            );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
