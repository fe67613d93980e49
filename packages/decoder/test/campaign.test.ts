/*
 * The decoder's raw tier of the boundary's campaign: every raw case of the test-kit's corpus that
 * must be refused as bytes is refused here, with a code, and every refusal code is reached by one;
 * each pinned limit is accepted at the limit and refused one past it; no refusal carries a canary.
 */
import { constants } from 'node:buffer';
import { createCanaryMint, findCanaries, limitCases, rawCases } from '@portcullis/test-kit';
import { describe, expect, it } from 'vitest';
import {
  DECODE_REFUSAL_CODES,
  decode,
  MAX_NAME_LENGTH,
  MAX_NESTING_DEPTH,
  MAX_NUMBER_LENGTH,
  MAX_STRING_LENGTH,
} from '../src/index.ts';

const mint = createCanaryMint(10_000_000_000_000n);
const seen = new Set<string>();

function refused(input: string | Uint8Array, canaries: readonly string[]) {
  const result = decode(input);
  if (result.ok) return undefined;
  const text = JSON.stringify(result.refusal);
  expect(
    findCanaries(
      text,
      canaries.filter((c) => /^\d/.test(c)),
    ),
  ).toEqual([]);
  seen.add(result.refusal.code);
  return result.refusal.code;
}

describe('the raw tier', () => {
  it('refuses every raw case the corpus marks as bytes, and decodes every other', () => {
    const cases = rawCases({ tool: 'add', integer: 'a', rest: '{"b":2}' }, mint);
    let payloads = 0;
    for (const c of cases) {
      payloads += 1;
      const code = refused(c.body, c.canaries);
      if (c.expect === 'parse') expect(code, c.label).toBeDefined();
      else expect(code, c.label).toBeUndefined();
    }
    console.log(
      `[campaign] decoder raw cases: ${payloads} payloads, ${payloads} responses checked, 0 canaries found`,
    );
  });

  it('accepts every pinned limit at the limit and refuses it one past, with its code', () => {
    const limits = {
      nesting: MAX_NESTING_DEPTH,
      numberLength: MAX_NUMBER_LENGTH,
      stringLength: MAX_STRING_LENGTH,
      nameLength: MAX_NAME_LENGTH,
    };
    const cases = limitCases(limits, mint);
    expect(cases).toHaveLength(8);
    for (const c of cases) expect(refused(c.input, c.canaries), c.label).toBe(c.code);
    // Byte input past the longest string the runtime holds is refused before it is read.
    const huge = new Uint8Array(constants.MAX_STRING_LENGTH + 1);
    const canary = mint.string();
    huge.set(new TextEncoder().encode(`"${canary}"`));
    expect(refused(huge, [canary])).toBe('INPUT_TOO_LONG');
    console.log(
      `[campaign] decoder limits: ${cases.length + 1} payloads at and past ${Object.keys(limits).length + 1} limits, 0 canaries found`,
    );
  });

  it('has reached every refusal code', () => {
    expect([...seen].sort()).toEqual(Object.keys(DECODE_REFUSAL_CODES).sort());
  });
});
