/**
 * Rate limits shared by replicas through `--redis`: two processes of the built app, each with its
 * own data folder and one Redis, count one consumer's calls together, so a burst spread over both
 * is refused at the configured bound, not twice it. A Redis that cannot be reached stops the start
 * with one line that does not repeat the URL, and `--redis` without rate limits is refused. Without
 * `--redis` each process counts alone.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashToken } from '@portcullis/server/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, startApp, urlOf } from './support/child-app.ts';
import { closeClients, httpClient } from './support/mcp-client.ts';
import { freePort } from './support/ports.ts';
import { REDIS_URL, testRedisAnswers } from './support/redis.ts';
import { removeTempDirs, tempDir } from './support/temp.ts';

afterEach(async () => {
  await closeClients();
  await killChildren();
});
afterAll(removeTempDirs);

const BURST = 7;
let redis = false;
beforeAll(async () => {
  redis = await testRedisAnswers();
});

/** A config whose one consumer (a name no other run uses, so buckets never meet) has a burst. */
function config(rateLimits: object | undefined) {
  const token = randomBytes(16).toString('hex');
  const consumer = `replicas-${randomBytes(6).toString('hex')}`;
  const file = join(tempDir(), 'config.json');
  writeFileSync(
    file,
    JSON.stringify({
      consumers: [{ name: consumer, tokenSha256: hashToken(token), tools: '*' }],
      ...(rateLimits === undefined ? {} : { rateLimits }),
    }),
  );
  return { file, token };
}

/** Twice the burst, alternating between two processes started with `args` and one config. */
async function burstOverTwo(args: readonly string[]) {
  const { file, token } = config({ perConsumer: { burst: BURST, ratePerSecond: 0.001 } });
  const replicas = [0, 1].map(() =>
    startApp(['--http', '--port', '0', '--data', tempDir(), '--config', file, ...args]),
  );
  const clients = await Promise.all(
    replicas.map(async (replica) => httpClient(await urlOf(replica), token)),
  );
  const results = [];
  for (let call = 0; call < 2 * BURST; call += 1) {
    const client = clients[call % 2]!;
    results.push(await client.callTool({ name: 'explain_query', arguments: { query: 'the' } }));
  }
  return results;
}

describe('rate limits across replicas', () => {
  it('refuses a burst spread over two replicas at the bound, not twice it', async (context) => {
    if (!redis) return context.skip();
    const results = await burstOverTwo(['--redis', REDIS_URL]);
    const served = results.filter((result) => result.isError !== true);
    const limited = results.filter(
      (result) => result._meta?.['portcullis/retryAfterMs'] !== undefined,
    );
    expect(served).toHaveLength(BURST);
    expect(limited).toHaveLength(BURST);
    // Each replica refused some: the count was one, not one per process.
    expect(results.slice(BURST).every((result) => result.isError === true)).toBe(true);
  });

  it('counts per process without `--redis`, as the README says', async () => {
    const results = await burstOverTwo([]);
    expect(results.filter((result) => result.isError !== true)).toHaveLength(2 * BURST);
  });

  it('stops at start with one line when Redis cannot be reached, and without rate limits', async () => {
    const port = await freePort();
    const secret = `redis://:${randomBytes(8).toString('hex')}@127.0.0.1:${port}`;
    const limited = config({ perConsumer: { burst: 1, ratePerSecond: 1 } });
    const down = startApp([
      '--http',
      '--port',
      '0',
      '--data',
      tempDir(),
      '--config',
      limited.file,
      '--redis',
      secret,
    ]);
    expect(await down.exited).toBe(1);
    expect(down.stderr).toEqual([
      'The Redis of `--redis` cannot be reached; check the URL and that it runs.',
    ]);
    const unlimited = config(undefined);
    const pointless = startApp([
      '--http',
      '--port',
      '0',
      '--data',
      tempDir(),
      '--config',
      unlimited.file,
      '--redis',
      REDIS_URL,
    ]);
    expect(await pointless.exited).toBe(1);
    expect(pointless.stderr.at(-1)).toContain('the config sets no `rateLimits`');
  });
});
