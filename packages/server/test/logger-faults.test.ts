/*
 * A logger that misbehaves (an `isLevelEnabled` that throws when read, is not a function or returns
 * what is not a boolean; `info`, `warn` or `error` that throw, as pino's do once its transport has
 * ended) never fails or changes a call's answer, and nothing a caller sent appears in a log line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../src/logger.ts';
import { call, captureLogger, closeAll, fixtureServer, rawPeer } from './support.ts';

afterEach(closeAll);

const SECRET = 'S3CR3T-caller-value';

function withTimeout<T>(promise: Promise<T>, ms = 1000): Promise<T | 'NO ANSWER'> {
  return Promise.race([
    promise,
    new Promise<'NO ANSWER'>((resolve) => setTimeout(() => resolve('NO ANSWER'), ms)),
  ]);
}

type Answer = 'NO ANSWER' | { error: unknown } | { result: unknown };

/** The answers of one answered, one gate-refused, one failing and one unservable call. */
async function answers(logger: Logger): Promise<Record<string, Answer>> {
  const { server } = fixtureServer({ logger });
  const peer = await rawPeer(server, 'alice');
  const one = async (id: number, name: string, args: unknown): Promise<Answer> => {
    const answer = peer.answer(id);
    try {
      await peer.send(call(id, name, args));
    } catch {
      // the interposer threw out of onmessage (the in-memory send rethrows it); see the last test
    }
    const got = await withTimeout(answer);
    if (got === 'NO ANSWER') return got;
    if ('error' in got) return { error: got.error };
    return { result: got.result };
  };
  return {
    answered: await one(1, 'greet', { name: 'a' }),
    refused: await one(2, 'greet', { name: 42 }),
    failed: await one(3, 'fail', { how: 'system', secret: 'x' }),
    unservable: await one(4, 'no_such_tool', {}),
  };
}

let baseline: Record<string, Answer> | undefined;
async function expected() {
  baseline ??= await answers(captureLogger());
  return baseline;
}

const throwing = (what: string) => () => {
  throw new Error(`logger ${what} broke`);
};

describe('a misbehaving logger does not change any answer', () => {
  it('isLevelEnabled that is a throwing getter (a strict Proxy or mock logger)', async () => {
    const logger = Object.defineProperty(captureLogger(), 'isLevelEnabled', {
      get() {
        throw new Error('no such property');
      },
    });
    expect(await answers(logger)).toEqual(await expected());
  });

  it('a Proxy logger that throws on any unknown property (strict mock)', async () => {
    const inner = captureLogger();
    const logger = new Proxy(inner, {
      get(target, key, receiver) {
        if (!Reflect.has(target, key)) throw new TypeError(`unknown logger member ${String(key)}`);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(await answers(logger)).toEqual(await expected());
  });

  it('info throws: every answer is unchanged', async () => {
    expect(await answers({ ...captureLogger(), info: throwing('info') })).toEqual(await expected());
  });

  it('error throws: a failing tool still gets the system-error result', async () => {
    expect(await answers({ ...captureLogger(), error: throwing('error') })).toEqual(
      await expected(),
    );
  });

  it.each([
    ['isLevelEnabled not a function', { isLevelEnabled: 'yes' }],
    ['isLevelEnabled returns 0', { isLevelEnabled: () => 0 }],
    ['isLevelEnabled returns a Promise of false', { isLevelEnabled: () => Promise.resolve(false) }],
    ['isLevelEnabled returns "false"', { isLevelEnabled: () => 'false' }],
    ['isLevelEnabled throws when called', { isLevelEnabled: throwing('isLevelEnabled') }],
    ['warn throws', { warn: throwing('warn') }],
  ])('%s: answers unchanged', async (_name, patch) => {
    expect(await answers({ ...captureLogger(), ...(patch as object) })).toEqual(await expected());
  });
});

describe('a logger whose every method throws (pino after its transport worker exited)', () => {
  it('the interposer does not throw out of onmessage, and no promise rejection goes unhandled', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const thrownOutOfOnmessage: unknown[] = [];
    try {
      const logger: Logger = {
        info: throwing('info'),
        warn: throwing('warn'),
        error: throwing('error'),
      };
      const { server } = fixtureServer({ logger });
      const peer = await rawPeer(server, 'alice');
      const ids = [1, 2, 3];
      const sends = [
        call(1, 'greet', { name: 'a' }),
        call(2, 'greet', { name: 42 }),
        call(3, 'no_such_tool', {}),
      ];
      const got: Answer[] = [];
      for (const [index, message] of sends.entries()) {
        const answer = peer.answer(ids[index]);
        try {
          await peer.send(message);
        } catch (error) {
          thrownOutOfOnmessage.push((error as Error).message);
        }
        const one = await withTimeout(answer);
        got.push(
          one === 'NO ANSWER'
            ? one
            : 'error' in one
              ? { error: one.error }
              : { result: one.result },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const want = await expected();
      expect({ thrownOutOfOnmessage, rejections: rejections.map(String), got }).toEqual({
        thrownOutOfOnmessage: [],
        rejections: [],
        got: [want.answered, want.refused, want.unservable],
      });
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

describe('nothing a caller sent is logged', () => {
  it('no argument value, key, unknown tool name, dialect or id reaches any log line', async () => {
    const logger = captureLogger();
    const { server } = fixtureServer({ logger });
    const peer = await rawPeer(server, 'alice');
    const sends = [
      call(1, 'greet', { name: SECRET }),
      call(2, 'greet', { name: 42, [SECRET]: SECRET }),
      call(3, SECRET, { [SECRET]: 1 }),
      call(4, 'fail', { how: 'system', secret: SECRET }),
      call(5, 'fail', { how: SECRET }),
      call(6, 'greet', { name: 'x' }, { 'portcullis/dialect': SECRET }),
      call(7, 'greet', { name: 'x' }, { progressToken: SECRET }),
      call(8, 'echo', { [SECRET]: SECRET }),
      { jsonrpc: '2.0', id: 9, method: SECRET, params: { [SECRET]: SECRET } },
      { jsonrpc: '2.0', id: 10, method: 'logging/setLevel', params: { level: SECRET } },
      { jsonrpc: '2.0', id: 11, method: 'tools/list', params: { _meta: { [SECRET]: SECRET } } },
    ];
    for (const message of sends) {
      const answer = peer.answer(message.id);
      await peer.send(message);
      await withTimeout(answer);
    }
    await peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: SECRET, reason: SECRET },
    });
    await peer.send({ jsonrpc: '2.0', id: SECRET, result: { [SECRET]: SECRET } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = JSON.stringify(logger.lines, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(text).not.toContain(SECRET);
    expect(logger.lines.length).toBeGreaterThan(0);
  });
});
