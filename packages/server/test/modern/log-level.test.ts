/**
 * The log level of a modern call comes from its own `_meta` (`io.modelcontextprotocol/logLevel`),
 * over real HTTP: a call that names a level gets the tool's log messages at that level and above,
 * in order, before its answer; a call that names none gets none; two calls of one client at once
 * each get their own level (the stateless era keeps nothing between requests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, httpHost, post } from '../http-support.ts';
import { closeAll } from '../support.ts';

afterEach(closeAll);

const headers = {
  ...bearer('alice'),
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'chatty',
};

function chatty(id: number, level?: string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'chatty',
      arguments: { steps: 1 },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        ...(level === undefined ? {} : { 'io.modelcontextprotocol/logLevel': level }),
      },
    },
  };
}

function levelsOf(texts: readonly string[]): string[] {
  return texts
    .map((text) => JSON.parse(text) as { method?: string; params?: { level?: string } })
    .filter((message) => message.method === 'notifications/message')
    .map((message) => message.params?.level ?? '');
}

describe('the log level of a modern call', () => {
  it('sends the messages at the level its `_meta` names and above, and none without one', async () => {
    const { host } = await httpHost();
    const cases: [string | undefined, string[]][] = [
      ['debug', ['debug', 'info', 'warning', 'error']],
      ['warning', ['warning', 'error']],
      ['error', ['error']],
      [undefined, []],
    ];
    for (const [level, expected] of cases) {
      const answer = await post(host.url, chatty(1, level), headers);
      expect(answer.status, String(level)).toBe(200);
      expect(levelsOf(answer.texts), String(level)).toEqual(expected);
      const last = JSON.parse(answer.texts.at(-1)!) as {
        id: number;
        result: { isError?: boolean };
      };
      expect(last.id).toBe(1);
      expect(last.result.isError).not.toBe(true);
    }
  });

  it('keeps each call’s own level when calls run at once', async () => {
    const { host } = await httpHost();
    const [chatter, quiet, loud] = await Promise.all([
      post(host.url, chatty(1, 'info'), headers),
      post(host.url, chatty(1), headers),
      post(host.url, chatty(1, 'debug'), headers),
    ]);
    expect(levelsOf(chatter.texts)).toEqual(['info', 'warning', 'error']);
    expect(levelsOf(quiet.texts)).toEqual([]);
    expect(levelsOf(loud.texts)).toEqual(['debug', 'info', 'warning', 'error']);
  });
});
