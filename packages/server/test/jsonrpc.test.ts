/*
 * The envelope judgement shared by the interposer and the hosts. `sdkParses` stands in for the
 * SDK's own message schema on the HTTP host's hot path; it must agree with that schema on every
 * message whose envelope we accept, or the SDK would answer some message in its own words.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { classify, sdkParses } from '../src/internal/jsonrpc.ts';

const metas: unknown[] = [
  {},
  { progressToken: 'a' },
  { progressToken: 7 },
  { progressToken: -7 },
  { progressToken: 2 ** 53 },
  { progressToken: 1.5 },
  { progressToken: true },
  { progressToken: null },
  { progressToken: {} },
  { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
  { 'io.modelcontextprotocol/related-task': { taskId: 't', more: 1 } },
  { 'io.modelcontextprotocol/related-task': { taskId: 1 } },
  { 'io.modelcontextprotocol/related-task': {} },
  { 'io.modelcontextprotocol/related-task': 'x' },
  { 'portcullis/dialect': 5, other: [1] },
  null,
  [],
  'meta',
  5,
];

const paramsCases: unknown[] = [
  undefined,
  null,
  [],
  'p',
  5,
  {},
  { name: 'x' },
  ...metas.map((meta) => ({ _meta: meta })),
];

function messages(): unknown[] {
  const out: unknown[] = [];
  for (const params of paramsCases) {
    const withParams = params === undefined ? {} : { params };
    out.push({ jsonrpc: '2.0', id: 1, method: 'tools/call', ...withParams });
    out.push({ jsonrpc: '2.0', method: 'notifications/cancelled', ...withParams });
  }
  for (const meta of [undefined, ...metas]) {
    out.push({ jsonrpc: '2.0', id: 'r', result: meta === undefined ? {} : { _meta: meta, x: 1 } });
  }
  out.push({ jsonrpc: '2.0', id: 2, error: { code: -1, message: 'm' } });
  out.push({ jsonrpc: '2.0', id: 2, error: { code: -1, message: 'm', data: { any: 1 } } });
  return out;
}

describe('sdkParses', () => {
  it('agrees with the SDK message schema on every message whose envelope is accepted', () => {
    let judged = 0;
    for (const message of messages()) {
      const envelope = classify(message);
      if (envelope.kind === 'invalid') continue;
      judged += 1;
      expect([JSON.stringify(message), sdkParses(envelope, message)]).toEqual([
        JSON.stringify(message),
        JSONRPCMessageSchema.safeParse(message).success,
      ]);
    }
    expect(judged).toBeGreaterThan(50);
  });
});
