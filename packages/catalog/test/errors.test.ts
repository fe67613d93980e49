/*
 * Guards the stable error contract: the code table is pinned key for value and frozen (a program
 * may switch on it), and a CatalogError is `new CatalogError(code, message, { tool, module, path,
 * cause })` with the facts in a frozen `details` that holds only what was given, never glued onto
 * the message.
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
      INVALID_INPUT_ROOT: 'INVALID_INPUT_ROOT',
      INVALID_THINKER_INPUT: 'INVALID_THINKER_INPUT',
      INVALID_GUARDRAIL: 'INVALID_GUARDRAIL',
      INVALID_WEIGHT: 'INVALID_WEIGHT',
      INVALID_DEFINITION: 'INVALID_DEFINITION',
      INVALID_OPTIONS: 'INVALID_OPTIONS',
      UNKNOWN_SCOPE_TOOL: 'UNKNOWN_SCOPE_TOOL',
      UNKNOWN_TOOL: 'UNKNOWN_TOOL',
      EMPTY_EXPOSURE: 'EMPTY_EXPOSURE',
      SCAN_FAILED: 'SCAN_FAILED',
      UNSAFE_PATTERN: 'UNSAFE_PATTERN',
    });
    expect(Object.isFrozen(CATALOG_ERROR_CODES)).toBe(true);
  });

  it('carries its code, its details as a frozen field and its cause', () => {
    const cause = new Error('underneath');
    const message = 'Tool `a` (module `a.js`) has an input schema the publisher cannot render.';
    const error = new CatalogError(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA, message, {
      tool: 'a',
      module: '/srv/tools/a.js',
      path: '/properties/id',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CatalogError');
    expect(error.code).toBe('UNRENDERABLE_SCHEMA');
    expect(error.message).toBe(message);
    expect(error.details).toStrictEqual({
      tool: 'a',
      module: '/srv/tools/a.js',
      path: '/properties/id',
    });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error).not.toHaveProperty('tool');
    expect(error).not.toHaveProperty('path');
  });

  it('holds only the details it was given, and no cause unless given one', () => {
    const bare = new CatalogError(CATALOG_ERROR_CODES.EMPTY_EXPOSURE, 'The exposure set is empty.');
    expect(bare.details).toStrictEqual({});
    expect(Object.isFrozen(bare.details)).toBe(true);
    expect('cause' in bare).toBe(false);
    const root = new CatalogError(CATALOG_ERROR_CODES.INVALID_INPUT_ROOT, 'Root.', { path: '' });
    expect(root.details).toStrictEqual({ path: '' });
  });
});
