/*
 * Guards the package's place in the workspace: no dependency on any other workspace package, at run
 * time or in its sources (the package stands alone, as the design's dependency direction
 * requires). Its exports are pinned in `exports.test.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

describe('@portcullis/oauth dependencies', () => {
  it('depends on no workspace package at run time, and imports none', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const runtime = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(runtime.filter((name) => name.startsWith('@portcullis/'))).toEqual([]);
    const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts'),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(ROOT, 'src', file), 'utf8');
      expect(text).not.toMatch(/from '@portcullis\//);
      for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
        expect(
          specifier!.startsWith('.') || specifier!.startsWith('node:') || specifier === 'jose',
        ).toBe(true);
      }
    }
  });
});
