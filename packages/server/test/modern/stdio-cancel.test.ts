/**
 * The modern era over stdio: `notifications/cancelled` naming a call in flight stops its whole
 * workflow (every level of a research tree), the cancelled call gets no answer, and the line goes
 * on serving; a cancel naming another id stops nothing.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStdio } from '../../src/stdio.ts';
import { observer } from '../fixtures/observer.ts';
import { closeAll, fixtureServer, onClose } from '../support.ts';

afterEach(closeAll);

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function line() {
  const { server } = fixtureServer();
  const input = new PassThrough();
  const output = new PassThrough();
  const host = await serveStdio(server, { consumer: 'alice', input, output });
  onClose(() => host.close());
  const received: Record<string, unknown>[] = [];
  let pending = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    pending += chunk;
    let at = pending.indexOf('\n');
    while (at !== -1) {
      received.push(JSON.parse(pending.slice(0, at)) as Record<string, unknown>);
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
  });
  const send = (message: object) => input.write(`${JSON.stringify(message)}\n`);
  const answer = async (id: number) => {
    for (;;) {
      const found = received.find((message) => message.id === id);
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { send, answer, received };
}

const research = (id: number, topic: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'research', arguments: { topic, hold: true }, _meta: ENVELOPE },
});

describe('a modern cancel over stdio', () => {
  it('stops the whole workflow of the call it names, which gets no answer', async () => {
    const { send, answer, received } = await line();
    send(research(1, 'stdio-modern-cancel'));
    await observer.whenStarted('leaf:stdio-modern-cancel');
    // Another id cancels nothing.
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    const stopped = await Promise.all(
      ['research', 'think', 'leaf'].map((level) =>
        observer.whenStopped(`${level}:stdio-modern-cancel`),
      ),
    );
    expect(stopped).toEqual(['client_cancel', 'client_cancel', 'client_cancel']);
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/list',
      params: { _meta: ENVELOPE },
    });
    expect(await answer(3)).toMatchObject({ result: { resultType: 'complete' } });
    expect(received.filter((message) => message.id === 1)).toEqual([]);
  });
});
