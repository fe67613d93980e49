/**
 * Guards `freezeJson`, the one deep freeze of a JSON document: every array and object reachable
 * through own enumerable properties is frozen (behind an already frozen shell, through shared
 * subtrees and cycles, under a `__proto__` key), the argument is returned, and scalars pass through.
 */
import { describe, expect, it } from 'vitest';
import { freezeJson } from '../src/document.ts';
import { publishCanonical } from '../src/index.ts';
import { PUBLISHER_FIXTURES } from './fixtures/publisher.ts';

/** Every object and array inside `value`. */
function containers(value: unknown, into: object[] = []): object[] {
  if (typeof value === 'object' && value !== null && !into.includes(value)) {
    into.push(value);
    for (const item of Object.values(value)) containers(item, into);
  }
  return into;
}

describe('freezeJson', () => {
  it('freezes every published document whole and returns it', () => {
    for (const fixture of PUBLISHER_FIXTURES) {
      const document = publishCanonical(fixture.schema);
      expect(freezeJson(document)).toBe(document);
      for (const inner of containers(document)) expect(Object.isFrozen(inner)).toBe(true);
    }
  });

  it('walks behind a frozen shell, through shared subtrees, cycles and a __proto__ key', () => {
    const shared = { deep: [{ x: 1 }] };
    const hidden = JSON.parse('{"__proto__":{"inner":[1]}}') as Record<string, unknown>;
    const cyclic: Record<string, unknown> = { list: [] };
    cyclic['self'] = cyclic;
    const value = Object.freeze({ a: shared, b: [shared], hidden, cyclic });
    freezeJson(value);
    for (const inner of containers(value)) expect(Object.isFrozen(inner)).toBe(true);
    expect(Object.isFrozen(Object.getOwnPropertyDescriptor(hidden, '__proto__')?.value)).toBe(true);
    expect(Object.isFrozen(Object.prototype)).toBe(false);
  });

  it('passes scalars through', () => {
    expect(freezeJson(null)).toBeNull();
    expect(freezeJson(3n)).toBe(3n);
    expect(freezeJson('x')).toBe('x');
  });
});
