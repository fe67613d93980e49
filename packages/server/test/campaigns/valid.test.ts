/*
 * The reverse campaign: nothing valid is refused. For every listed tool, 1,000 arguments generated
 * by the test-kit's valid generator from the tool's published canonical document, each spelled for
 * for a dialect in turn (every dialect gets a sixth of them, `openai_strict` with its nulls for
 * omitted optional properties) and kept when that dialect's listed document admits them too (what
 * its caller read), then sent naming the dialect. Zero input refusals: no gate refusal, no constant answer, no -32602. A tool
 * may still fail or time out by design (`fail`, the holding sub-agents): that is the tool's answer,
 * not a refusal of its input. The server here has a short deadline so holding tools end quickly.
 */
import { DIALECT_NAMES } from '@portcullis/dialects';
import { judge } from '@portcullis/gate';
import { kindOf, spellFor, validArguments } from '@portcullis/test-kit';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeAll, fixtureServer, initialize, rawPeer } from '../support.ts';
import { KNOWN } from './doors.ts';

afterEach(closeAll);

const CALLS_PER_TOOL = 1_000;
const BATCH = 50;

describe('the valid campaign', () => {
  it(`serves ${CALLS_PER_TOOL} generated valid calls of every tool, in every dialect spelling, refusing none`, async () => {
    const { server } = fixtureServer({
      callTimeoutMs: 200,
      dispatcher: { maxRunning: 64, maxQueued: 1_000 },
    });
    const peer = await rawPeer(server, 'alice');
    await peer.request(initialize());
    const listings = new Map<string, Map<string, Record<string, unknown>>>();
    for (const dialect of DIALECT_NAMES) {
      const answer = await peer.request({
        jsonrpc: '2.0',
        id: `list-${dialect}`,
        method: 'tools/list',
        params: { _meta: { 'portcullis/dialect': dialect } },
      });
      const tools = (
        answer as { result: { tools: { name: string; inputSchema: Record<string, unknown> }[] } }
      ).result.tools;
      listings.set(dialect, new Map(tools.map((tool) => [tool.name, tool.inputSchema])));
    }
    const canonical = listings.get('canonical') as Map<string, Record<string, unknown>>;
    let sent = 0;
    let refused = 0;
    const kinds = new Map<string, number>();
    for (const [tool, document] of canonical) {
      // Each dialect's share: canonical-valid arguments spelled for the dialect, kept when the
      // dialect's own document admits them too (a dialect narrows: a map or an open value it could
      // not state is sent as the smallest value it does state).
      const calls = DIALECT_NAMES.flatMap((dialect, d) => {
        const listedDocument = listings.get(dialect)?.get(tool) as never;
        const share =
          Math.floor(CALLS_PER_TOOL / DIALECT_NAMES.length) +
          (d < CALLS_PER_TOOL % DIALECT_NAMES.length ? 1 : 0);
        const spelled = validArguments(document as never, 2)
          .map((value) => spellFor(value, listedDocument, listedDocument))
          .filter((value) => judge(value as never, listedDocument).ok);
        return fc
          .sample(spelled, { numRuns: share, seed: 1_300 + d })
          .map((args) => ({ dialect, args }));
      });
      for (let start = 0; start < calls.length; start += BATCH) {
        const answers = await Promise.all(
          calls.slice(start, start + BATCH).map(({ dialect, args }, offset) => {
            sent += 1;
            return peer.request(
              call(`${tool}-${start + offset}`, tool, args, { 'portcullis/dialect': dialect }),
            );
          }),
        );
        for (const answer of answers) {
          const kind = kindOf(answer, KNOWN);
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          if (kind !== 'result') {
            refused += 1;
            expect.fail(
              `${tool}: a valid call was refused: ${JSON.stringify(answer).slice(0, 500)}`,
            );
          }
        }
      }
    }
    expect(refused).toBe(0);
    expect(sent).toBe(CALLS_PER_TOOL * canonical.size);
    console.log(
      `[campaign] valid arguments: ${sent} valid calls (${CALLS_PER_TOOL} per tool over ${canonical.size} tools, ${DIALECT_NAMES.length} dialect spellings), ${refused} valid calls refused`,
    );
  }, 120_000);
});
