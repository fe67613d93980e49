/**
 * Longer than 400 lines: every case drives the one gated catalog and session host set up at the
 * top, and splitting them would copy that setup.
 *
 * The requests of one legacy session, over real HTTP, where the SDK's transport keeps one answer
 * stream per request id: a request reusing an id another request of the session still holds is
 * refused `400` before the SDK sees it (the first is answered, and only it gets its result, even
 * when the two came with tokens of different scopes); a body giving two requests one id is
 * refused whole, in sessions and without; cancelling one call of a batch leaves the others'
 * answers on the batch's stream, which then ends; an `initialize` the SDK's transport refuses
 * leaves no server open; and a call that reaches the server once it is stopping runs nothing.
 */
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import type { RateLimiter } from '@portcullis/limits';
import { createStaticTokenVerifier, hashToken } from '@portcullis/oauth';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../src/http.ts';
import { HTTP_TEXTS } from '../src/http-texts.ts';
import { SERVER_TEXTS } from '../src/texts.ts';
import { createToolServer, internalsOf } from '../src/tool-server.ts';
import { bearer, post, type RawAnswer, resolver } from './http-support.ts';
import { call, captureLogger, closeAll, initialize, onClose, spiedPeer } from './support.ts';

afterEach(closeAll);

const LOOKUP = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;

/** Gates the tests open, and the labels of every run. */
const gates = new Map<string, () => void>();
const starts = new Map<string, () => void>();
const started = new Map<string, Promise<void>>();
const runs: string[] = [];

function whenStarted(label: string): Promise<void> {
  let promise = started.get(label);
  if (promise === undefined) {
    promise = new Promise((resolve) => starts.set(label, resolve));
    started.set(label, promise);
  }
  return promise;
}

function open(label: string): void {
  gates.get(label)?.();
}

async function held(label: string, signal: AbortSignal): Promise<void> {
  runs.push(label);
  void whenStarted(label);
  starts.get(label)?.();
  await new Promise<void>((resolve) => {
    gates.set(label, resolve);
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

const catalog = createCatalog({
  tools: [
    defineTool({
      name: 'hold',
      description: 'Holds until its gate opens or it is cancelled.',
      input: Type.Object({ label: Type.String() }),
      weight: LOOKUP,
      run: async (input: { label: string }, context) => {
        await held(input.label, context.signal);
        return { label: `done-${input.label}` };
      },
    }),
    defineTool({
      name: 'secret',
      description: 'Holds, then answers what only its scope may see.',
      input: Type.Object({ label: Type.String() }),
      weight: LOOKUP,
      run: async (input: { label: string }, context) => {
        await held(`secret:${input.label}`, context.signal);
        return { secret: `secret-result-${input.label}` };
      },
    }),
  ],
});

const TOKENS = { full: 'carol-full-token-0123456789', none: 'carol-none-token-0123456789' };

function toolServer(rateLimiter?: RateLimiter) {
  const server = createToolServer({
    ...(rateLimiter === undefined ? {} : { rateLimiter }),
    exposure: exposure(catalog, ['hold', 'secret']),
    grants: { carol: ['hold'], alice: ['hold'] },
    scopeGrants: { full: ['secret'] },
    callTimeoutMs: 30_000,
    dispatcher: { maxRunning: 16, maxQueued: 16 },
    logger: captureLogger(),
  });
  onClose(() => server.close());
  return server;
}

async function scopedHost() {
  const served = await serveHttp(toolServer(), {
    authorization: {
      verifier: createStaticTokenVerifier({
        tokens: [
          { consumer: 'carol', tokenSha256: hashToken(TOKENS.full), scopes: ['full'] },
          { consumer: 'carol', tokenSha256: hashToken(TOKENS.none), scopes: ['profile'] },
        ],
      }),
      resource: 'http://127.0.0.1/mcp',
      authorizationServers: ['http://127.0.0.1:1/issuer'],
      scopesSupported: ['full', 'profile'],
    },
    sessions: true,
  });
  onClose(() => served.close());
  return served.url;
}

const headers = (token: string, session?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'mcp-protocol-version': '2025-11-25',
  ...(session === undefined ? {} : { 'mcp-session-id': session }),
});

async function openSession(url: URL, token: string): Promise<string> {
  const opened = await post(url, initialize(), headers(token));
  const session = opened.headers.get('mcp-session-id');
  expect(session).toBeTruthy();
  await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers(token, session!),
  );
  return session!;
}

const messages = (answer: RawAnswer) =>
  answer.texts.filter((text) => text.trim() !== '').map((text) => JSON.parse(text));

const cancel = (requestId: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

/** A session alice opened on a new session host (over `rateLimiter` when given). */
async function aliceSession(rateLimiter?: RateLimiter) {
  const host = await serveHttp(toolServer(rateLimiter), { consumers: resolver, sessions: true });
  onClose(() => host.close());
  const opened = await post(host.url, initialize(), bearer('alice'));
  const given = {
    ...bearer('alice'),
    'mcp-session-id': opened.headers.get('mcp-session-id')!,
    'mcp-protocol-version': '2025-11-25',
  };
  return { url: host.url, given };
}

describe('the requests of one session', () => {
  it('refuses a request reusing an id the session still holds; the first gets its own answer', async () => {
    const url = await scopedHost();
    const session = await openSession(url, TOKENS.full);
    const first = post(url, call(7, 'secret', { label: 'a' }), headers(TOKENS.full, session));
    await whenStarted('secret:a');
    const reused = await post(
      url,
      [call(7, 'secret', { label: 'b' }), call(8, 'hold', { label: 'b8' })],
      headers(TOKENS.none, session),
    );
    expect(reused.status).toBe(400);
    expect(messages(reused)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: HTTP_TEXTS.duplicateIds },
      },
    ]);
    const single = await post(url, call(7, 'hold', { label: 'c' }), headers(TOKENS.full, session));
    expect(single.status).toBe(400);
    expect(messages(single)[0]).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(runs).not.toContain('b8');
    expect(runs).not.toContain('c');
    open('secret:a');
    const answered = messages(await first);
    expect(answered.at(-1)).toMatchObject({ id: 7, result: {} });
    expect(JSON.stringify(answered)).toContain('secret-result-a');
    // Answered: the id is free again.
    const again = post(url, call(7, 'hold', { label: 'd' }), headers(TOKENS.full, session));
    await whenStarted('d');
    open('d');
    expect(messages(await again).at(-1)).toMatchObject({ id: 7, result: {} });
  });

  it('keeps the other answers of a batch when one of its calls is cancelled, and ends its stream', async () => {
    const url = await scopedHost();
    const session = await openSession(url, TOKENS.full);
    const batch = post(
      url,
      [call(1, 'hold', { label: 'b1' }), call(2, 'hold', { label: 'b2' })],
      headers(TOKENS.full, session),
    );
    await Promise.all([whenStarted('b1'), whenStarted('b2')]);
    expect((await post(url, cancel(1), headers(TOKENS.full, session))).status).toBe(202);
    open('b2');
    const answered = messages(await batch);
    expect(answered.map((message) => message.id)).toEqual([2]);
    expect(JSON.stringify(answered)).toContain('done-b2');
  });

  it('closes the server of an initialize the SDK transport refused', async () => {
    const server = toolServer();
    const internals = internalsOf(server);
    const connect = internals.connect;
    const made: { closed: boolean }[] = [];
    (internals as { connect: typeof connect }).connect = async (transport, options) => {
      const connected = await connect(transport, options);
      const record = { closed: false };
      made.push(record);
      const previous = connected.server.onclose;
      connected.server.onclose = () => {
        record.closed = true;
        previous?.();
      };
      return connected;
    };
    const host = await serveHttp(server, { consumers: resolver, sessions: true });
    onClose(() => host.close());
    for (let index = 0; index < 20; index += 1) {
      const refused = await post(host.url, initialize(), {
        ...bearer('alice'),
        accept: 'application/json',
      });
      expect(refused.status).toBe(406);
    }
    // The modern era's server stays; every session server the refused requests made is closed.
    expect(made.length).toBe(21);
    await expect.poll(() => made.filter((record) => !record.closed).length).toBe(1);
  });
});

describe('a request of a session whose connection closed before its answer', () => {
  it('keeps its id until its answer has left, so a request reusing it gets its own answer', async () => {
    // An asynchronous limiter holds every call until the test lets it through.
    const waiting: (() => void)[] = [];
    const limiter: RateLimiter = {
      check: () =>
        new Promise((resolve) => {
          waiting.push(() => resolve({ ok: true }));
        }),
    };
    const { url, given } = await aliceSession(limiter);
    const gone = new AbortController();
    const first = post(url, call(7, 'hold', { label: 'gone' }), given, gone.signal);
    await expect.poll(() => waiting.length).toBe(1);
    gone.abort();
    await expect(first).rejects.toThrow();
    // The abandoned call is not answered yet: its id is still held.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const early = await post(url, call(7, 'hold', { label: 'early' }), given);
    expect(early.status).toBe(400);
    expect(messages(early)[0]).toMatchObject({
      id: 7,
      error: { message: HTTP_TEXTS.duplicateIds },
    });
    // Let the abandoned call go: it is cancelled, its answer leaves, and the id is free.
    waiting.shift()!();
    let reused: RawAnswer | undefined;
    await expect
      .poll(async () => {
        const attempt = post(url, call(7, 'hold', { label: 'reuser' }), given);
        await expect.poll(() => waiting.length > 0 || runs.includes('reuser')).toBe(true);
        waiting.shift()?.();
        await whenStarted('reuser').then(
          () => open('reuser'),
          () => undefined,
        );
        reused = await attempt;
        return reused.status;
      })
      .toBe(200);
    expect(runs).not.toContain('gone');
    expect(runs).not.toContain('early');
    expect(messages(reused!).at(-1)).toMatchObject({ id: 7, result: {} });
    expect(JSON.stringify(messages(reused!))).toContain('done-reuser');
  });
});

describe('ids a session frees', () => {
  it('serve a later batch reusing the ids of a batch with a cancelled call in full', async () => {
    const { url, given } = await aliceSession();
    const first = post(
      url,
      [call(1, 'hold', { label: 'f1' }), call(2, 'hold', { label: 'f2' })],
      given,
    );
    await Promise.all([whenStarted('f1'), whenStarted('f2')]);
    open('f2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post(url, cancel(1), given)).status).toBe(202);
    expect(messages(await first).map((message) => message.id)).toEqual([2]);
    const second = post(
      url,
      [call(2, 'hold', { label: 's2' }), call(3, 'hold', { label: 's3' })],
      given,
    );
    await Promise.all([whenStarted('s2'), whenStarted('s3')]);
    open('s3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    open('s2');
    const answered = messages(await second);
    expect(answered.map((message) => message.id).sort()).toEqual([2, 3]);
    expect(JSON.stringify(answered)).toContain('done-s2');
    // And the cancelled call's id serves again too.
    const again = post(url, call(1, 'hold', { label: 'a1' }), given);
    await whenStarted('a1');
    open('a1');
    expect(JSON.stringify(messages(await again))).toContain('done-a1');
  });

  it.each([
    ['an Accept header the SDK refuses', { accept: 'application/json' }, 406],
    ['an initialize inside the session', undefined, 400],
  ])('free the id of a request the SDK refused itself: %s', async (_, extra, status) => {
    const { url, given } = await aliceSession();
    const refused =
      extra === undefined
        ? await post(url, initialize(5), given)
        : await post(url, call(5, 'hold', { label: 'never' }), { ...given, ...extra });
    expect(refused.status).toBe(status);
    const later = post(url, call(5, 'hold', { label: `later-${status}` }), given);
    await whenStarted(`later-${status}`);
    open(`later-${status}`);
    const answer = await later;
    expect(answer.status).toBe(200);
    expect(JSON.stringify(messages(answer))).toContain(`done-later-${status}`);
    expect(runs).not.toContain('never');
  });
});

describe('a batch cancelling its own call before it', () => {
  it('cancels nothing: the call runs and is answered on the batch’s stream', async () => {
    const { url, given } = await aliceSession();
    const batch = post(url, [cancel(1), call(1, 'hold', { label: 'self' })], given);
    await whenStarted('self');
    // The call still holds its id.
    const reused = await post(url, call(1, 'hold', { label: 'self-reuse' }), given);
    expect(reused.status).toBe(400);
    open('self');
    const answered = messages(await batch);
    expect(answered.map((message) => message.id)).toEqual([1]);
    expect(JSON.stringify(answered[0].result)).toContain('done-self');
    expect(runs).not.toContain('self-reuse');
  });
});

describe('a body giving two requests one id', () => {
  it.each([false, true])(
    'is refused whole, and nothing of it runs (sessions: %s)',
    async (sessions) => {
      const host = await serveHttp(toolServer(), { consumers: resolver, sessions });
      onClose(() => host.close());
      let given: Record<string, string> = bearer('alice');
      if (sessions) {
        const opened = await post(host.url, initialize(), bearer('alice'));
        given = {
          ...bearer('alice'),
          'mcp-session-id': opened.headers.get('mcp-session-id')!,
          'mcp-protocol-version': '2025-11-25',
        };
      }
      const label = `dup-${sessions}`;
      const refused = await post(
        host.url,
        [
          call(1, 'hold', { label: `${label}-x` }),
          cancel(1),
          call(1, 'hold', { label: `${label}-y` }),
        ],
        given,
      );
      expect(refused.status).toBe(400);
      expect(messages(refused)).toEqual([
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: HTTP_TEXTS.duplicateIds } },
      ]);
      expect(runs.filter((run) => run.startsWith(label))).toEqual([]);
    },
  );
});

describe('a call reaching a stopping server', () => {
  it('is answered "server stopping" and runs nothing', async () => {
    const { peer, interposer } = await spiedPeer(toolServer(), 'alice');
    await interposer.stop();
    const answer = await peer.request(call(1, 'hold', { label: 'late' }));
    expect(answer.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: SERVER_TEXTS.serverStopping }],
      _meta: { 'portcullis/correctable': false },
    });
    expect(runs).not.toContain('late');
  });
});
