/**
 * Pins DialectError's shape: a stable `code` from the frozen DIALECT_ERROR_CODES, the facts in a
 * frozen `details` holding only the ones given (never glued onto the message), the underlying
 * error as `cause`, and every message a whole sentence that starts with a capital and names no
 * dialect in front.
 */
import { describe, expect, it } from 'vitest';
import { DIALECT_ERROR_CODES, DIALECT_NAMES, DIALECTS, DialectError } from '../src/index.ts';
import { SCHEMA_2020 } from './fixtures/catalog.ts';
import { diamond } from './fixtures/diamond.ts';

function thrown(fn: () => unknown): DialectError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DialectError) return error;
    throw error;
  }
  throw new Error('expected a DialectError');
}

describe('DialectError', () => {
  it('keeps the facts in frozen details, the message as given and the cause', () => {
    const cause = new RangeError('inner');
    const error = new DialectError(DIALECT_ERROR_CODES.LIMIT_EXCEEDED, 'The rendering is large.', {
      dialect: 'openai_strict',
      limit: 'properties',
      path: '/properties/a',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DialectError');
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('The rendering is large.');
    expect(error.details).toEqual({
      dialect: 'openai_strict',
      limit: 'properties',
      path: '/properties/a',
    });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error).not.toHaveProperty('dialect');
    expect(error).not.toHaveProperty('limit');
  });

  it('holds only the facts that apply, and no cause when none is given', () => {
    const error = new DialectError(DIALECT_ERROR_CODES.ROOT_NOT_OBJECT, 'No object root.', {
      dialect: 'nova',
      limit: undefined,
    });
    expect(Object.keys(error.details)).toEqual(['dialect']);
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(
      new DialectError(DIALECT_ERROR_CODES.ROOT_NOT_OBJECT, 'No object root.').details,
    ).toEqual({});
  });

  it('is thrown by every dialect with a whole-sentence message that names no dialect in front', () => {
    const messages = [
      thrown(() => DIALECTS.openai_strict.publish(diamond(4, 8), 'input')).message,
      thrown(() => DIALECTS.nova.publish({ $schema: SCHEMA_2020, type: 'array' }, 'input')).message,
    ];
    for (const message of messages) {
      expect(message).toMatch(/^[A-Z].*\.$/s);
      for (const name of DIALECT_NAMES) expect(message.startsWith(name)).toBe(false);
    }
  });
});
