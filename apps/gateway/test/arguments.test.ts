/** The command line: each upstream's options attach to the upstream named before them. */
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../src/arguments.ts';

describe('the command line', () => {
  it('takes an era for the upstream named before it, and sessions for the host', () => {
    const parsed = parseArguments([
      '--upstream-url',
      'http://127.0.0.1:9/mcp',
      '--era',
      'legacy',
      '--upstream',
      'node server.js',
      '--era',
      'auto',
      '--prefix',
      'b_',
      '--sessions',
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        sessions: true,
        upstreams: [
          { url: 'http://127.0.0.1:9/mcp', headers: {}, era: 'legacy' },
          { command: 'node', args: ['server.js'], era: 'auto', prefix: 'b_' },
        ],
      }),
    });
  });

  it.each([
    [['--era', 'auto'], '`--era` must follow an upstream.'],
    [['--upstream', 'x', '--era', 'modern'], '`--era` is `auto` or `legacy`.'],
  ])('refuses %j', (argv, text) => {
    expect(parseArguments(argv)).toEqual({ ok: false, text });
  });
});
