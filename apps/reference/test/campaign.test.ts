/*
 * The reference app as a user runs it (its pinned command line, `dist/main.js` as a child process),
 * over HTTP and over stdio, through the test-kit's corpus: every hostile case generated from the
 * documents it lists (every tool, every place, every keyword rule), the raw and protocol cases
 * against `search_documents`, and over HTTP the canary headers. On every answer: no canary in the
 * status line, the headers or the body, and the expected kind; valid calls are served afterwards;
 * the app's stderr (its log) holds no canary. Its tools never sample or elicit, so hostile client
 * replies are the server package's campaign (`packages/server/test/campaigns/client-replies`).
 */
import { spawn } from 'node:child_process';
import { decode } from '@portcullis/decoder';
import { REFUSAL_HEADER } from '@portcullis/gate';
import { stringifyCanonical } from '@portcullis/schema';
import { SERVER_TEXTS } from '@portcullis/server';
import {
  createCanaryMint,
  createLedger,
  headerCases,
  hostileCases,
  kindOf,
  rawCases,
  scanAnswer,
} from '@portcullis/test-kit';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killChildren, MAIN, startApp, tokensOf, urlOf } from './support/child-app.ts';
import { removeTempDirs, tempDir } from './support/temp.ts';

afterEach(killChildren);
afterAll(removeTempDirs);

const KNOWN = { unservable: SERVER_TEXTS.unservableCall, gateHeader: REFUSAL_HEADER };
const VALID_SEARCH = { query: 'the', limit: 3 };
const RAW_TARGET = { tool: 'search_documents', integer: 'limit', rest: '{"query":"the"}' };

interface Answer {
  readonly head: string;
  readonly body: string;
  readonly status: number;
  readonly messages: Record<string, unknown>[];
}
type Send = (
  body: string | Uint8Array,
  headers?: Record<string, string>,
  suffix?: string,
) => Promise<Answer>;

function decoded(texts: string[]): Record<string, unknown>[] {
  return texts.map((text) => {
    const result = decode(text);
    if (!result.ok) throw new Error('The app wrote a message that is not strict JSON.');
    return result.value as Record<string, unknown>;
  });
}

function callBody(id: number | string, name: string, args: unknown): string {
  return stringifyCanonical({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  } as never);
}

/** Every generated, raw and protocol case through `send`; returns the counts. */
async function campaign(name: string, send: Send, log: () => string): Promise<string> {
  const ledger = createLedger();
  const mint = createCanaryMint(9_000_000_000_000n);
  let payloads = 0;
  const check = async (
    label: string,
    body: string | Uint8Array,
    canaries: readonly string[],
    expected: string,
  ) => {
    payloads += 1;
    const answer = await send(body);
    expect(
      scanAnswer(
        ledger,
        [answer.head, answer.body],
        canaries.filter((c) => /^\d/.test(c)),
      ),
      `${name}: ${label}`,
    ).toEqual([]);
    expect(answer.messages.length, `${name}: ${label}`).toBeGreaterThan(0);
    for (const message of answer.messages)
      expect(kindOf(message, KNOWN), `${name}: ${label}: ${answer.body.slice(0, 300)}`).toBe(
        expected,
      );
  };
  const listing = await send('{"jsonrpc":"2.0","id":"list","method":"tools/list"}');
  expect(
    listing.messages.length,
    `${name}: the listing: ${listing.head} ${listing.body.slice(0, 300)}`,
  ).toBe(1);
  if ((listing.messages[0] as { result?: unknown }).result === undefined)
    throw new Error(`${listing.head} ${listing.body}`);
  const tools = (
    listing.messages[0] as {
      result: { tools: { name: string; inputSchema: Record<string, unknown> }[] };
    }
  ).result.tools;
  expect(tools.map((tool) => tool.name)).toContain('search_documents');
  let id = 0;
  for (const tool of tools)
    for (const c of hostileCases(tool.name, tool.inputSchema as never, mint)) {
      id += 1;
      await check(
        `${tool.name} ${c.path} ${c.keyword}: ${c.label}`,
        callBody(id, tool.name, c.arguments),
        c.canaries,
        c.expect,
      );
    }
  for (const c of rawCases(RAW_TARGET, mint))
    if (!(name === 'stdio' && c.label === 'an empty body'))
      await check(c.label, c.body, c.canaries, c.expect);
  let served = 0;
  for (let i = 0; i < 5; i += 1) {
    const answer = await send(callBody(`valid-${i}`, 'search_documents', VALID_SEARCH));
    expect(kindOf(answer.messages[0], KNOWN), answer.body.slice(0, 300)).toBe('result');
    served += 1;
  }
  expect(scanAnswer(ledger, [log()])).toEqual([]);
  expect(ledger.canariesFound).toEqual([]);
  return `${payloads} payloads, ${ledger.responses} responses checked, ${ledger.canariesFound.length} canaries found, ${served} valid calls, 0 valid calls refused`;
}

describe('the reference app under the hostile corpus', () => {
  it('over HTTP: every case refused in its own words, no canary in any answer or its log', async () => {
    const app = startApp(['--http', '--port', '0', '--data', tempDir()]);
    const url = await urlOf(app);
    const { admin } = tokensOf(app);
    // The app serves sessions: initialize once, then send every body in that session.
    const session: Record<string, string> = {};
    const send: Send = async (body, headers = {}, suffix = '') => {
      const response = await fetch(`${url}${suffix}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${admin}`,
          ...session,
          ...headers,
        },
        body,
      });
      const text = await response.text();
      const head = [
        `HTTP/1.1 ${response.status} ${response.statusText}`,
        ...[...response.headers].map(([k, v]) => `${k}: ${v}`),
      ].join('\n');
      const type = response.headers.get('content-type') ?? '';
      const texts = type.startsWith('text/event-stream')
        ? text
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
        : type.includes('json')
          ? [text]
          : [];
      return { head, body: text, status: response.status, messages: decoded(texts) };
    };
    const init = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${admin}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'campaign', version: '1' },
        },
      }),
    });
    await init.text();
    session['mcp-session-id'] = init.headers.get('mcp-session-id') as string;
    session['mcp-protocol-version'] = '2025-11-25';
    await send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    const counts = await campaign('http', send, () => app.stderr.join('\n'));
    const ledger = createLedger();
    const mint = createCanaryMint(9_100_000_000_000n);
    const headers = headerCases(mint, callBody(1, 'search_documents', VALID_SEARCH)).filter(
      (c) => c.method === undefined && !('host' in c.headers),
    );
    for (const c of headers) {
      const answer = await send(
        c.body ?? '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        c.headers,
        c.suffix,
      );
      expect(scanAnswer(ledger, [answer.head, answer.body]), c.label).toEqual([]);
    }
    expect(ledger.canariesFound).toEqual([]);
    console.log(
      `[campaign] reference app over HTTP: ${counts}; ${headers.length} header cases, 0 canaries found`,
    );
  }, 120_000);

  it('over stdio: every case refused in its own words, no canary in any line or its log', async () => {
    const proc = spawn(process.execPath, [MAIN, '--stdio', '--data', tempDir()], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const stderr: string[] = [];
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => stderr.push(chunk));
    const lines: string[] = [];
    const waiting: (() => void)[] = [];
    let pending = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      pending += chunk;
      for (let at = pending.indexOf('\n'); at !== -1; at = pending.indexOf('\n')) {
        const line = pending.slice(0, at);
        pending = pending.slice(at + 1);
        if (line.includes('"id"')) lines.push(line);
        for (const wake of waiting.splice(0)) wake();
      }
    });
    try {
      const send: Send = async (body) => {
        const count = Buffer.from(body)
          .toString('latin1')
          .split('\n')
          .filter((l) => !/^[ \t\r]*$/.test(l)).length;
        proc.stdin.write(body);
        proc.stdin.write('\n');
        while (lines.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
        const texts = lines.splice(0, count);
        return { head: '', body: texts.join('\n'), status: 200, messages: decoded(texts) };
      };
      await send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'init',
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'campaign', version: '1' },
          },
        }),
      );
      proc.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
      const counts = await campaign('stdio', send, () => stderr.join(''));
      console.log(`[campaign] reference app over stdio: ${counts}`);
    } finally {
      proc.kill('SIGKILL');
    }
  }, 120_000);
});
