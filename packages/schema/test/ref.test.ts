/**
 * Guards local `$ref` resolution: RFC 6901 unescaping (`~1` before `~0`, percent-decoding first),
 * array indexes, local references only, and a defect (never a silent miss) from `resolveRef`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defRef,
  escapePointerSegment,
  refOf,
  refSegments,
  resolveRef,
  tryResolveRef,
} from '../src/document.ts';
import { SchemaDefectError } from '../src/index.ts';

const document = {
  $defs: {
    Plain: { type: 'string' },
    'a/b': { type: 'integer' },
    'm~n': { type: 'boolean' },
    '~1': { title: 'tilde one' },
    'with space': { type: 'number' },
    é: { type: 'null' },
    '': { title: 'empty name' },
  },
  prefixItems: [{ type: 'string' }, true],
  properties: { note: { const: 'not a schema', nested: 3 } },
};

describe('refSegments', () => {
  it('splits and unescapes pointer segments', () => {
    expect(refSegments('#')).toEqual([]);
    expect(refSegments('#/$defs/Plain')).toEqual(['$defs', 'Plain']);
    expect(refSegments('#/$defs/a~1b')).toEqual(['$defs', 'a/b']);
    expect(refSegments('#/$defs/m~0n')).toEqual(['$defs', 'm~n']);
    expect(refSegments('#/$defs/~01')).toEqual(['$defs', '~1']);
    expect(refSegments('#/$defs/with%20space')).toEqual(['$defs', 'with space']);
    expect(refSegments('#/$defs/%C3%A9')).toEqual(['$defs', 'é']);
    expect(refSegments('#/$defs/')).toEqual(['$defs', '']);
  });

  it.each([
    ['a URL', 'https://example.com/schema#/$defs/A'],
    ['a relative file', 'other.json#/$defs/A'],
    ['an anchor', '#Anchor'],
  ])('refuses %s as non-local', (_name, ref) => {
    expect(() => refSegments(ref)).toThrow(
      expect.objectContaining({ code: 'NON_LOCAL_REF', details: { path: ref } }),
    );
  });

  it('refuses a malformed percent escape', () => {
    expect(() => refSegments('#/$defs/%E0%A4%A')).toThrow(
      expect.objectContaining({ code: 'UNRESOLVABLE_REF' }),
    );
  });
});

describe('resolution', () => {
  it('resolves definitions, escaped names and array indexes', () => {
    expect(resolveRef(document, '#')).toBe(document);
    expect(resolveRef(document, '#/$defs/Plain')).toEqual({ type: 'string' });
    expect(resolveRef(document, '#/$defs/a~1b')).toEqual({ type: 'integer' });
    expect(resolveRef(document, '#/$defs/m~0n')).toEqual({ type: 'boolean' });
    expect(resolveRef(document, '#/$defs/~01')).toEqual({ title: 'tilde one' });
    expect(resolveRef(document, '#/$defs/with%20space')).toEqual({ type: 'number' });
    expect(resolveRef(document, '#/$defs/%C3%A9')).toEqual({ type: 'null' });
    expect(resolveRef(document, '#/$defs/')).toEqual({ title: 'empty name' });
    expect(resolveRef(document, '#/prefixItems/0')).toEqual({ type: 'string' });
    expect(resolveRef(document, '#/prefixItems/1')).toBe(true);
  });

  it.each([
    ['a missing definition', '#/$defs/Missing'],
    ['a leading-zero index', '#/prefixItems/01'],
    ['an index past the end', '#/prefixItems/2'],
    ['a value that is not a schema', '#/properties/note/nested'],
    ['an inherited name', '#/$defs/constructor'],
    ['a walk through a string', '#/$defs/Plain/type/0'],
  ])('does not resolve %s', (_name, ref) => {
    expect(tryResolveRef(document, ref)).toBeUndefined();
    expect(() => resolveRef(document, ref)).toThrow(SchemaDefectError);
    expect(() => resolveRef(document, ref)).toThrow(
      expect.objectContaining({ code: 'UNRESOLVABLE_REF', details: { path: ref } }),
    );
  });

  it('still refuses a non-local reference from tryResolveRef', () => {
    expect(() => tryResolveRef(document, 'http://x/y')).toThrow(
      expect.objectContaining({ code: 'NON_LOCAL_REF' }),
    );
  });
});

describe('helpers', () => {
  it('escapes segments and builds definition references that resolve', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    expect(escapePointerSegment('~1')).toBe('~01');
    expect(defRef('a/b')).toBe('#/$defs/a~1b');
    for (const name of Object.keys(document.$defs)) {
      expect(resolveRef(document, defRef(name))).toBe(
        document.$defs[name as keyof typeof document.$defs],
      );
    }
  });

  it('percent-encodes what a URI fragment cannot hold, so every name round-trips', () => {
    expect(defRef('50%')).toBe('#/$defs/50%25');
    expect(defRef('a%41')).toBe('#/$defs/a%2541');
    expect(defRef('with space')).toBe('#/$defs/with%20space');
    expect(defRef('é#"')).toBe('#/$defs/%C3%A9%23%22');
    expect(defRef("Plain-1._~!$&'()*+,;=:@")).toBe("#/$defs/Plain-1._~0!$&'()*+,;=:@");
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(refSegments(defRef(name))).toEqual(['$defs', name]);
        const target = { title: 'target' };
        expect(resolveRef({ $defs: { [name]: target } }, defRef(name))).toBe(target);
      }),
    );
  });

  it('refuses a definition name no URI can hold (a lone surrogate) as a defect', () => {
    expect(() => defRef('a\uD800')).toThrow(
      expect.objectContaining({ code: 'MALFORMED_SCHEMA', details: { path: '/$defs/a\uD800' } }),
    );
  });

  it('reads a string $ref only', () => {
    expect(refOf({ $ref: '#/$defs/A' })).toBe('#/$defs/A');
    expect(refOf({ $ref: 3 })).toBeUndefined();
    expect(refOf({})).toBeUndefined();
    expect(refOf(true)).toBeUndefined();
  });
});
