/*
 * The hostile campaign of a modern (2026-07-28) client, over HTTP and over stdio: canaries in
 * every place only the modern era has (the `Mcp-Name`, `Mcp-Method` and `MCP-Protocol-Version`
 * headers, the `_meta` envelope's revision, capabilities, client info and log level, the
 * `requestState`, the `inputResponses`), and in the places both eras share (the tool name, the
 * arguments, the method, the dialect). Every answer is one of ours and carries no canary; valid
 * modern calls keep being served.
 */
import { scanAnswer } from '@portcullis/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll } from '../support.ts';
import {
  type Door,
  httpDoor,
  MODERN_ENVELOPE,
  report,
  stdioDoor,
  type Tally,
  tally,
} from './doors.ts';

afterEach(closeAll);

const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

interface Case {
  readonly label: string;
  readonly body: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** The JSON-RPC error codes the answer may carry; `result` for a tool result. */
  readonly expected: readonly (number | 'result')[];
}

function modernCall(
  id: string,
  name: unknown,
  args: unknown,
  meta: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, ...extra, _meta: { ...MODERN_ENVELOPE, ...meta } },
  };
}

function modernHeaders(method: string, name?: string): Record<string, string> {
  return {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  };
}

function cases(t: Tally, state: string): Case[] {
  const c = () => t.mint.string();
  const greet = { name: 'Ada' };
  const b64 = (text: string) => `=?base64?${Buffer.from(text).toString('base64')}?=`;
  return [
    {
      label: 'a canary Mcp-Name',
      body: modernCall('n1', 'greet', greet),
      headers: modernHeaders('tools/call', c()),
      expected: [-32020],
    },
    {
      label: 'a canary Mcp-Name in the Base64 form',
      body: modernCall('n2', 'greet', greet),
      headers: modernHeaders('tools/call', b64(c())),
      expected: [-32020],
    },
    {
      label: 'a canary Mcp-Method',
      body: modernCall('n3', 'greet', greet),
      headers: { ...modernHeaders(c(), 'greet') },
      expected: [-32020],
    },
    {
      label: 'a canary MCP-Protocol-Version header',
      body: modernCall('n4', 'greet', greet),
      headers: { ...modernHeaders('tools/call', 'greet'), 'mcp-protocol-version': c() },
      expected: [-32020],
    },
    {
      label: 'a canary envelope revision',
      body: modernCall('n5', 'greet', greet, { [VERSION]: c() }),
      headers: modernHeaders('tools/call', 'greet'),
      // Over HTTP the header disagrees with the body first; over stdio the revision is judged.
      expected: [-32022, -32020],
    },
    {
      label: 'canary capabilities',
      body: modernCall('n6', 'greet', greet, { [CAPABILITIES]: { [c()]: { [c()]: c() } } }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: ['result'],
    },
    {
      label: 'capabilities that are a canary',
      body: modernCall('n7', 'greet', greet, { [CAPABILITIES]: c() }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: [-32602],
    },
    {
      label: 'a canary client info',
      body: modernCall('n8', 'greet', greet, { 'io.modelcontextprotocol/clientInfo': c() }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: [-32602],
    },
    {
      label: 'a canary log level',
      body: modernCall('n9', 'greet', greet, { 'io.modelcontextprotocol/logLevel': c() }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: [-32602],
    },
    ((tool: string) => ({
      label: 'a canary tool name, repeated in Mcp-Name',
      body: modernCall('n10', tool, greet),
      headers: modernHeaders('tools/call', tool),
      expected: [-32602],
    }))(`x${c()}`),
    {
      label: 'canary arguments',
      body: modernCall('n11', 'greet', { name: 7, [c()]: c() }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: ['result'],
    },
    {
      label: 'a canary dialect',
      body: modernCall('n12', 'greet', greet, { 'portcullis/dialect': c() }),
      headers: modernHeaders('tools/call', 'greet'),
      expected: [-32602],
    },
    {
      label: 'a canary method',
      body: { jsonrpc: '2.0', id: 'n13', method: `x/${c()}`, params: { _meta: MODERN_ENVELOPE } },
      headers: modernHeaders('x'),
      expected: [-32601, -32020],
    },
    {
      label: 'a canary requestState',
      body: modernCall('n14', 'ask', { what: 'elicit' }, {}, { requestState: c() }),
      headers: modernHeaders('tools/call', 'ask'),
      expected: [-32602],
    },
    {
      label: 'a tampered requestState',
      body: modernCall(
        'n15',
        'ask',
        { what: 'elicit' },
        {},
        { requestState: `${state.slice(0, 20)}${c()}${state.slice(20)}` },
      ),
      headers: modernHeaders('tools/call', 'ask'),
      expected: [-32602],
    },
    {
      label: 'canary inputResponses to a real requestState',
      body: modernCall(
        'n16',
        'ask',
        { what: 'elicit' },
        { [CAPABILITIES]: { elicitation: { form: {} } } },
        {
          requestState: state,
          inputResponses: {
            'ask-1': { action: 'accept', content: { name: c(), age: c(), [c()]: c() } },
            [c()]: { action: c() },
          },
        },
      ),
      headers: modernHeaders('tools/call', 'ask'),
      expected: ['result', -32602],
    },
    {
      label: 'canary inputResponses without a requestState',
      body: modernCall(
        'n17',
        'ask',
        { what: 'elicit' },
        {},
        { inputResponses: { [c()]: { action: 'accept', content: { name: c() } } } },
      ),
      headers: modernHeaders('tools/call', 'ask'),
      // Taken as this round's answers: a key the tool never asks is ignored, never echoed.
      expected: ['result'],
    },
  ];
}

async function firstState(door: Door): Promise<string> {
  const answer = await door.send(
    JSON.stringify(
      modernCall(
        'state',
        'ask',
        { what: 'elicit' },
        { [CAPABILITIES]: { elicitation: { form: {} } } },
      ),
    ),
    modernHeaders('tools/call', 'ask'),
  );
  const result = (answer.messages[0] as { result: { requestState: string } }).result;
  expect(typeof result.requestState).toBe('string');
  return result.requestState;
}

describe.each([
  ['http', () => httpDoor()],
  ['stdio', () => stdioDoor({}, undefined, 'modern')],
])('a modern client’s canaries over %s', (name, open) => {
  it('never come back, and valid modern calls are served meanwhile', async () => {
    const door = await open();
    const t = tally(name === 'http' ? 5_700_000_000_000n : 5_800_000_000_000n);
    const state = await firstState(door);
    for (const c of cases(t, state)) {
      // Over stdio there are no headers: only the body's canaries reach the server.
      if (door.name === 'stdio' && c.expected.includes(-32020) && !c.expected.includes(-32022)) {
        continue;
      }
      t.payloads += 1;
      const answer = await door.send(JSON.stringify(c.body), c.headers);
      expect(scanAnswer(t.ledger, [answer.head, answer.body]), `${name}: ${c.label}`).toEqual([]);
      const [message] = answer.messages as { error?: { code: number }; result?: unknown }[];
      const kind = message?.error?.code ?? (message?.result === undefined ? 'none' : 'result');
      expect(c.expected, `${name}: ${c.label}: ${answer.body.slice(0, 200)}`).toContain(kind);
      t.validCalls += 1;
      const served = await door.send(
        JSON.stringify(modernCall(`valid-${t.payloads}`, 'greet', { name: 'Ada' })),
        modernHeaders('tools/call', 'greet'),
      );
      expect(served.body).toContain('Hello, Ada.');
    }
    expect(t.ledger.canariesFound).toEqual([]);
    expect(scanAnswer(t.ledger, [door.logs()])).toEqual([]);
    report(`modern ${name}`, t);
  }, 60_000);
});
