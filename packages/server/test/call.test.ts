/*
 * Calls the interposer admits, run by the real dispatcher: admitted in every dialect (nulls of
 * `openai_strict` undone before the canonical judgement), `run` receiving its declared types,
 * outputs as one JSON text block written by the bigint-aware writer, `structuredContent` exactly
 * when an output schema is published and matched, refs minted on artifacts, rich content, and
 * every failure one `isError` result in our words that holds nothing the tool or caller said.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../src/texts.ts';
import {
  call,
  checkCallResult,
  closeAll,
  fixtureServer,
  rawPeer,
  sdkClient,
  textOf,
} from './support.ts';

afterEach(closeAll);

const BASE = {
  int8: -128,
  int16: 32767,
  int32: 5,
  uint8: 255,
  uint16: 0,
  uint32: 4294967295,
  safe: 9007199254740991,
  big: 9223372036854775807n,
  bigs: [1, -9223372036854775808n],
  ratio: 0.5,
  flag: true,
  text: '../ DROP TABLE',
  when: '2024-05-01T10:00:00Z',
  day: '2024-02-29',
  time: '10:00:00Z',
  span: 'P1D',
  mode: 'fast',
  labels: {},
  tree: { name: 'root', children: [{ name: 'leaf', children: [] }] },
  extra: 'open',
  nested: { inner: ['a'] },
};

/** What each dialect's document asks a caller to send for the same call. */
// openai_strict, gemini and anthropic_strict spell the map `labels` as a list of entries.
const ENTRIES = [{ key: 'x', value: 1 }];
const WIRE: Record<string, Record<string, unknown>> = {
  canonical: { ...BASE, labels: { x: 1 }, extra: { any: [1, 'json'] } },
  openai_strict: { ...BASE, labels: ENTRIES, maybe: null, nested: { inner: ['a'], note: null } },
  gemini: { ...BASE, labels: ENTRIES, extra: { open: true } },
  gemini_json: { ...BASE, labels: { x: 1 } },
  nova: { ...BASE, labels: { x: 1 } },
  // Today's anthropic_strict breaks the cycle closed at the first level: a folder has no children.
  anthropic_strict: { ...BASE, labels: ENTRIES, tree: { name: 'root', children: [] } },
};

describe('admitted calls', () => {
  it.each(Object.keys(WIRE))(
    'are admitted in %s and echo the canonical arguments exactly',
    async (dialect) => {
      const { server } = fixtureServer();
      const peer = await rawPeer(server, 'carol');
      const answer = await peer.request(
        call(1, 'echo', WIRE[dialect], { 'portcullis/dialect': dialect }),
      );
      const result = answer.result as Record<string, unknown>;
      expect(result.isError).toBeUndefined();
      const expected = { ...WIRE[dialect] };
      if (expected.labels === ENTRIES) expected.labels = { x: 1 };
      if (dialect === 'openai_strict') {
        delete expected.maybe;
        expected.nested = { inner: ['a'] };
      }
      expect(result.structuredContent).toEqual(expected);
      expect(textOf(result)).toContain('"big":9223372036854775807,');
      expect(textOf(result)).toContain('"bigs":[1,-9223372036854775808]');
    },
  );

  it('refuses in openai_strict a null the canonical document does not make optional', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'carol');
    const answer = await peer.request(
      call(
        1,
        'echo',
        { ...WIRE.openai_strict, flag: null },
        { 'portcullis/dialect': 'openai_strict' },
      ),
    );
    const result = answer.result as Record<string, unknown>;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('/flag');
  });

  it('judges canonical after a dialect: a bound gemini cannot state is still enforced', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'carol');
    const answer = await peer.request(
      call(1, 'echo', { ...WIRE.gemini, int8: 300 }, { 'portcullis/dialect': 'gemini' }),
    );
    expect(textOf(answer.result)).toContain('/int8');
  });

  it('gives run its declared types: an Int64 is a bigint, beyond 2^53 both ways', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'bob');
    const answer = await peer.request(call(1, 'double', { value: 2n ** 60n + 1n }));
    expect(peer.written.at(-1)).toContain(
      `"structuredContent":{"doubled":${2n ** 61n + 2n},"kind":"bigint"}`,
    );
    const small = await peer.request(call(2, 'double', { value: 3 }));
    expect((small.result as Record<string, unknown>).structuredContent).toEqual({
      doubled: 6,
      kind: 'bigint',
    });
    expect((answer.result as Record<string, unknown>).structuredContent).toEqual({
      doubled: 2n ** 61n + 2n,
      kind: 'bigint',
    });
  });

  it('treats absent and null arguments as {}', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    const absent = await peer.request(call(1, 'nothing'));
    const nulled = await peer.request(call(2, 'nothing', null));
    expect(absent.result).toEqual({ content: [{ type: 'text', text: 'null' }] });
    expect(nulled.result).toEqual(absent.result);
  });

  it('ships an output without a schema as text alone, and marks a served root invoked as a tool', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const greeting = await client.callTool({
      name: 'greet',
      arguments: { name: 'Ada', excited: true },
    });
    expect(greeting).toEqual({ content: [{ type: 'text', text: '"Hello, Ada!"' }] });
    const root = await client.callTool({
      name: 'research',
      arguments: { topic: 't', hold: false },
    });
    expect(root).toEqual({ content: [{ type: 'text', text: '{"invokedAsTool":true}' }] });
  });

  it('mints a ref on every artifact reachable from the result', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const result = await client.callTool({ name: 'reports', arguments: { count: 3 } });
    const output = JSON.parse(textOf(result)) as {
      first: string;
      all: { ref: string; title: string }[];
      nested: { again: { ref: string } };
    };
    expect(output.all.map((report) => report.ref)).toEqual([
      output.first,
      expect.stringMatching(/^Report:/),
      expect.stringMatching(/^Report:/),
    ]);
    expect(new Set(output.all.map((report) => report.ref)).size).toBe(3);
    expect(output.nested.again.ref).toBe(output.first);
  });

  it('returns rich content with and without an output', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const withOutput = await client.callTool({ name: 'picture', arguments: { withOutput: true } });
    const alone = await client.callTool({ name: 'picture', arguments: { withOutput: false } });
    const blocks = [
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'resource_link', uri: 'file:///tmp/report.txt', name: 'report' },
      {
        type: 'resource',
        resource: { uri: 'file:///tmp/note.txt', mimeType: 'text/plain', text: 'note' },
      },
    ];
    expect(withOutput.content).toEqual([
      { type: 'text', text: '{"caption":"a picture"}' },
      ...blocks,
    ]);
    expect(alone.content).toEqual(blocks);
  });
});

describe('failures', () => {
  async function failing(how: string) {
    const { server, logger } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    const answer = await peer.request(call(1, 'fail', { how, secret: 'canary-2c9d' }));
    return {
      result: answer.result as Record<string, unknown>,
      text: peer.written.at(-1)!,
      logger,
    };
  }

  it('renders a ToolError in its own words with its correctable flag', async () => {
    const { result } = await failing('tool_error');
    expect(result).toEqual({
      content: [{ type: 'text', text: 'The tool cannot do that today. Ask for something else.' }],
      isError: true,
      _meta: { 'portcullis/correctable': true },
    });
  });

  it('names only the resource type of a not-found', async () => {
    const { result } = await failing('not_found');
    expect(textOf(result)).toBe(SERVER_TEXTS.notFound('invoice'));
    expect(result._meta).toEqual({ 'portcullis/correctable': true });
  });

  it.each(['system', 'cycle', 'mismatch'])(
    'turns a %s failure into the generic system error, with no message, stack or identifier',
    async (how) => {
      const { result, text, logger } = await failing(how);
      expect(result).toEqual({
        content: [{ type: 'text', text: SERVER_TEXTS.systemError }],
        isError: true,
        _meta: { 'portcullis/correctable': false },
      });
      expect(text).not.toContain('canary');
      expect(JSON.stringify(logger.lines)).not.toContain('canary');
    },
  );

  it('logs an output mismatch with its declared path', async () => {
    const { logger } = await failing('mismatch');
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({ event: 'output_mismatch', path: '/ok' }),
      }),
    );
  });

  it('refuses a dispatch outside a sealed scope with the scope text', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const result = await client.callTool({ name: 'escape', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'This tool may not be dispatched here. Tools the enclosing task allows: leaf.',
    );
    expect(result._meta).toEqual({ 'portcullis/correctable': true });
  });

  it('refuses a call past the admission bound as busy', async () => {
    const { server } = fixtureServer({ dispatcher: { maxRunning: 1, maxQueued: 0 } });
    const peer = await rawPeer(server, 'alice');
    await peer.send(call(1, 'research', { topic: 'busy', hold: true }));
    const { observer } = await import('./fixtures/observer.ts');
    await observer.whenStarted('leaf:busy');
    const busy = await peer.request(call(2, 'greet', { name: 'x' }));
    expect(busy.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'The server is at capacity and cannot take this call now. Nothing was run; the same call may succeed later.',
        },
      ],
      isError: true,
      _meta: { 'portcullis/correctable': false },
    });
  });

  it('logs argument shapes, never values', async () => {
    const { server, logger } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'greet', { name: 'canary-a1' }));
    await peer.request(call(2, 'greet', { name: 5, 'canary-b2': 'canary-c3' }));
    const calls = logger.lines.filter(
      (line) => (line.fields as { event?: string }).event === 'call',
    );
    expect(calls.map((line) => (line.fields as { arguments: unknown }).arguments)).toEqual([
      { type: 'object', keys: 1, types: { string: 1 } },
      { type: 'object', keys: 2, types: { integer: 1, string: 1 } },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain('canary');
  });
});

describe('the check every raw call result passes', () => {
  // The SDK no longer checks the call handler's results (see `sdkServer`); every `tools/call` a raw
  // peer makes in these tests is checked against the SDK's result schema by `checkCallResult`.
  it('accepts a result in the protocol shape and refuses one that is not', () => {
    expect(() => checkCallResult({ content: [{ type: 'text', text: 'null' }] })).not.toThrow();
    expect(() => checkCallResult({ content: 'null' })).toThrow(/the SDK refuses/);
    expect(() => checkCallResult({ content: [{ type: 'text' }] })).toThrow(/the SDK refuses/);
    expect(() => checkCallResult({ content: [], isError: 'yes' })).toThrow(/the SDK refuses/);
  });
});
