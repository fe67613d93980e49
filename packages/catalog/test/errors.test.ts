/*
 * Guards the stable error contract: the code table is pinned key for value (a program may switch
 * on it), and a CatalogError carries its code, tool, module and cause.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG_ERROR_CODES, CatalogError } from '../src/index.ts';

describe('CatalogError', () => {
  it('pins every code', () => {
    expect(CATALOG_ERROR_CODES).toStrictEqual({
      MISSING_NAME: 'MISSING_NAME',
      INVALID_NAME: 'INVALID_NAME',
      DUPLICATE_NAME: 'DUPLICATE_NAME',
      UNRENDERABLE_SCHEMA: 'UNRENDERABLE_SCHEMA',
      INVALID_WEIGHT: 'INVALID_WEIGHT',
      INVALID_DEFINITION: 'INVALID_DEFINITION',
      UNKNOWN_SCOPE_TOOL: 'UNKNOWN_SCOPE_TOOL',
      UNKNOWN_TOOL: 'UNKNOWN_TOOL',
      EMPTY_EXPOSURE: 'EMPTY_EXPOSURE',
      SCAN_FAILED: 'SCAN_FAILED',
    });
    expect(Object.isFrozen(CATALOG_ERROR_CODES)).toBe(true);
  });

  it('carries its code, tool, module and cause', () => {
    const cause = new Error('underneath');
    const error = new CatalogError(
      CATALOG_ERROR_CODES.DUPLICATE_NAME,
      'Tool "a" is claimed by two definitions: tools[0] and tools[1]',
      { tool: 'a', module: '/srv/tools/a.js' },
      { cause },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CatalogError');
    expect(error.code).toBe('DUPLICATE_NAME');
    expect(error.tool).toBe('a');
    expect(error.module).toBe('/srv/tools/a.js');
    expect(error.cause).toBe(cause);
    const bare = new CatalogError(CATALOG_ERROR_CODES.EMPTY_EXPOSURE, 'empty');
    expect(bare.tool).toBeUndefined();
    expect(bare.module).toBeUndefined();
  });
});
