/*
 * What only HTTP carries: canary headers (`Host`, `Origin`, `MCP-Protocol-Version`, bearer tokens,
 * session ids, media types), a canary path and dialect, a body past the limit; and the
 * amplification cases, bodies within every limit that cost the server far more than they cost the
 * caller (a million wrong items, a wide object of undeclared names, a deep recursive input), a
 * thousand slow callers holding connections open, and a thousand concurrent hostile calls. Each is answered within a bound stated as a ratio
 * against a valid call of the same size measured in the same run, while valid calls keep being
 * served. No answer carries a canary.
 */
import { connect, type Socket } from 'node:net';
import {
  amplificationCases,
  headerCases,
  kindOf,
  oversizedBody,
  scanAnswer,
  smallestValid,
} from '@portcullis/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../src/http-texts.ts';
import { closeAll } from '../support.ts';
import { callBody, type Door, httpDoor, KNOWN, listed, report, tally, valid } from './doors.ts';

afterEach(closeAll);

/**
 * The bound of an amplification case: its median time at most this many times the median time of
 * a valid call of the same size and shape (as many items, names or levels, all valid), measured in
 * the same run. Generous on purpose (a shared machine): a refusal that cost more than serving would
 * pass it by orders of magnitude. The ratio against a flat valid call of the same size (one long
 * string) is printed beside it: what the shape costs to read at all.
 */
const AMPLIFICATION_RATIO = 10;
/** The size of each amplification body: half the body limit (a million items, 140,000 names). */
const AMPLIFICATION_BYTES = 2_000_000;
/** A valid call while 1,000 slow callers hold connections: at most this many times its own median. */
const SLOW_CALLERS_RATIO = 20;
/**
 * Concurrent hostile calls sent at once, and their bound against as many refused calls sent one
 * after another just before, in the same run. A server does the same work either way, so the ratio
 * sits near 1; the bound leaves room for a shared machine's swings, and a burst whose cost grew
 * with the number in flight would pass it many times over.
 */
const BURST = 1_000;
const BURST_RATIO = 4;

async function timed(
  door: Door,
  body: string,
): Promise<{ ms: number; answer: Awaited<ReturnType<Door['send']>> }> {
  const start = performance.now();
  const answer = await door.send(body);
  return { ms: performance.now() - start, answer };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('the HTTP doors', () => {
  it('answers every canary header, path, dialect and oversized body without the canary', async () => {
    const door = await httpDoor();
    const t = tally(5_100_000_000_000n);
    for (const c of headerCases(t.mint, callBody(1, 'add', { a: 1, b: 2 }))) {
      t.payloads += 1;
      const headers = { ...c.headers, ...(c.method === undefined ? {} : { ':method': c.method }) };
      const answer = await door.send(
        c.body ?? '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        headers,
        c.suffix,
      );
      expect(scanAnswer(t.ledger, [answer.head, answer.body]), c.label).toEqual([]);
      expect(
        c.statuses,
        `${c.label}: ${answer.head.split('\n')[0]} ${answer.body.slice(0, 200)}`,
      ).toContain(answer.status);
    }
    const big = oversizedBody(t.mint, DEFAULT_MAX_BODY_BYTES);
    t.payloads += 1;
    const answer = await door.send(big.body);
    expect(answer.status).toBe(413);
    expect(scanAnswer(t.ledger, [answer.head, answer.body])).toEqual([]);
    await valid(door, t, 'add', { a: 1, b: 2 });
    expect(t.ledger.canariesFound).toEqual([]);
    report('HTTP headers', t);
  });

  it(`answers each amplification case within ${AMPLIFICATION_RATIO}x a valid call of its size, serving valid calls meanwhile`, async () => {
    const door = await httpDoor();
    const t = tally(5_200_000_000_000n);
    const echo = JSON.stringify(smallestValid((await listed(door)).get('echo') as never, 'a'));
    const cases = amplificationCases(
      {
        items: {
          tool: 'echo',
          hostile: echo.replace('"inner":[]', '"inner":[$HOLE]'),
          valid: echo.replace('"bigs":[]', '"bigs":[$HOLE]'),
        },
        wide: {
          tool: 'echo',
          hostile: echo.replace('"inner":[]', '"inner":[],$HOLE'),
          valid: echo.replace('"labels":{}', '"labels":{$HOLE}'),
        },
        recursive: {
          tool: 'echo',
          args: echo.replace(/"tree":\{[^}]*\}/, '"tree":$HOLE'),
          open: '{"name":"a","children":[',
          close: ']}',
          leaf: '{"name":"a","children":[],$FAULT}',
        },
        flat: { tool: 'greet', args: '{"name":"$TEXT"}' },
      },
      t.mint,
      AMPLIFICATION_BYTES,
    );
    const lines: string[] = [];
    for (const c of cases) {
      const hostileMs: number[] = [];
      const twinMs: number[] = [];
      const flatMs: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const [body, into] of [
          [c.twin, twinMs],
          [c.flat, flatMs],
        ] as const) {
          const call = await timed(door, body);
          into.push(call.ms);
          t.validCalls += 1;
          expect(kindOf(call.answer.messages[0], KNOWN), `${c.label}: a valid call`).toBe('result');
        }
        // The hostile body, with valid calls sent while it is being judged.
        const [hostile, ...served] = await Promise.all([
          timed(door, c.hostile),
          ...[1, 2, 3].map((i) => door.send(callBody(`during-${i}`, 'add', { a: i, b: i }))),
        ]);
        t.payloads += 1;
        hostileMs.push(hostile.ms);
        expect(scanAnswer(t.ledger, [hostile.answer.head, hostile.answer.body]), c.label).toEqual(
          [],
        );
        expect(
          kindOf(hostile.answer.messages[0], KNOWN),
          `${c.label}: ${hostile.answer.body.slice(0, 300)}`,
        ).toBe('gate');
        for (const answer of served) {
          t.validCalls += 1;
          expect(kindOf(answer.messages[0], KNOWN), `${c.label}: a valid call meanwhile`).toBe(
            'result',
          );
        }
      }
      const ratio = median(hostileMs) / median(twinMs);
      const flat = median(hostileMs) / median(flatMs);
      lines.push(
        `${c.label} (${(c.hostile.length / 1e6).toFixed(1)} MB): ${ratio.toFixed(2)}x a valid call of its size and shape, ${flat.toFixed(2)}x one of its size holding one string`,
      );
      expect(ratio, c.label).toBeLessThanOrEqual(AMPLIFICATION_RATIO);
    }
    report('HTTP amplification', t, lines.join('; '));
  }, 120_000);

  it(`serves valid calls within ${SLOW_CALLERS_RATIO}x their own time while 1,000 slow callers hold connections`, async () => {
    const door = await httpDoor();
    const t = tally(5_300_000_000_000n);
    const baseline: number[] = [];
    for (let i = 0; i < 9; i += 1)
      baseline.push((await timed(door, callBody(`b${i}`, 'add', { a: i, b: 1 }))).ms);
    const url = door.url as URL;
    const sockets: Socket[] = [];
    const canary = t.mint.string();
    await Promise.all(
      Array.from(
        { length: 1_000 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(url.port), url.hostname, () => {
              // Headers and the first bytes of a body that never finishes.
              socket.write(
                `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
                  `Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{"jsonrpc":"2.0","id":"${canary}",`,
              );
              resolve();
            });
            socket.on('error', () => resolve());
            sockets.push(socket);
          }),
      ),
    );
    t.payloads += 1_000;
    const during: number[] = [];
    try {
      for (let i = 0; i < 9; i += 1) {
        const call = await timed(door, callBody(`d${i}`, 'add', { a: i, b: 2 }));
        t.validCalls += 1;
        expect(kindOf(call.answer.messages[0], KNOWN)).toBe('result');
        during.push(call.ms);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    const ratio = median(during) / median(baseline);
    expect(ratio).toBeLessThanOrEqual(SLOW_CALLERS_RATIO);
    await valid(door, t, 'add', { a: 1, b: 1 });
    report(
      'HTTP slow callers',
      t,
      `a valid call took ${ratio.toFixed(2)}x its time alone while 1,000 connections hung`,
    );
  }, 60_000);
  it(`answers ${BURST.toLocaleString('en')} concurrent hostile calls, serving the valid calls among them, within ${BURST_RATIO}x the time of as many calls in a row`, async () => {
    const door = await httpDoor();
    const t = tally(5_400_000_000_000n);
    const inRowStart = performance.now();
    for (let i = 0; i < BURST; i += 1) await door.send(callBody(`s${i}`, 'add', { a: 'x', b: i }));
    const inRow = performance.now() - inRowStart;
    const start = performance.now();
    const hostileCalls = Array.from({ length: BURST }, (_, i) => {
      const c = t.mint.string();
      const k = t.mint.key();
      return { canaries: [c, k], answer: door.send(callBody(i, 'add', { a: c, b: 1, [k]: c })) };
    });
    const validCalls = Array.from({ length: 20 }, (_, i) =>
      door.send(callBody(`v${i}`, 'add', { a: i, b: i })),
    );
    const answers = await Promise.all(hostileCalls.map((call) => call.answer));
    const served = await Promise.all(validCalls);
    const elapsed = performance.now() - start;
    for (const [index, answer] of answers.entries()) {
      t.payloads += 1;
      expect(scanAnswer(t.ledger, [answer.head, answer.body]), `burst ${index}`).toEqual([]);
      expect(
        kindOf(answer.messages[0], KNOWN),
        `burst ${index}: ${answer.body.slice(0, 200)}`,
      ).toBe('gate');
    }
    for (const answer of served) {
      t.validCalls += 1;
      expect(kindOf(answer.messages[0], KNOWN)).toBe('result');
    }
    const ratio = elapsed / inRow;
    expect(ratio).toBeLessThanOrEqual(BURST_RATIO);
    report(
      'HTTP concurrent burst',
      t,
      `the burst took ${ratio.toFixed(2)}x as many refused calls in a row`,
    );
  }, 60_000);
});
