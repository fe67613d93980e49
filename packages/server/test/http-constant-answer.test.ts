/**
 * The constant answer over HTTP is one answer in every respect: an unknown tool, an ungranted
 * tool, no consumer and params the SDK could not parse (`params` not an object, `_meta` not an
 * object, a `progressToken` that is not a string or an integer, `arguments` not an object) get the
 * same status, the same headers (framing, session header) and the same body apart from the id,
 * statelessly and within a legacy session alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../src/texts.ts';
import { bearer, httpHost, post } from './http-support.ts';
import { call, closeAll, initialize } from './support.ts';

afterEach(closeAll);

const CANARY = 'CANARYframe4b1d';

/** The members of the class as bodies, each with its id. */
function members(firstId: number): unknown[] {
  const bodies = [
    call(0, CANARY, {}),
    call(0, 'echo', {}),
    { jsonrpc: '2.0', id: 0, method: 'tools/call', params: null },
    { jsonrpc: '2.0', id: 0, method: 'tools/call', params: [CANARY] },
    call(0, 'greet', { name: CANARY }, [CANARY]),
    call(0, 'greet', { name: 'x' }, { progressToken: 1.5 }),
    call(0, 'greet', { name: 'x' }, { progressToken: { [CANARY]: 1 } }),
    { jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'greet', arguments: [CANARY] } },
  ];
  return bodies.map((body, index) => ({ ...(body as object), id: firstId + index }));
}

/** Everything of an answer but its date, with the id taken out of the body. */
async function framing(url: URL, body: unknown, headers: Record<string, string>) {
  const answer = await post(url, body, headers);
  const id = (body as { id: number }).id;
  return {
    status: answer.status,
    headers: [...answer.headers].filter(([name]) => name !== 'date'),
    body: answer.body.replace(`"id":${id}`, '"id":ID'),
  };
}

describe('the constant answer over HTTP', () => {
  it('is one answer statelessly, with or without a consumer', async () => {
    const { host } = await httpHost();
    const seen = [];
    // bob is not granted `echo`; no consumer has no grants at all.
    for (const body of members(1)) seen.push(await framing(host.url, body, bearer('bob')));
    seen.push(await framing(host.url, call(99, 'greet', { name: 'x' }), {}));
    expect(seen[0]?.body).toContain(SERVER_TEXTS.unservableCall);
    for (const each of seen) expect(each).toEqual(seen[0]);
    expect(JSON.stringify(seen)).not.toContain(CANARY);
  });

  it('is one answer within a legacy session, sent on the session’s stream', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const opened = await post(host.url, initialize(), bearer('bob'));
    const session = { ...bearer('bob'), 'mcp-session-id': opened.headers.get('mcp-session-id')! };
    await post(host.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    const seen = [];
    for (const body of members(1)) seen.push(await framing(host.url, body, session));
    expect(seen[0]?.body).toContain(SERVER_TEXTS.unservableCall);
    expect(seen[0]?.headers).toContainEqual(['mcp-session-id', session['mcp-session-id']]);
    for (const each of seen) expect(each).toEqual(seen[0]);
    expect(JSON.stringify(seen)).not.toContain(CANARY);
  });
});
