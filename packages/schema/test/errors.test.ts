/**
 * Guards the stable defect codes: the frozen table is pinned (other packages and logs match on its
 * values), and a SchemaDefectError carries its code, its frozen details and its cause, with a
 * message that is the sentence given and nothing glued onto it.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../src/index.ts';

describe('SchemaDefectError', () => {
  it('pins every code in a frozen table whose keys equal their values', () => {
    expect(SCHEMA_ERROR_CODES).toEqual({
      UNRESOLVABLE_REF: 'UNRESOLVABLE_REF',
      NON_LOCAL_REF: 'NON_LOCAL_REF',
      UNSUPPORTED_CONSTRUCT: 'UNSUPPORTED_CONSTRUCT',
      MALFORMED_SCHEMA: 'MALFORMED_SCHEMA',
      CONFLICTING_DEFINITION: 'CONFLICTING_DEFINITION',
      NOT_JSON: 'NOT_JSON',
      INVALID_PATTERN: 'INVALID_PATTERN',
      INVALID_MCP_HEADER: 'INVALID_MCP_HEADER',
    });
    expect(Object.isFrozen(SCHEMA_ERROR_CODES)).toBe(true);
  });

  it('carries code, details and cause; the message is the sentence alone', () => {
    const cause = new Error('inner');
    const error = new SchemaDefectError(
      'UNRESOLVABLE_REF',
      'The reference resolves to nothing; correct it.',
      { path: '/properties/a', cause },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SchemaDefectError');
    expect(error.code).toBe('UNRESOLVABLE_REF');
    expect(error.details).toEqual({ path: '/properties/a' });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('The reference resolves to nothing; correct it.');
    expect(Object.hasOwn(error, 'path')).toBe(false);
  });

  it('has no cause unless one is given', () => {
    const error = new SchemaDefectError('MALFORMED_SCHEMA', 'Bad.', { path: '' });
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(error.details.path).toBe('');
  });
});
