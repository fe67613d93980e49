/*
 * Invariant: what each keyword module decides is what a caller sees, on both paths: the compiled
 * checker's verdict (`admits`), the interpreter's verdict, and the refusal's issues and words. Each
 * case here is one a wrong change to a keyword module would otherwise pass unnoticed (found by
 * mutation testing, see docs/mutation/gate.md).
 */
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, type GateIssue, judge } from '../src/index.ts';
import { lineOf, gateVerdict as verdict } from './support/verdicts.ts';

/** The issues of the refusal of `value`; fails when it is admitted. */
function issuesOf(value: unknown, document: SchemaNode): readonly GateIssue[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.issues;
}

describe('multipleOf', () => {
  const big = { type: 'integer', multipleOf: 2n ** 62n } as const;

  it('judges a safe integer against a bigint divisor, exactly and as a multiple', () => {
    expect(verdict(0, big)).toBe(true);
    expect(verdict(-0, big)).toBe(true);
    expect(verdict(4, big)).toBe(false);
    expect(issuesOf(4, big)).toEqual([{ path: '', code: 'NOT_MULTIPLE', multipleOf: 2n ** 62n }]);
    expect(lineOf(4, big)).toBe('- The arguments must be a multiple of 4611686018427387904.');
  });

  it('refuses a fraction as no multiple, with the divisor, never as unjudgeable', () => {
    for (const document of [
      { type: 'number', multipleOf: 3 },
      { type: 'number', multipleOf: 2n ** 62n },
    ] as const) {
      expect(verdict(1.5, document)).toBe(false);
      expect(issuesOf(1.5, document)).toEqual([
        { path: '', code: 'NOT_MULTIPLE', multipleOf: document.multipleOf },
      ]);
    }
  });

  it('refuses a bigint divisor that is not positive, and a double past 2^53, as defects', () => {
    for (const bad of [0n, -4n, 2 ** 60])
      expect(() => compileGate({ type: 'integer', multipleOf: bad } as never)).toThrow(
        /declare an integer in smaller units/,
      );
  });
});

describe('uniqueItems', () => {
  const unique = { type: 'array', uniqueItems: true } as const;
  /** `count` distinct strings, the first item of a value, so later strings are known ones. */
  const strings = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`);

  it('tells apart arrays whose items differ only in where one ends and the next begins', () => {
    // Pairs [a, bc] and [ab, c] of items keyed in turn hold different values, however the
    // items' keys are spelled next to each other.
    const known = strings(40);
    const pairs: unknown[] = [known];
    for (const first of [...known, false, true, null])
      for (const second of [...known, false, true, null]) pairs.push([first, second]);
    expect(verdict(pairs, unique)).toBe(true);
    expect(verdict([...pairs, [known[7], known[3]]], unique)).toBe(false);
  });

  it('tells apart objects whose names and values differ only in where one ends', () => {
    const known = strings(40);
    const objects: unknown[] = [known];
    for (const name of known)
      for (const value of [...known, false, true, null]) objects.push({ [name]: value });
    expect(verdict(objects, unique)).toBe(true);
    expect(verdict([...objects, { [known[7] as string]: known[3] }], unique)).toBe(false);
  });

  it('tells apart objects by their names, and true from false inside arrays', () => {
    expect(verdict([{ a: 1 }, { b: 1 }], unique)).toBe(true);
    expect(verdict([{ a: 1 }, { b: 1 }, { a: 1 }], unique)).toBe(false);
    expect(issuesOf([{ a: 1 }, { b: 1 }, { a: 1 }], unique)).toEqual([
      { path: '', code: 'DUPLICATE_ITEMS', indexes: [0, 2] },
    ]);
    expect(verdict([[true], [false], [null], [0], ['']], unique)).toBe(true);
    expect(verdict([[true], [false], [true]], unique)).toBe(false);
    expect(verdict([[false], [null], [false]], unique)).toBe(false);
  });
});

/** `[value]` nested `depth` arrays deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('the defects of a keyword', () => {
  const { MALFORMED_SCHEMA, UNSUPPORTED_CONSTRUCT, INVALID_PATTERN } = SCHEMA_ERROR_CODES;
  const cases: ReadonlyArray<readonly [object, string, string, RegExp]> = [
    [{ type: ['string', 'string'] }, MALFORMED_SCHEMA, '/type', /`type`/],
    [{ type: [1] }, MALFORMED_SCHEMA, '/type', /`type`/],
    [{ type: ['string', 'text'] }, MALFORMED_SCHEMA, '/type', /`type`/],
    [{ type: 'array', uniqueItems: 1 }, MALFORMED_SCHEMA, '/uniqueItems', /`uniqueItems`/],
    [{ type: 'string', pattern: 4 }, MALFORMED_SCHEMA, '/pattern', /`pattern` does not hold/],
    [{ type: 'string', pattern: '(' }, INVALID_PATTERN, '/pattern', /`pattern` holds no/],
    [{ multipleOf: 0 }, UNSUPPORTED_CONSTRUCT, '/multipleOf', /`multipleOf`/],
    [{ type: 'string', format: 'iri' }, UNSUPPORTED_CONSTRUCT, '/format', /`uuid`, `email`/],
    [{ type: 'string', nullable: 1 }, MALFORMED_SCHEMA, '/nullable', /`nullable`/],
    [{ type: 'array', maxItems: -1 }, MALFORMED_SCHEMA, '/maxItems', /`maxItems`/],
    [{ items: [true] }, MALFORMED_SCHEMA, '/items', /`items`/],
    [{ enum: 1 }, MALFORMED_SCHEMA, '/enum', /`enum` does not hold/],
    [{ enum: [nested(1001)] }, MALFORMED_SCHEMA, '/enum', /`enum` holds a value nested/],
    [{ const: nested(1001) }, MALFORMED_SCHEMA, '/const', /`const` holds a value nested/],
    [{ required: ['a', 'a'] }, MALFORMED_SCHEMA, '/required', /`required`/],
    [{ required: [1] }, MALFORMED_SCHEMA, '/required', /`required`/],
    [{ properties: [] }, MALFORMED_SCHEMA, '/properties', /`properties`/],
    [{ anyOf: {} }, MALFORMED_SCHEMA, '/anyOf', /`anyOf`/],
    [{ $ref: 1 }, MALFORMED_SCHEMA, '/$ref', /`\$ref`/],
    [{ $defs: [] }, MALFORMED_SCHEMA, '/$defs', /`\$defs`/],
  ];
  it.each(cases.map(([document, code, path, words]) => [path, document, code, words] as const))(
    'a malformed %s is a defect there, told in a sentence naming the keyword',
    (path, document, code, words) => {
      let error: unknown;
      try {
        compileGate(document as unknown as SchemaNode);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(SchemaDefectError);
      const defect = error as SchemaDefectError;
      expect({ code: defect.code, path: defect.details.path }).toEqual({ code, path });
      expect(defect.message).toMatch(words);
      expect(defect.message).toMatch(/^The .*; .*\.$/);
    },
  );

  it('admits values nested as deep as a declared value may be', () => {
    expect(verdict(nested(1000), { enum: [nested(1000)] })).toBe(true);
    expect(verdict(nested(1000), { const: nested(1000) })).toBe(true);
  });
});

describe('properties', () => {
  it('reads declared names that are no identifiers, on both paths', () => {
    const names = ['1a', 'a-b', 'a b', 'ab1', '$x', '_y', 'é', '', 'a.b', 'x]'];
    const document = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])),
      required: names,
      additionalProperties: false,
    } as SchemaNode;
    const value = Object.fromEntries(names.map((name) => [name, 1]));
    expect(verdict(value, document)).toBe(true);
    for (const name of names) {
      expect(verdict({ ...value, [name]: 'x' }, document)).toBe(false);
      expect(issuesOf({ ...value, [name]: 'x' }, document)).toEqual([
        { path: `/${name}`, code: 'TYPE_MISMATCH', types: ['integer'] },
      ]);
    }
  });
});

describe('nullable and $defs', () => {
  it('adds null once to types and members that already hold it', () => {
    expect(issuesOf(1, { type: ['string', 'null'], nullable: true })).toEqual([
      { path: '', code: 'TYPE_MISMATCH', types: ['string', 'null'] },
    ]);
    expect(issuesOf('c', { enum: ['a', null], nullable: true })).toEqual([
      { path: '', code: 'NOT_IN_ENUM', values: ['a', null] },
    ]);
    expect(issuesOf(1, { type: 'string', nullable: true })).toEqual([
      { path: '', code: 'TYPE_MISMATCH', types: ['string', 'null'] },
    ]);
    expect(issuesOf('c', { enum: ['a'], nullable: true })).toEqual([
      { path: '', code: 'NOT_IN_ENUM', values: ['a', null] },
    ]);
  });

  it('admits null beside a few members and beside many, on both paths', () => {
    expect(verdict(null, { enum: [1, 2, 3], nullable: true })).toBe(true);
    expect(verdict(null, { enum: [1, 2, 3, 4, 5, 6, 7, 8], nullable: true })).toBe(true);
    expect(verdict(9, { enum: [1, 2, 3, 4, 5, 6, 7, 8], nullable: true })).toBe(false);
  });

  it('finds the defect of a definition no value reaches, at its escaped pointer', () => {
    for (const [name, segment] of [
      ['unused', 'unused'],
      ['a/b~c', 'a~1b~0c'],
    ] as const) {
      let error: unknown;
      try {
        compileGate({ $defs: { [name]: { type: 'text' } }, type: 'string' });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(SchemaDefectError);
      expect((error as SchemaDefectError).details.path).toBe(`/$defs/${segment}/type`);
    }
  });
});

describe('items', () => {
  it('tells a wrong item at its index, without the note of an optional value', () => {
    const document = { type: 'array', items: { type: 'integer' } } as const;
    expect(verdict([1, 'x', 2], document)).toBe(false);
    expect(issuesOf([1, 'x', 2], document)).toEqual([
      { path: '/1', code: 'TYPE_MISMATCH', types: ['integer'] },
    ]);
    expect(lineOf([1, 'x', 2], document)).toBe('- The value at `/1` must be an integer.');
  });

  it('finds a defect of the item schema at its pointer below `items`', () => {
    let error: unknown;
    try {
      compileGate({ type: 'array', items: { type: 'text' } });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SchemaDefectError);
    expect((error as SchemaDefectError).details.path).toBe('/items/type');
  });
});
