/*
 * A logger that says its `info` level is off (pino's `isLevelEnabled`) gets no per-call line, and
 * the server does not build one; the level is asked on every call, so a change holds at once; a
 * logger whose `isLevelEnabled` throws, or that has none, gets every line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { logsInfo } from '../src/logger.ts';
import { call, captureLogger, closeAll, fixtureServer, rawPeer } from './support.ts';

afterEach(closeAll);

/** A capturing logger whose `info` level can be switched, read through `this` as pino does. */
function levelledLogger() {
  const captured = captureLogger();
  return Object.assign(captured, {
    level: 'warn',
    isLevelEnabled(this: { level: string }, level: string): boolean {
      return level !== 'info' || this.level === 'info';
    },
  });
}

function infoLines(lines: readonly { level: string }[]): number {
  return lines.filter((line) => line.level === 'info').length;
}

describe('the per-call log line under a logger level', () => {
  it('is not logged while info is off, for an answered, a refused and an unservable call', async () => {
    const logger = levelledLogger();
    const { server } = fixtureServer({ logger });
    const peer = await rawPeer(server, 'alice');
    const answered = await peer.request(call(1, 'greet', { name: 'a' }));
    const refused = await peer.request(call(2, 'greet', { name: 42 }));
    const unservable = await peer.request(call(3, 'no_such_tool', {}));
    expect((answered.result as { isError?: boolean }).isError).toBeUndefined();
    expect((refused.result as { isError?: boolean }).isError).toBe(true);
    expect(unservable.error).toBeDefined();
    expect(infoLines(logger.lines)).toBe(0);
  });

  it('is logged again as soon as info is on', async () => {
    const logger = levelledLogger();
    const { server } = fixtureServer({ logger });
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'greet', { name: 'a' }));
    expect(infoLines(logger.lines)).toBe(0);
    logger.level = 'info';
    await peer.request(call(2, 'greet', { name: 'b' }));
    expect(logger.lines.filter((line) => line.level === 'info')).toEqual([
      expect.objectContaining({ message: 'tools/call answered.' }),
    ]);
  });

  it('is logged when the logger cannot tell', async () => {
    const logger = Object.assign(captureLogger(), {
      isLevelEnabled(): boolean {
        throw new Error('no level');
      },
    });
    const { server } = fixtureServer({ logger });
    const peer = await rawPeer(server, 'alice');
    const answer = await peer.request(call(1, 'greet', { name: 'a' }));
    expect(answer.result).toBeDefined();
    expect(infoLines(logger.lines)).toBe(1);
  });

  it('is wanted unless the logger says info is off', () => {
    expect(logsInfo(captureLogger())).toBe(true);
    expect(logsInfo({ ...captureLogger(), isLevelEnabled: () => true })).toBe(true);
    expect(logsInfo({ ...captureLogger(), isLevelEnabled: () => false })).toBe(false);
  });
});
