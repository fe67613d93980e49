/*
 * Guards the pinned command line: defaults (HTTP on 127.0.0.1:3000), each option as a separate or
 * `=` value, and one sentence for each fault that never repeats what was typed. Also the default
 * data folder on each platform (never inside the repository).
 */
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../src/arguments.ts';
import { defaultDataDir } from '../src/data-dir.ts';

describe('parseArguments', () => {
  it('defaults to HTTP on 127.0.0.1:3000', () => {
    expect(parseArguments([])).toEqual({
      ok: true,
      value: { mode: 'http', host: '127.0.0.1', port: 3000, stateless: false, help: false },
    });
  });

  it('reads --database as a PostgreSQL URL, and refuses anything else without repeating it', () => {
    expect(parseArguments(['--database', 'postgres://u@db/corpus'])).toMatchObject({
      ok: true,
      value: { database: 'postgres://u@db/corpus' },
    });
    expect(parseArguments(['--database=postgresql://db/x'])).toMatchObject({
      ok: true,
      value: { database: 'postgresql://db/x' },
    });
    const refused = parseArguments(['--database', 'mysql://canary-7f3a@db/x']);
    expect(refused).toEqual({
      ok: false,
      refusal: { text: 'The option `--database` takes a PostgreSQL URL, starting postgres://.' },
    });
  });

  it('reads the options of replicas, and refuses bad values without repeating them', () => {
    expect(
      parseArguments([
        '--redis',
        'redis://127.0.0.1:6379',
        '--replica',
        'r2',
        '--public-url',
        'http://127.0.0.1:8080/mcp',
        '--stateless',
      ]),
    ).toMatchObject({
      ok: true,
      value: {
        redis: 'redis://127.0.0.1:6379',
        replica: 'r2',
        publicUrl: 'http://127.0.0.1:8080/mcp',
        stateless: true,
      },
    });
    const canary = 'canary-7f3a';
    for (const [args, text] of [
      [
        ['--redis', `http://${canary}`],
        'The option `--redis` takes a Redis URL, starting redis:// or rediss://.',
      ],
      [
        ['--replica', `${canary}.x`],
        'The option `--replica` takes a name of 1 to 32 letters, digits or `-`.',
      ],
      [
        ['--public-url', `ftp://${canary}`],
        'The option `--public-url` takes an http:// or https:// URL.',
      ],
    ] as const) {
      expect(parseArguments([...args])).toEqual({ ok: false, refusal: { text } });
    }
  });

  it('reads every option, spaced or with =', () => {
    const parsed = parseArguments([
      '--stdio',
      '--host=0.0.0.0',
      '--port',
      '0',
      '--root',
      'docs',
      '--data=d',
      '--config',
      'c.json',
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: {
        mode: 'stdio',
        host: '0.0.0.0',
        port: 0,
        root: 'docs',
        data: 'd',
        config: 'c.json',
        stateless: false,
        help: false,
      },
    });
    expect(parseArguments(['--', '--port', '0'])).toMatchObject({ ok: true, value: { port: 0 } });
    expect(parseArguments(['--http', '--http', '--help'])).toMatchObject({
      ok: true,
      value: { mode: 'http', help: true },
    });
  });

  it.each([
    [['--canary-7f3a'], 'An argument is not an option of this command.'],
    [['canary-7f3a'], 'An argument is not an option of this command.'],
    [['--http', '--stdio'], 'Give `--http` or `--stdio`, not both.'],
    [['--port'], 'The option `--port` needs a value.'],
    [['--root='], 'The option `--root` needs a value.'],
    [['--port', '65536'], 'The option `--port` takes a port number from 0 to 65535.'],
    [['--port', '-1'], 'The option `--port` takes a port number from 0 to 65535.'],
    [['--port', '3e3'], 'The option `--port` takes a port number from 0 to 65535.'],
    [['--data', 'a', '--data', 'b'], 'The option `--data` is given twice.'],
  ])('refuses %j', (args, text) => {
    const parsed = parseArguments(args);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.refusal.text).toContain(text);
      expect(parsed.refusal.text).not.toContain('canary');
    }
  });
});

describe('defaultDataDir', () => {
  it('uses the platform data directory', () => {
    expect(defaultDataDir('linux', {}, '/home/u')).toBe(
      '/home/u/.local/share/portcullis-reference',
    );
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/xdg' }, '/home/u')).toBe(
      '/xdg/portcullis-reference',
    );
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.local/share/portcullis-reference',
    );
    expect(defaultDataDir('darwin', {}, '/Users/u')).toBe(
      '/Users/u/Library/Application Support/portcullis-reference',
    );
    expect(
      defaultDataDir('win32', { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'C:\\Users\\u'),
    ).toBe('C:\\Users\\u\\AppData\\Local\\portcullis-reference');
  });
});
