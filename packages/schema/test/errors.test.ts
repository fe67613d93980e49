/**
 * Guards the stable defect codes: their values are pinned (other packages and logs match on them)
 * and a SchemaDefectError carries its code and path and names the location in its message.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_DEFECT_CODES, SchemaDefectError } from '../src/index.ts';

describe('SchemaDefectError', () => {
  it('pins every code', () => {
    expect(SCHEMA_DEFECT_CODES).toEqual({
      UNRESOLVABLE_REF: 'UNRESOLVABLE_REF',
      NON_LOCAL_REF: 'NON_LOCAL_REF',
      UNSUPPORTED_CONSTRUCT: 'UNSUPPORTED_CONSTRUCT',
      MALFORMED_SCHEMA: 'MALFORMED_SCHEMA',
      CONFLICTING_DEFINITION: 'CONFLICTING_DEFINITION',
    });
  });

  it('carries code, path and cause, and names the location', () => {
    const cause = new Error('inner');
    const error = new SchemaDefectError('UNRESOLVABLE_REF', '/properties/a', 'no such place', {
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SchemaDefectError');
    expect(error.code).toBe('UNRESOLVABLE_REF');
    expect(error.path).toBe('/properties/a');
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('no such place (at /properties/a)');
    expect(new SchemaDefectError('MALFORMED_SCHEMA', '', 'bad').message).toBe('bad (at the root)');
  });
});
