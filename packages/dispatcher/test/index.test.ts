/*
 * Guards the package surface: exactly these runtime exports, and no dependency on any other
 * workspace package (the dispatcher stands alone, as the design's dependency direction requires).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as dispatcher from '../src/index.ts';

const ROOT = join(import.meta.dirname, '..');

describe('@portcullis/dispatcher surface', () => {
  it('exports exactly the documented runtime values', () => {
    expect(Object.keys(dispatcher).sort()).toEqual(
      [
        'ADMIT',
        'ARTIFACT_ERROR_CODES',
        'ArtifactError',
        'CANCEL_REASONS',
        'CancellationError',
        'DEFAULT_MAX_JOBS_PER_WORKFLOW',
        'DISPATCHER_ERROR_CODES',
        'DispatcherError',
        'LOG_LEVELS',
        'REFUSAL_KINDS',
        'REFUSAL_TEXTS',
        'Workflow',
        'createArtifactRegistry',
        'createDispatcher',
        'defineArtifactType',
        'refuse',
      ].sort(),
    );
  });

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
        expect(specifier!.startsWith('.') || specifier!.startsWith('node:')).toBe(true);
      }
    }
  });
});
