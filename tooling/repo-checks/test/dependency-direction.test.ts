/*
 * Guards the design's dependency direction: decoder, schema, dispatcher, limits and oauth depend on
 * no workspace package; limits-redis on limits alone; dialects, gate and catalog on schema alone; server composes the libraries; the gateway puts the server in front of other MCP servers;
 * apps sit on top, and the examples beside them; tooling is reached only as a development dependency. Every import a package's source makes
 * is declared in its manifest, no workspace edge forms a cycle, and only the server and the apps
 * import the MCP SDK.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The pinned edges between published libraries and apps (tooling excluded). Changing one is an architecture change. */
const ALLOWED: Record<string, readonly string[]> = {
  '@portcullis/decoder': [],
  '@portcullis/schema': [],
  '@portcullis/dispatcher': [],
  '@portcullis/limits': [],
  '@portcullis/limits-redis': ['@portcullis/limits'],
  '@portcullis/oauth': [],
  '@portcullis/dialects': ['@portcullis/schema'],
  '@portcullis/gate': ['@portcullis/schema'],
  '@portcullis/catalog': ['@portcullis/schema'],
  '@portcullis/server': [
    '@portcullis/decoder',
    '@portcullis/schema',
    '@portcullis/dialects',
    '@portcullis/gate',
    '@portcullis/catalog',
    '@portcullis/dispatcher',
    '@portcullis/limits',
    '@portcullis/oauth',
  ],
  '@portcullis/gateway': [
    '@portcullis/catalog',
    '@portcullis/dialects',
    '@portcullis/dispatcher',
    '@portcullis/schema',
    '@portcullis/server',
  ],
};

const SDK_IMPORTERS = new Set(['@portcullis/server', '@portcullis/gateway']);

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

interface WorkspacePackage {
  readonly dir: string;
  readonly group: 'packages' | 'apps' | 'examples' | 'tooling';
  readonly manifest: Manifest;
}

function workspacePackages(): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps', 'examples', 'tooling'] as const) {
    const base = join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base)) {
      const file = join(base, entry, 'package.json');
      if (!existsSync(file)) continue;
      found.push({
        dir: join(base, entry),
        group,
        manifest: JSON.parse(readFileSync(file, 'utf8')),
      });
    }
  }
  return found;
}

const PACKAGES = workspacePackages();
const BY_NAME = new Map(PACKAGES.map((p) => [p.manifest.name, p]));

function runtimeDeps(m: Manifest): string[] {
  return Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies });
}
function allDeps(m: Manifest): string[] {
  return [...runtimeDeps(m), ...Object.keys(m.devDependencies ?? {})];
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'fixtures') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The source files directly in `dir` (not its folders), less its configuration files. */
function topLevelSources(dir: string): string[] {
  return readdirSync(dir)
    .filter((entry) => /\.(ts|mts|js|mjs)$/.test(entry) && !/\.config\.|\.d\.ts$/.test(entry))
    .map((entry) => join(dir, entry));
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec !== undefined) out.push(spec);
  }
  return out;
}

function packageOf(spec: string): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('#')) return undefined;
  if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0] ?? ''))
    return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

describe('workspace dependency direction', () => {
  it('finds the libraries the design names', () => {
    for (const name of [
      '@portcullis/decoder',
      '@portcullis/schema',
      '@portcullis/dispatcher',
      '@portcullis/limits',
      '@portcullis/oauth',
    ]) {
      expect(BY_NAME.has(name), name).toBe(true);
    }
  });

  it('keeps every library edge to the pinned set', () => {
    for (const pkg of PACKAGES.filter((p) => p.group === 'packages')) {
      const allowed = ALLOWED[pkg.manifest.name];
      expect(allowed, `${pkg.manifest.name} has no pinned edges`).toBeDefined();
      const workspaceEdges = allDeps(pkg.manifest).filter(
        (d) => BY_NAME.has(d) && BY_NAME.get(d)?.group !== 'tooling',
      );
      for (const edge of workspaceEdges) {
        expect(allowed, `${pkg.manifest.name} -> ${edge}`).toContain(edge);
      }
    }
  });

  it('reaches tooling only as a development dependency, and nothing depends on an app', () => {
    for (const pkg of PACKAGES) {
      for (const dep of runtimeDeps(pkg.manifest)) {
        const target = BY_NAME.get(dep);
        if (target === undefined) continue;
        expect(target.group, `${pkg.manifest.name} -> ${dep}`).toBe('packages');
      }
      for (const dep of Object.keys(pkg.manifest.devDependencies ?? {})) {
        expect(BY_NAME.get(dep)?.group, `${pkg.manifest.name} -> ${dep}`).not.toBe('apps');
        expect(BY_NAME.get(dep)?.group, `${pkg.manifest.name} -> ${dep}`).not.toBe('examples');
      }
    }
  });

  it('has no cycle among workspace packages', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') {
        throw new Error(`cycle: ${[...path, name].join(' -> ')}`);
      }
      state.set(name, 'visiting');
      const pkg = BY_NAME.get(name);
      for (const dep of pkg === undefined ? [] : allDeps(pkg.manifest)) {
        if (BY_NAME.has(dep)) visit(dep, [...path, name]);
      }
      state.set(name, 'done');
    };
    for (const name of BY_NAME.keys()) visit(name, []);
  });

  it('declares every package a source file imports, and keeps runtime imports out of devDependencies', () => {
    const problems: string[] = [];
    for (const pkg of PACKAGES) {
      const runtime = new Set([pkg.manifest.name, ...runtimeDeps(pkg.manifest)]);
      const any = new Set([pkg.manifest.name, ...allDeps(pkg.manifest)]);
      // An example is its top-level files (what a user copies), each a runtime source.
      const folders = pkg.group === 'examples' ? ['.', 'test'] : ['src', 'test', 'bench'];
      for (const folder of folders) {
        const files =
          folder === '.' ? topLevelSources(pkg.dir) : sourceFiles(join(pkg.dir, folder));
        for (const file of files) {
          for (const spec of importsOf(file)) {
            const where = relative(ROOT, file);
            if (spec.startsWith('.')) {
              const target = resolve(file, '..', spec);
              if (!target.startsWith(pkg.dir))
                problems.push(`${where}: relative import leaves the package: ${spec}`);
              continue;
            }
            const name = packageOf(spec);
            if (name === undefined) continue;
            const declared = folder === 'src' || folder === '.' ? runtime : any;
            if (!declared.has(name)) problems.push(`${where}: imports undeclared ${name}`);
            if (
              name.startsWith('@modelcontextprotocol/') &&
              !SDK_IMPORTERS.has(pkg.manifest.name) &&
              pkg.group !== 'apps' &&
              !(pkg.group === 'examples' && folder === 'test')
            ) {
              problems.push(
                `${where}: only the server and the apps import the MCP SDK (an example's tests may)`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('is a check that can fail: the import scanner sees the imports of this file', () => {
    const seen = importsOf(join(import.meta.dirname, 'dependency-direction.test.ts'));
    expect(seen).toEqual(expect.arrayContaining(['node:fs', 'vitest']));
    expect(packageOf('@modelcontextprotocol/sdk/server/index.js')).toBe(
      '@modelcontextprotocol/sdk',
    );
  });
});
