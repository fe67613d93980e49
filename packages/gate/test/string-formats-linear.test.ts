/*
 * Invariant: the string format checks run on caller text in time linear in its length. Each is fed
 * inputs of 100,000 characters shaped to make a backtracking matcher explode (long runs of
 * almost-matching separators, unterminated quotes and literals, percent signs without digits) and
 * must answer within a generous multiple of the time it takes on a trivial input of the same length
 * (or of one plain pass over that input, whichever is longer). Ratios only, never absolute times.
 */
import { performance } from 'node:perf_hooks';
import { STRING_FORMATS, type StringFormat } from '@portcullis/schema';
import { describe, expect, it } from 'vitest';
import { STRING_FORMAT_CHECKS } from '../src/internal/string-formats.ts';

const LENGTH = 100_000;
/** Generous: a backtracking matcher on these inputs is slower by orders of magnitude. */
const MAX_RATIO = 50;
const ROUNDS = 7;
const CALLS = 20;

/** `unit` repeated to exactly LENGTH characters, then `tail`. */
function fill(unit: string, tail = ''): string {
  const body = unit.repeat(Math.ceil((LENGTH - tail.length) / unit.length));
  return body.slice(0, LENGTH - tail.length) + tail;
}

const ADVERSARIAL: Readonly<Record<StringFormat, readonly string[]>> = {
  uuid: [fill('0'), fill('0-'), fill('f81d4fae-'), fill('-')],
  email: [
    fill('a.', '@'),
    fill('a', '@'),
    fill('"\\"', '@a'),
    fill('a@'),
    fill('a@[IPv6:', ']'),
    fill('!#', '@example.com!'),
  ],
  uri: [
    fill('a'),
    fill('a', ' '),
    `a:${fill('%2').slice(2)}`,
    `a:${fill('%').slice(2)}`,
    `a:${fill('/').slice(2, -1)} `,
    `http://${fill('@').slice(7)}`,
    `http://${fill('[').slice(7)}`,
    `http://[${fill('::').slice(8)}`,
    `http://${fill('a:').slice(7)}`,
    `http://a@${fill('b@').slice(9)}`,
    `a:?${fill('?#').slice(3)}`,
    `http://${fill('a.').slice(7, -1)}\u00e9`,
  ],
  hostname: [fill('a.'), fill('a-'), fill('xn--'), fill(`${'a'.repeat(63)}.`), fill('a', '-')],
  ipv4: [fill('1.'), fill('255.'), fill('0'), fill('1', '.1.1.1')],
  ipv6: [fill('1:'), fill('::'), fill('ffff:'), fill('1.1.'), fill('1::', '1.2.3.4')],
};

/** Median over ROUNDS of the time CALLS runs of `work` take. */
function medianTime(work: () => void): number {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (let call = 0; call < CALLS; call++) work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)] as number;
}

let sink = 0;

describe.each(STRING_FORMATS)('%s on 100,000 adversarial characters', (format) => {
  const check = STRING_FORMAT_CHECKS[format];
  const trivial = 'a'.repeat(LENGTH);
  it.each(ADVERSARIAL[format].map((text, index) => [index, text] as const))(
    'input %i answers within the ratio',
    (_index, text) => {
      expect(text.length).toBe(LENGTH);
      // Warm both paths before measuring.
      for (let call = 0; call < CALLS; call++) sink += Number(check(text)) + Number(check(trivial));
      const plainPass = medianTime(() => {
        let sum = 0;
        for (let at = 0; at < LENGTH; at++) sum += trivial.charCodeAt(at);
        sink += sum;
      });
      const baseline = Math.max(
        medianTime(() => {
          sink += Number(check(trivial));
        }),
        plainPass,
      );
      const adversarial = medianTime(() => {
        sink += Number(check(text));
      });
      expect(check(text)).toBe(false);
      expect(adversarial / baseline).toBeLessThan(MAX_RATIO);
    },
  );
});

it('the measurements were used', () => {
  expect(sink).toBeGreaterThanOrEqual(0);
});
