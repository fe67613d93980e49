/**
 * A stdio upstream that dies right after every start is started again after a pause that doubles
 * while it keeps dying, not every half second.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/index.ts';
import { testServer } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'gateway-restart-'));
const starts = join(dir, 'starts');
let gateway: Gateway | undefined;

afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an upstream that dies right after each start', () => {
  it('is started again after pauses that double', async () => {
    const script = fileURLToPath(new URL('./fixtures/listed.mjs', import.meta.url));
    const tools = join(dir, 'tools.json');
    writeFileSync(
      tools,
      JSON.stringify([
        { name: 'noop', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
      ]),
    );
    gateway = await createGateway({
      upstreams: [{ command: process.execPath, args: [script, tools, starts] }],
      warn: () => {},
      server: testServer({ dispatcher: { maxRunning: 4, maxQueued: 4 } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const times = readFileSync(starts, 'utf8').trim().split('\n').map(Number);
    const first = times[0] as number;
    // Pauses of 0.5 s, 1 s, 2 s: four starts at most in 4 s (a pause of 0.5 s each time: up to 8).
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.filter((time) => time - first <= 4_000).length).toBeLessThanOrEqual(4);
  });
});
