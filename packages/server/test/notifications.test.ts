/*
 * What a job reports reaches the client: progress as `notifications/progress` when the request
 * carried a progress token (the root job's progress, increasing), logs as `notifications/message`
 * at or above the level the client set (`info` until it sets one), with bigint data written exactly.
 */
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeAll, fixtureServer, rawPeer, sdkClient } from './support.ts';

afterEach(closeAll);

describe('progress', () => {
  it('is sent for a progress token, increasing, with total and message', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const seen: unknown[] = [];
    await client.callTool({ name: 'chatty', arguments: { steps: 3 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('is not sent without a progress token', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'chatty', { steps: 2 }));
    expect(peer.received.filter((message) => message.method === 'notifications/progress')).toEqual(
      [],
    );
  });

  it('echoes a string progress token', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'chatty', { steps: 1 }, { progressToken: 'tok' }));
    const progress = peer.received.filter((message) => message.method === 'notifications/progress');
    expect(progress.map((message) => message.params)).toEqual([
      { progressToken: 'tok', progress: 1, total: 1, message: 'step 1' },
    ]);
  });
});

describe('logging', () => {
  it('sends lines at or above info until the client sets a level, then at or above that level', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    const lines: { level: string; logger?: string | undefined; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      lines.push(notification.params);
    });
    await client.callTool({ name: 'chatty', arguments: { steps: 1 } });
    expect(lines.map((line) => line.level)).toEqual(['info', 'warning', 'error']);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      logger: 'chatty',
      data: { message: 'a error line', data: { code: expect.any(Number) } },
    });
    lines.length = 0;
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'chatty', arguments: { steps: 1 } });
    expect(lines.map((line) => line.level)).toEqual(['debug', 'info', 'warning', 'error']);
    lines.length = 0;
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'chatty', arguments: { steps: 1 } });
    expect(lines.map((line) => line.level)).toEqual(['error']);
  });

  it('writes bigint log data exactly', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'chatty', { steps: 1 }));
    expect(peer.written.some((text) => text.includes(`"data":{"code":${2n ** 60n + 1n}}`))).toBe(
      true,
    );
  });
});
