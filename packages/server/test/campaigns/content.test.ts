/*
 * Content is not shape. Every naughty string the rules allow (no C0 control but tab, LF, CR, no
 * lone surrogate) is accepted as text and comes back from the echo tool byte-identical, over real
 * HTTP, in the text block and in the structured content; every string they do not allow is refused
 * (by the gate, or as bytes for a lone surrogate). And a recursive input is judged below its root:
 * a fault four levels down the published recursion is found and named by its declared path.
 */
import { hostileCases, naughtyStrings, REF_DEPTH, smallestValid } from '@portcullis/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll } from '../support.ts';
import { callBody, hostile, httpDoor, listed, report, tally } from './doors.ts';

afterEach(closeAll);

describe('content through the boundary', () => {
  it('echoes every naughty string the rules allow byte-identical, and refuses the others', async () => {
    const door = await httpDoor();
    const t = tally(7_000_000_000_000n);
    const echo = smallestValid((await listed(door)).get('echo') as never, 'a') as Record<
      string,
      unknown
    >;
    const { allowed, refused } = naughtyStrings();
    expect(allowed.length).toBeGreaterThan(400);
    let identical = 0;
    for (const [index, text] of allowed.entries()) {
      const answer = await door.send(
        callBody(index, 'echo', { ...echo, text, nested: { inner: [text] } }),
      );
      const result = (
        answer.messages[0] as {
          result: {
            structuredContent: { text: string; nested: { inner: string[] } };
            content: { text: string }[];
            isError?: boolean;
          };
        }
      ).result;
      expect(result.isError, JSON.stringify(text)).not.toBe(true);
      expect(result.structuredContent.text).toBe(text);
      expect(result.structuredContent.nested.inner[0]).toBe(text);
      // The text block is the bigint-aware writer's JSON of the output: the same string again.
      expect((JSON.parse(result.content[0]?.text as string) as { text: string }).text).toBe(text);
      identical += 1;
      t.validCalls += 1;
    }
    for (const [index, text] of refused.entries()) {
      const s = t.mint.string();
      const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(
        text,
      );
      await hostile(
        door,
        t,
        `naughty string ${index}`,
        callBody(index, 'echo', { ...echo, text: `${s}${text}` }),
        [s],
        lone ? 'parse' : 'gate',
      );
    }
    expect(identical).toBe(allowed.length);
    report(
      'naughty strings',
      t,
      `${identical} of ${allowed.length} allowed strings echoed byte-identical, ${refused.length} refused`,
    );
  });

  it(`names a fault ${REF_DEPTH - 1} levels down a recursive input by its declared path`, async () => {
    const door = await httpDoor();
    const t = tally(7_100_000_000_000n);
    const echo = (await listed(door)).get('echo') as never;
    const deepest = '/tree/children/0/children/0/children/0/children/0';
    const cases = hostileCases('echo', echo, t.mint).filter(
      (c) => (c.path === deepest || c.path.startsWith(`${deepest}/`)) && c.expect === 'gate',
    );
    expect(cases.length).toBeGreaterThan(10);
    for (const [index, c] of cases.entries()) {
      const answer = await hostile(
        door,
        t,
        `${c.path}: ${c.label}`,
        callBody(index, 'echo', c.arguments),
        c.canaries,
        'gate',
      );
      const text = (answer.messages[0] as { result: { content: { text: string }[] } }).result
        .content[0]?.text;
      // The declared path of the place (or of the object holding it, for a missing name).
      expect(text, `${c.path}: ${c.label}`).toContain(`\`${c.path}`);
    }
    report(`recursion ${REF_DEPTH - 1} levels down`, t);
  });
});
