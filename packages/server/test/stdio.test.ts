/*
 * The stdio host in a child process, driven by the SDK's stdio client and by raw lines: every line
 * decoded strictly (a line that does not decode is a parse error in our words, `id: null`), Int64
 * exact both ways, the constant answer, sampling over the pipe, and a cancel or the input ending
 * stopping a three-level workflow, after which the process exits on its own.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { decode } from '@portcullis/decoder';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../src/texts.ts';
import { grants } from './fixtures/catalog.ts';
import { call, closeAll, onClose, textOf } from './support.ts';

afterEach(closeAll);

const FIXTURE = join(import.meta.dirname, 'fixtures/stdio-server.ts');
const ARGS = ['--import', 'tsx', FIXTURE];

type Line = Record<string, unknown>;

interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly texts: string[];
  send(line: string): void;
  next(match: (message: Line) => boolean): Promise<Line>;
  event(match: (event: Line) => boolean): Promise<Line>;
  readonly exited: Promise<number | null>;
}

function lines(stream: NodeJS.ReadableStream, each: (line: string) => void): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf('\n'); at !== -1; at = buffer.indexOf('\n')) {
      each(buffer.slice(0, at));
      buffer = buffer.slice(at + 1);
    }
  });
}

function waiter<T>(
  seen: T[],
  waiting: { match: (item: T) => boolean; resolve: (item: T) => void }[],
) {
  return (match: (item: T) => boolean): Promise<T> => {
    const found = seen.find(match);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => waiting.push({ match, resolve }));
  };
}

function offer<T>(
  item: T,
  seen: T[],
  waiting: { match: (item: T) => boolean; resolve: (item: T) => void }[],
): void {
  seen.push(item);
  for (const entry of [...waiting]) {
    if (entry.match(item)) {
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve(item);
    }
  }
}

function child(consumer: string): Child {
  const proc = spawn(process.execPath, [...ARGS, consumer], { stdio: ['pipe', 'pipe', 'pipe'] });
  const texts: string[] = [];
  const messages: Line[] = [];
  const events: Line[] = [];
  const waitingMessages: { match: (item: Line) => boolean; resolve: (item: Line) => void }[] = [];
  const waitingEvents: { match: (item: Line) => boolean; resolve: (item: Line) => void }[] = [];
  lines(proc.stdout, (text) => {
    texts.push(text);
    const decoded = decode(text);
    if (!decoded.ok) throw new Error('The server wrote a line that is not strict JSON.');
    offer(decoded.value as Line, messages, waitingMessages);
  });
  lines(proc.stderr, (text) => {
    try {
      offer(JSON.parse(text) as Line, events, waitingEvents);
    } catch {
      // Not a line of ours.
    }
  });
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  onClose(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  return {
    process: proc,
    texts,
    send: (line) => proc.stdin.write(`${line}\n`),
    next: waiter(messages, waitingMessages),
    event: waiter(events, waitingEvents),
    exited,
  };
}

const answerTo = (id: unknown) => (message: Line) =>
  message.id === id && ('result' in message || 'error' in message);

describe('with the SDK stdio client', () => {
  it('lists, calls and samples over the pipe', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...ARGS, 'alice'],
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'stdio-test', version: '1.0.0' },
      { capabilities: { sampling: {} } },
    );
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'over stdio' },
      model: 'm',
    }));
    await client.connect(transport);
    onClose(() => client.close());
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(grants.alice);
    expect(
      (await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).structuredContent,
    ).toEqual({ sum: 5 });
    const sampled = await client.callTool({ name: 'ask', arguments: { what: 'sample' } });
    expect(JSON.parse(textOf(sampled))).toMatchObject({
      ok: true,
      value: { content: { text: 'over stdio' } },
    });
  });
});

describe('raw lines', () => {
  it('answers a line that is not strict JSON with a parse error in our words, then goes on', async () => {
    const server = child('alice');
    const duplicate = '{"jsonrpc":"2.0","id":1,"method":"ping","id":"canary-9f"}';
    server.send(duplicate);
    server.send('canary-9f');
    server.send('');
    server.send('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    await server.next(answerTo(2));
    expect(server.texts.slice(0, 2).map((text) => JSON.parse(text))).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32700,
          message: SERVER_TEXTS.parseError('DUPLICATE_KEY', duplicate.lastIndexOf('"id"')),
        },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: SERVER_TEXTS.parseError('BARE_WORD', 0) },
      },
    ]);
    expect(server.texts.join('\n')).not.toContain('canary');
  });

  it('refuses what is not JSON-RPC, and gives the constant answer byte-identical', async () => {
    const server = child('bob');
    server.send('{"jsonrpc":"2.0","id":1,"method":"ping","canary":1}');
    server.send(JSON.stringify(call(2, 'echo', {})));
    server.send(JSON.stringify(call(3, 'canary-unknown', {})));
    await server.next(answerTo(3));
    expect(server.texts).toEqual([
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":${JSON.stringify(SERVER_TEXTS.notJsonRpc)}}}`,
      `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"${SERVER_TEXTS.unservableCall}"}}`,
      `{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"${SERVER_TEXTS.unservableCall}"}}`,
    ]);
  });

  it('reads and writes Int64 exactly', async () => {
    const server = child('bob');
    server.send(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"double","arguments":{"value":-1152921504606846977}}}',
    );
    const answer = await server.next(answerTo(1));
    expect((answer.result as Line).structuredContent).toEqual({
      doubled: -2305843009213693954n,
      kind: 'bigint',
    });
  });

  it('answers a line past the limit and skips it whole', async () => {
    const server = child('alice');
    server.send(JSON.stringify(call(1, 'greet', { name: 'x'.repeat(4 * 1024 * 1024) })));
    server.send(JSON.stringify(call(2, 'greet', { name: 'y' })));
    await server.next(answerTo(2));
    expect(JSON.parse(server.texts[0]!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: SERVER_TEXTS.lineTooLong(4 * 1024 * 1024) },
    });
    expect(server.texts).toHaveLength(2);
  });
});

describe('a three-level workflow over stdio', () => {
  const stopped = (server: Child, topic: string) =>
    Promise.all(
      ['research', 'think', 'leaf'].map(
        async (level) =>
          (
            await server.event(
              (event) => event.observer === 'stopped' && event.label === `${level}:${topic}`,
            )
          ).reason,
      ),
    );

  it('stops as a whole on a client cancel', async () => {
    const server = child('alice');
    server.send(JSON.stringify(call(1, 'research', { topic: 'pipe-cancel', hold: true })));
    await server.event((event) => event.label === 'leaf:pipe-cancel');
    server.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}');
    expect(await stopped(server, 'pipe-cancel')).toEqual([
      'client_cancel',
      'client_cancel',
      'client_cancel',
    ]);
  });

  it('stops as a whole when the input ends, and the process exits on its own', async () => {
    const server = child('alice');
    server.send(JSON.stringify(call(1, 'research', { topic: 'pipe-end', hold: true })));
    await server.event((event) => event.label === 'leaf:pipe-end');
    server.process.stdin.end();
    expect(await stopped(server, 'pipe-end')).toEqual(['disconnect', 'disconnect', 'disconnect']);
    await server.event((event) => event.host === 'closed');
    expect(await server.exited).toBe(0);
  });
});
