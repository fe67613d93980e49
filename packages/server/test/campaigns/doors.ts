/**
 * The doors of the campaigns: the fixture server behind the real HTTP host on 127.0.0.1 and behind
 * the real stdio host (its line transport over in-process streams), each sending a whole body and
 * returning the whole answer as text: the status line, every header, the body, and every message
 * in it decoded strictly. Requests go one at a time, so every answer belongs to the body just sent.
 */
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import { decode } from '@portcullis/decoder';
import { REFUSAL_HEADER } from '@portcullis/gate';
import { stringifyCanonical } from '@portcullis/schema';
import {
  createCanaryMint,
  createLedger,
  kindOf,
  scanAnswer,
  type Value,
} from '@portcullis/test-kit';
import { expect } from 'vitest';
import type { ToolServerOptions } from '../../src/options.ts';
import { serveStdio } from '../../src/stdio.ts';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { bearer, httpHost } from '../http-support.ts';
import { fixtureServer, onClose } from '../support.ts';

/** One whole answer. */
export interface Answer {
  /** `HTTP/1.1 <status> <text>` and every header line; empty over stdio. */
  readonly head: string;
  readonly status: number;
  readonly body: string;
  readonly messages: Record<string, unknown>[];
}

/** A way in. */
export interface Door {
  readonly name: 'http' | 'stdio';
  send(
    body: string | Uint8Array,
    headers?: Record<string, string>,
    suffix?: string,
  ): Promise<Answer>;
  /** Every line the server logged. */
  readonly logs: () => string;
  readonly url?: URL;
}

function messagesOf(texts: string[]): Record<string, unknown>[] {
  return texts
    .filter((t) => t.trim() !== '')
    .map((t) => {
      const decoded = decode(t);
      if (!decoded.ok) throw new Error('The server wrote a message that is not strict JSON.');
      return decoded.value as Record<string, unknown>;
    });
}

const writeLog = (lines: object[]) =>
  lines.map((line) => stringifyCanonical(line as never)).join('\n');

/** The fixture server over HTTP, as `alice` by default. */
export async function httpDoor(overrides: Partial<ToolServerOptions> = {}): Promise<Door> {
  const { host, logger } = await httpHost(overrides);
  return {
    name: 'http',
    url: host.url,
    logs: () => writeLog(logger.lines),
    async send(body, headers = {}, suffix = '') {
      const { status, head, text, type } = await exchange(new URL(`${host.url}${suffix}`), body, {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...bearer('alice'),
        ...headers,
      });
      const texts = type.startsWith('text/event-stream')
        ? text
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
        : type.includes('json')
          ? [text]
          : [];
      return { head, status, body: text, messages: messagesOf(texts) };
    },
  };
}

/**
 * One HTTP exchange through `node:http` (fetch drops a `Host` header): the whole status line, every
 * header as received, and the body. `:method` among the headers picks the method.
 */
function exchange(
  url: URL,
  body: string | Uint8Array,
  headers: Record<string, string>,
): Promise<{ status: number; head: string; text: string; type: string }> {
  const method = headers[':method'] ?? 'POST';
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => !name.startsWith(':') && value !== ''),
  );
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const lines = [`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({
          status: res.statusCode ?? 0,
          head: lines.join('\n'),
          text: Buffer.concat(chunks).toString('utf8'),
          type: String(res.headers['content-type'] ?? ''),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

/** The `_meta` envelope of a modern request that declares no client capability. */
export const MODERN_ENVELOPE = Object.freeze({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
});

/**
 * The fixture server over the stdio host, as `alice`: initialized (legacy), or pinned to the
 * modern era by a first `server/discover`.
 */
export async function stdioDoor(
  overrides: Partial<ToolServerOptions> = {},
  dialect?: string,
  era: 'legacy' | 'modern' = 'legacy',
): Promise<Door> {
  const { server, logger } = fixtureServer(overrides);
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: string[] = [];
  const notifications: string[] = [];
  const waiting: (() => void)[] = [];
  let pending = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    pending += chunk;
    for (let at = pending.indexOf('\n'); at !== -1; at = pending.indexOf('\n')) {
      const line = pending.slice(0, at);
      // Notifications (a tool's log, progress) are not answers: the log campaign reads them.
      if (/^\{"method":"notifications\//.test(line) || !line.includes('"id"'))
        notifications.push(line);
      else lines.push(line);
      pending = pending.slice(at + 1);
      for (const wake of waiting.splice(0)) wake();
    }
  });
  const host = await serveStdio(server, {
    consumer: 'alice',
    input,
    output,
    ...(dialect === undefined ? {} : { dialect }),
  });
  onClose(async () => {
    input.end();
    await host.close();
  });
  const next = async (count: number): Promise<string[]> => {
    while (lines.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
    return lines.splice(0, count);
  };
  const door: Door = {
    name: 'stdio',
    logs: () => `${writeLog(logger.lines)}\n${notifications.join('\n')}`,
    async send(body) {
      const text = typeof body === 'string' ? body : Buffer.from(body);
      // Every line that is not blank is one message, and gets one answer.
      const count = Buffer.from(text)
        .toString('latin1')
        .split('\n')
        .filter((line) => !/^[ \t\r]*$/.test(line)).length;
      input.write(text);
      input.write('\n');
      const texts = await next(Math.max(count, 1));
      return { head: '', status: 200, body: texts.join('\n'), messages: messagesOf(texts) };
    },
  };
  if (era === 'modern') {
    // A modern client's first message pins the connection to the stateless era.
    await door.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'discover',
        method: 'server/discover',
        params: { _meta: MODERN_ENVELOPE },
      }),
    );
    return door;
  }
  await door.send(
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
  input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return door;
}

/** A `tools/call` body. */
export function callBody(
  id: number | string,
  name: unknown,
  args: Value | undefined,
  meta?: object,
): string {
  return stringifyCanonical({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name,
      ...(args === undefined ? {} : { arguments: args }),
      ...(meta === undefined ? {} : { _meta: meta }),
    },
  } as never);
}

export const KNOWN = { unservable: SERVER_TEXTS.unservableCall, gateHeader: REFUSAL_HEADER };

/** What every campaign counts and prints. */
export interface Tally {
  payloads: number;
  validCalls: number;
  validRefused: number;
  readonly ledger: ReturnType<typeof createLedger>;
  readonly mint: ReturnType<typeof createCanaryMint>;
}

/** A fresh tally. */
export function tally(base?: bigint): Tally {
  return {
    payloads: 0,
    validCalls: 0,
    validRefused: 0,
    ledger: createLedger(),
    mint: createCanaryMint(base),
  };
}

/** Sends one hostile body and asserts: no canary anywhere, and the expected kind of answer. */
export async function hostile(
  door: Door,
  t: Tally,
  label: string,
  body: string | Uint8Array,
  canaries: readonly string[],
  expected: string | readonly string[],
  headers?: Record<string, string>,
): Promise<Answer> {
  t.payloads += 1;
  if (process.env['CAMPAIGN_TRACE'] !== undefined) console.log('SEND', label);
  const answer = await door.send(body, headers);
  const numbers = canaries.filter((c) => /^\d/.test(c));
  expect(
    scanAnswer(t.ledger, [answer.head, answer.body], numbers),
    `${door.name}: ${label}`,
  ).toEqual([]);
  const kinds = answer.messages.map((m) => kindOf(m, KNOWN));
  const allowed = typeof expected === 'string' ? [expected] : expected;
  expect(kinds.length, `${door.name}: ${label} (${answer.status})`).toBeGreaterThan(0);
  for (const kind of kinds)
    expect(allowed, `${door.name}: ${label}: ${answer.body.slice(0, 300)}`).toContain(kind);
  return answer;
}

/** Sends one valid call and asserts it was served (a result, not an error). */
export async function valid(
  door: Door,
  t: Tally,
  name: string,
  args: Value,
  meta?: object,
): Promise<Answer> {
  t.validCalls += 1;
  const answer = await door.send(callBody(`valid-${t.validCalls}`, name, args, meta));
  const [message] = answer.messages;
  const result = (message as { result?: { isError?: boolean } } | undefined)?.result;
  if (result === undefined || result.isError === true) {
    t.validRefused += 1;
    expect.fail(
      `${door.name}: a valid call of \`${name}\` was refused: ${answer.body.slice(0, 400)}`,
    );
  }
  return answer;
}

/** The tools listed through a door, in a dialect: name to input document. */
export async function listed(
  door: Door,
  dialect?: string,
): Promise<Map<string, Record<string, unknown>>> {
  const answer = await door.send(
    stringifyCanonical({
      jsonrpc: '2.0',
      id: 'list',
      method: 'tools/list',
      params: dialect === undefined ? {} : { _meta: { 'portcullis/dialect': dialect } },
    }),
  );
  const tools = (
    answer.messages[0] as {
      result: { tools: { name: string; inputSchema: Record<string, unknown> }[] };
    }
  ).result.tools;
  return new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
}

/** Prints a campaign's counts. */
export function report(name: string, t: Tally, extra = ''): void {
  console.log(
    `[campaign] ${name}: ${t.payloads} payloads, ${t.ledger.responses} responses checked, ` +
      `${t.ledger.canariesFound.length} canaries found, ${t.validCalls} valid calls, ` +
      `${t.validRefused} valid calls refused${extra === '' ? '' : `, ${extra}`}`,
  );
}
