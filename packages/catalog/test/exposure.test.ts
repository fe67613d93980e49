/*
 * Guards "exposable is not exposed": an exposure is the subset of the catalog a server serves, in
 * catalog order; a name the catalog lacks is refused at once; a lone string is one name and only a
 * predicate's `true` exposes (fail closed); an empty set is refused when
 * asserted (the server asserts it at start); what is not exposed stays in the catalog.
 */
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  assertExposure,
  CATALOG_ERROR_CODES,
  CatalogError,
  createCatalog,
  defineTool,
  exposure,
  thinkerInput,
} from '../src/index.ts';

function tool(name: string, kind: 'tool' | 'thinker' = 'tool') {
  return defineTool({
    name,
    description: `The ${name} tool.`,
    kind,
    input: kind === 'thinker' ? thinkerInput() : Type.Object({}),
    weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
    run: () => name,
  });
}

const catalog = createCatalog({
  tools: [tool('alpha'), tool('beta', 'thinker'), tool('gamma')],
});

describe('exposure', () => {
  it('exposes the named tools in catalog order, once each', () => {
    const exposed = exposure(catalog, ['gamma', 'alpha', 'gamma']);
    expect(exposed.entries.map((entry) => entry.name)).toEqual(['alpha', 'gamma']);
    expect([...exposed.names]).toEqual(['alpha', 'gamma']);
    expect(exposed.size).toBe(2);
    expect(exposed.has('alpha')).toBe(true);
    expect(exposed.has('beta')).toBe(false);
    expect(exposed.get('beta')).toBeUndefined();
    expect(exposed.get('gamma')).toBe(catalog.get('gamma'));
    expect(catalog.has('beta')).toBe(true);
    expect(exposed.catalog).toBe(catalog);
    expect(Object.isFrozen(exposed.entries)).toBe(true);
  });

  it('exposes the entries a predicate selects', () => {
    const exposed = exposure(catalog, (entry) => entry.kind === 'thinker');
    expect([...exposed.names]).toEqual(['beta']);
  });

  it('accepts any iterable of names', () => {
    expect(exposure(catalog, new Set(['beta'])).size).toBe(1);
  });

  it('refuses a name the catalog does not hold', () => {
    let error: unknown;
    try {
      exposure(catalog, ['alpha', 'delta']);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe(CATALOG_ERROR_CODES.UNKNOWN_TOOL);
    expect((error as CatalogError).message).toBe(
      'The exposure names tool `delta`, which the catalog does not hold. Expose only tools the catalog holds.',
    );
    expect((error as CatalogError).details).toStrictEqual({ tool: 'delta' });
  });

  it('takes a single string as one name, never as its characters', () => {
    const short = createCatalog({ tools: [tool('a'), tool('b'), tool('ab')] });
    expect([...exposure(short, 'ab').names]).toEqual(['ab']);
    expect([...exposure(catalog, 'alpha').names]).toEqual(['alpha']);
  });

  it('exposes an entry only when the predicate returns true, so a promise exposes nothing', () => {
    const truthy = (() => 1) as unknown as () => boolean;
    const pending = (async () => true) as unknown as () => boolean;
    expect(exposure(catalog, truthy).size).toBe(0);
    expect(exposure(catalog, pending).size).toBe(0);
  });

  it('shortens an overlong unknown name in the message', () => {
    let error: unknown;
    try {
      exposure(catalog, ['z'.repeat(10_000)]);
    } catch (thrown) {
      error = thrown;
    }
    expect((error as CatalogError).code).toBe(CATALOG_ERROR_CODES.UNKNOWN_TOOL);
    expect((error as CatalogError).message).toBe(
      `The exposure names tool \`${'z'.repeat(128)}…\`, which the catalog does not hold. Expose only tools the catalog holds.`,
    );
  });

  it('returns an empty exposure without judging it', () => {
    expect(exposure(catalog, []).size).toBe(0);
    expect(exposure(catalog, () => false).size).toBe(0);
  });
});

describe('assertExposure', () => {
  it('passes a non-empty exposure through', () => {
    const exposed = exposure(catalog, ['alpha']);
    expect(assertExposure(exposed)).toBe(exposed);
  });

  it('refuses an empty exposure', () => {
    expect(() => assertExposure(exposure(catalog, []))).toThrow(
      expect.objectContaining({
        name: 'CatalogError',
        code: CATALOG_ERROR_CODES.EMPTY_EXPOSURE,
        message:
          "The exposure set is empty: none of the catalog's 3 tools are exposed. Expose at least one, as a server must serve one.",
      }),
    );
    const empty = createCatalog({ tools: [] });
    expect(() => assertExposure(exposure(empty, () => true))).toThrow(
      "The exposure set is empty: none of the catalog's 0 tools are exposed. Expose at least one, as a server must serve one.",
    );
  });
});
