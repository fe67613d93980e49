/*
 * The token resolver holds only hashes: a presented token resolves to its consumer, anything else
 * to no consumer, and a configuration that is not a consumer and a SHA-256 is refused at start.
 */
import { describe, expect, it } from 'vitest';
import { createTokenResolver, hashToken } from '../src/consumers.ts';
import { SERVER_ERROR_CODES, ServerError } from '../src/errors.ts';

describe('createTokenResolver', () => {
  const resolver = createTokenResolver([
    { consumer: 'alice', tokenSha256: hashToken('a-token') },
    { consumer: 'bob', tokenSha256: hashToken('b-token').toUpperCase() },
  ]);

  it('resolves a known token to its consumer and anything else to none', () => {
    expect(resolver.resolve('a-token')).toBe('alice');
    expect(resolver.resolve('b-token')).toBe('bob');
    expect(resolver.resolve('a-token ')).toBeUndefined();
    expect(resolver.resolve('')).toBeUndefined();
    expect(resolver.resolve(hashToken('a-token'))).toBeUndefined();
  });

  it.each([
    [[{ consumer: '', tokenSha256: hashToken('x') }]],
    [[{ consumer: 'c', tokenSha256: 'abc' }]],
    [[{ consumer: 'c', token: 'plain' }]],
    ['not a list'],
  ])('refuses a malformed configuration %#', (entries) => {
    expect(() => createTokenResolver(entries as never)).toThrow(ServerError);
    try {
      createTokenResolver(entries as never);
    } catch (error) {
      expect((error as ServerError).code).toBe(SERVER_ERROR_CODES.INVALID_OPTIONS);
    }
  });
});
