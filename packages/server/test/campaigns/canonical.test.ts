/*
 * The canonical campaign: the whole hostile corpus through the real SDK server behind the real
 * interposer, over real HTTP on 127.0.0.1 and over the stdio host. The generated cases come from
 * the documents the server itself lists (every tool of the fixture catalog, every place, every
 * keyword rule of the test-kit); the raw and protocol cases are the test-kit's hand-written ones.
 * On EVERY answer: no canary in the status line, the headers or the body, and the expected kind
 * (a parse error, method not found, the constant -32602 answer, a correctable gate refusal). Valid
 * calls are interleaved and after the corpus, and must be served; the server's log holds no canary.
 */
import { judge } from '@portcullis/gate';
import { hostileCases, rawCases, smallestValid, type Value } from '@portcullis/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll } from '../support.ts';
import {
  callBody,
  type Door,
  hostile,
  httpDoor,
  listed,
  report,
  stdioDoor,
  type Tally,
  tally,
  valid,
} from './doors.ts';

afterEach(closeAll);

const VALID_ADD = { a: 2, b: 3 };

/** The generated corpus of every listed tool, through one door. */
async function generated(door: Door, t: Tally): Promise<void> {
  const documents = await listed(door);
  expect(documents.size).toBeGreaterThan(10);
  let id = 0;
  for (const [tool, document] of documents) {
    for (const c of hostileCases(tool, document, t.mint)) {
      id += 1;
      await hostile(
        door,
        t,
        `${tool} ${c.path} ${c.keyword}: ${c.label}`,
        callBody(id, tool, c.arguments),
        c.canaries,
        c.expect,
      );
      if (id % 100 === 0) await valid(door, t, 'add', VALID_ADD);
    }
    // The body every case was spliced into is valid: the gate admits it.
    expect(judge(smallestValid(document) as never, document).ok, `${tool}: smallest valid`).toBe(
      true,
    );
  }
}

/** The raw and protocol cases through one door. */
async function raw(door: Door, t: Tally): Promise<void> {
  const cases = rawCases({ tool: 'add', integer: 'a', rest: '{"b":2}' }, t.mint);
  for (const c of cases) {
    if (door.name === 'stdio' && c.label === 'an empty body') continue; // a blank line is no message
    await hostile(door, t, c.label, c.body, c.canaries, c.expect);
  }
}

describe.each([
  ['http', httpDoor],
  ['stdio', stdioDoor],
] as const)('the canonical campaign over %s', (name, open) => {
  it('refuses every generated and raw case in its own words, echoes no canary, and keeps serving', async () => {
    const door = await open();
    const t = tally();
    await generated(door, t);
    await raw(door, t);
    for (let i = 0; i < 20; i += 1) await valid(door, t, 'add', { a: i, b: -i });
    await valid(
      door,
      t,
      'echo',
      smallestValid((await listed(door)).get('echo') as never, 'after') as Value,
    );
    // The log of the whole campaign: every line the server wrote, searched for every canary.
    const logs = door.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(t.ledger.canariesFound).toEqual([]);
    const inLogs = (logs.match(/CNRY\d{6}/g) ?? []).length;
    expect(inLogs, 'canaries in the log').toBe(0);
    expect(t.validRefused).toBe(0);
    report(`canonical over ${name}`, t, `log lines searched: ${logs.split('\n').length}`);
  }, 120_000);
});
