/*
 * Guards how the libraries are released: every package under packages/ is published (not private,
 * ESM, types first in its exports, only dist shipped, Node >= 20.19) and belongs to the one `fixed`
 * changesets group, so the libraries version together; the apps and examples are private and ignored.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly type?: string;
  readonly files?: readonly string[];
  readonly engines?: { readonly node?: string };
  readonly exports?: Record<string, unknown>;
  readonly sideEffects?: boolean;
}

function manifests(group: string): Manifest[] {
  const base = join(ROOT, group);
  return readdirSync(base)
    .filter((entry) => existsSync(join(base, entry, 'package.json')))
    .map(
      (entry) => JSON.parse(readFileSync(join(base, entry, 'package.json'), 'utf8')) as Manifest,
    );
}

const config = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8')) as {
  fixed: string[][];
  ignore: string[];
};
const libraries = manifests('packages');

describe('release configuration', () => {
  it('puts every library, and only the libraries, in the one fixed group', () => {
    expect(config.fixed).toHaveLength(1);
    expect([...(config.fixed[0] ?? [])].sort()).toEqual(libraries.map((m) => m.name).sort());
  });

  it('publishes every library as ESM with types first, dist only, on Node >= 20.19', () => {
    for (const m of libraries) {
      expect(m.private, m.name).not.toBe(true);
      expect(m.type, m.name).toBe('module');
      expect(m.sideEffects, m.name).toBe(false);
      expect(m.files, m.name).toEqual(['dist']);
      expect(m.engines?.node, m.name).toBe('>=20.19');
      const main = m.exports?.['.'] as Record<string, string> | undefined;
      expect(Object.keys(main ?? {})[0], m.name).toBe('types');
    }
  });

  it('keeps the apps and the examples private and out of versioning', () => {
    for (const m of [...manifests('apps'), ...manifests('examples')]) {
      expect(m.private, m.name).toBe(true);
      expect(config.ignore).toContain(m.name);
    }
  });
});
