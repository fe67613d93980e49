/**
 * `--stateless --redis`: legacy requests without sessions, so a balancer may send a call and its
 * `notifications/cancelled` to different replicas. Two processes of the built app on one Redis:
 * a cancel sent to the one not running the call is relayed, and the call stops on the one running
 * it; without `--redis` the same cancel stops nothing there.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashToken } from '@portcullis/server/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChildApp, killChildren, startApp, urlOf } from './support/child-app.ts';
import { REDIS_URL, testRedisAnswers } from './support/redis.ts';
import { removeTempDirs, tempDir } from './support/temp.ts';
import { until } from './support/until.ts';

afterEach(killChildren);
afterAll(removeTempDirs);

let redis = false;
beforeAll(async () => {
  redis = await testRedisAnswers();
});

function config() {
  const token = randomBytes(16).toString('hex');
  const file = join(tempDir(), 'config.json');
  writeFileSync(
    file,
    JSON.stringify({
      consumers: [
        {
          name: `relay-${randomBytes(6).toString('hex')}`,
          tokenSha256: hashToken(token),
          tools: '*',
        },
      ],
    }),
  );
  return { file, token };
}

function post(url: URL, token: string, body: object) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

/** The outcomes of `survey_corpus` calls in a process's JSON log. */
function surveys(app: ChildApp): string[] {
  return app.stderr
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === 'call' && line.tool === 'survey_corpus')
    .map((line) => String(line.outcome));
}

async function twoReplicas(extra: readonly string[]) {
  const { file, token } = config();
  const [running, other] = [0, 1].map(() =>
    startApp([
      '--http',
      '--port',
      '0',
      '--data',
      tempDir(),
      '--config',
      file,
      '--stateless',
      ...extra,
    ]),
  ) as [ChildApp, ChildApp];
  const urls = [await urlOf(running), await urlOf(other)] as const;
  const call = post(urls[0], token, {
    jsonrpc: '2.0',
    id: 41,
    method: 'tools/call',
    params: { name: 'survey_corpus', arguments: {} },
  }).then((answer) => answer.text());
  // The survey's sub-agents are paced: it runs for minutes unless cancelled.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 41 } };
  expect((await post(urls[1], token, cancel)).status).toBe(202);
  return { running, other, call, cancelThere: () => post(urls[0], token, cancel) };
}

describe('stateless replicas', () => {
  it('relay a cancel to the replica running the call, which stops it', async (context) => {
    if (!redis) return context.skip();
    const { running, other, call } = await twoReplicas(['--redis', REDIS_URL]);
    expect(await until(() => surveys(running).includes('CANCELLED'), 5000)).toBe(true);
    expect(surveys(other)).toEqual([]);
    expect(await call).not.toContain('"id":41');
  });

  it('stop nothing elsewhere without --redis', async () => {
    const { running, cancelThere, call } = await twoReplicas([]);
    expect(await until(() => surveys(running).length > 0, 1500)).toBe(false);
    await cancelThere();
    expect(await until(() => surveys(running).includes('CANCELLED'), 5000)).toBe(true);
    await call;
  });
});
