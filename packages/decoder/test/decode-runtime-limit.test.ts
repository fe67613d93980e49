/*
 * The whole input is judged against the runtime's longest string before any of it is read: bytes
 * up to exactly that length are decoded, one byte more is INPUT_TOO_LONG at that offset. The
 * runtime's limit (about 512 MiB) is lowered here, so the boundary is tested without allocating it.
 */
import { describe, expect, it, vi } from 'vitest';
import { decode } from '../src/index.ts';
import { acceptedValue, refusalOf, utf8 } from './support.ts';

const { LIMIT } = vi.hoisted(() => ({ LIMIT: 16 }));

vi.mock('node:buffer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:buffer')>();
  return { ...actual, constants: { ...actual.constants, MAX_STRING_LENGTH: LIMIT } };
});

describe("the runtime's string limit", () => {
  it('decodes bytes of exactly the limit and refuses one byte more, at the limit', () => {
    const atLimit = utf8('["abcdefghijkl"]');
    expect(atLimit.length).toBe(LIMIT);
    expect(acceptedValue(decode(atLimit))).toEqual(['abcdefghijkl']);
    const past = utf8('["abcdefghijklm"]');
    expect(refusalOf(decode(past))).toMatchObject({ code: 'INPUT_TOO_LONG', offset: LIMIT });
  });
});
