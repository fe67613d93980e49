/*
 * Invariant: every defect of a document is found when it is compiled, before any value is judged,
 * and `compileGates` finds every defect of a server's documents at once, each under its key.
 */
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, compileGates, judge } from '../src/index.ts';
import { SERVER_DOCUMENTS, validShipment } from './fixtures/documents.ts';

describe('compiled gates', () => {
  it('are cached per document object', () => {
    const document = { type: 'object', properties: {} };
    expect(compileGate(document)).toBe(compileGate(document));
    expect(compileGate({ ...document })).not.toBe(compileGate(document));
  });
});

describe('defects of the document', () => {
  const defect = (document: unknown) => {
    try {
      compileGate(document as SchemaNode);
    } catch (error) {
      if (error instanceof SchemaDefectError) return { code: error.code, path: error.details.path };
      throw error;
    }
    throw new Error('expected a defect');
  };

  it('an unresolvable $ref throws at compile time, even where no value reaches it', () => {
    const document = {
      type: 'object',
      properties: { a: { type: 'string' } },
      $defs: { Unused: { $ref: '#/$defs/Missing' } },
    };
    expect(defect(document)).toEqual({
      code: SCHEMA_ERROR_CODES.UNRESOLVABLE_REF,
      path: '#/$defs/Missing',
    });
    expect(() => judge({ a: 'x' }, document)).toThrow(SchemaDefectError);
  });

  it('a non-local $ref throws', () => {
    expect(defect({ $ref: 'https://example.com/schema' }).code).toBe(
      SCHEMA_ERROR_CODES.NON_LOCAL_REF,
    );
  });

  it('a keyword the gate does not judge throws, naming where', () => {
    expect(
      defect({ type: 'object', properties: { a: { type: 'string', contentEncoding: 'base64' } } }),
    ).toEqual({
      code: SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT,
      path: '/properties/a/contentEncoding',
    });
    expect(defect({ oneOf: [true] }).code).toBe(SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT);
  });

  it('a format the gate does not assert throws', () => {
    expect(defect({ type: 'string', format: 'iri' })).toEqual({
      code: SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT,
      path: '/format',
    });
  });

  it.each([
    [{ type: 'text' }, '/type'],
    [{ type: [] }, '/type'],
    [{ required: 'a' }, '/required'],
    [{ enum: 'a' }, '/enum'],
    [{ minimum: '1' }, '/minimum'],
    [{ maximum: Number.POSITIVE_INFINITY }, '/maximum'],
    [{ exclusiveMinimum: Number.NaN }, '/exclusiveMinimum'],
    [{ minLength: -1 }, '/minLength'],
    [{ maxLength: 1.5 }, '/maxLength'],
    [{ items: [true] }, '/items'],
    [{ anyOf: [] }, '/anyOf'],
    [{ properties: { a: 1 } }, '/properties/a'],
    [{ $ref: 5 }, '/$ref'],
  ])('a malformed keyword throws: %o', (document, path) => {
    expect(defect(document)).toEqual({ code: SCHEMA_ERROR_CODES.MALFORMED_SCHEMA, path });
  });

  it('a cycle of references that never descends into the value throws', () => {
    expect(
      defect({
        $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }] } },
        $ref: '#/$defs/a',
      }).code,
    ).toBe(SCHEMA_ERROR_CODES.MALFORMED_SCHEMA);
  });

  it('a document that is not a schema throws', () => {
    expect(defect(null).code).toBe(SCHEMA_ERROR_CODES.MALFORMED_SCHEMA);
  });
});

describe('defect messages', () => {
  it.each([
    [{ type: 'string', contentEncoding: 'base64' }],
    [{ type: 'string', format: 'iri' }],
    [{ type: 'text' }],
    [{ enum: 'a' }],
    [{ minimum: '1' }],
    [{ required: 'a' }],
    [{ properties: 1 }],
    [{ properties: { a: 1 } }],
    [{ items: [true] }],
    [{ anyOf: [] }],
    [{ $defs: 1 }],
    [{ $ref: 5 }],
    [{ $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }],
    [null],
  ])('are whole sentences that say what to do: %o', (document) => {
    let message = '';
    try {
      compileGate(document as SchemaNode);
    } catch (error) {
      if (!(error instanceof SchemaDefectError)) throw error;
      message = error.message;
    }
    // The path is the error's own field, never glued onto the message.
    expect(message).toMatch(/^[A-Z].*; .*\.$/);
    expect(message).not.toMatch(/\(at /);
  });
});

describe('compileGates', () => {
  it('compiles every document at once, each key to its gate or its defect', () => {
    const compiled = compileGates(SERVER_DOCUMENTS);
    expect(Object.keys(compiled)).toEqual(Object.keys(SERVER_DOCUMENTS));
    const broken = compiled['lookup/broken'];
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(broken.error).toBeInstanceOf(SchemaDefectError);
    expect(broken.error.code).toBe(SCHEMA_ERROR_CODES.UNRESOLVABLE_REF);
    expect(broken.error.details.path).toBe('#/$defs/Identifier');
    for (const key of ['create_shipment/canonical', 'ping/canonical', 'echo/open'] as const) {
      const result = compiled[key];
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value).toBe(compileGate(SERVER_DOCUMENTS[key]));
    }
  });

  it('hands back gates that judge as compileGate does, and never throw when judging', () => {
    const compiled = compileGates(SERVER_DOCUMENTS);
    const shipment = compiled['create_shipment/canonical'];
    if (!shipment.ok) throw new Error('expected a gate');
    expect(shipment.value.judge(validShipment())).toEqual({ ok: true });
    expect(shipment.value.judge({}).ok).toBe(false);
    const ping = compiled['ping/canonical'];
    if (!ping.ok) throw new Error('expected a gate');
    expect(ping.value.admits({ extra: 1 })).toBe(false);
  });

  it('reports every defective document, not only the first', () => {
    const compiled = compileGates({
      unsupported: { type: 'string', contentEncoding: 'base64' },
      fine: { type: 'string' },
      format: { type: 'string', format: 'iri' },
      remote: { $ref: 'https://example.com/schema' },
      notASchema: null as unknown as SchemaNode,
    });
    const codes = Object.fromEntries(
      Object.entries(compiled).map(([key, result]) => [
        key,
        result.ok ? 'ok' : `${result.error.code} ${result.error.details.path}`,
      ]),
    );
    expect(codes).toEqual({
      unsupported: 'UNSUPPORTED_CONSTRUCT /contentEncoding',
      fine: 'ok',
      format: 'UNSUPPORTED_CONSTRUCT /format',
      remote: 'NON_LOCAL_REF https://example.com/schema',
      notASchema: 'MALFORMED_SCHEMA ',
    });
  });

  it('returns a frozen record whose results are frozen, keyed by any name', () => {
    const documents = JSON.parse('{"__proto__": {"type": "string"}, "constructor": false}');
    const compiled = compileGates(documents as Record<string, SchemaNode>);
    expect(Object.isFrozen(compiled)).toBe(true);
    expect(Object.keys(compiled)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(compiled)).toBe(Object.prototype);
    for (const result of Object.values(compiled)) {
      expect(Object.isFrozen(result)).toBe(true);
      expect(result.ok).toBe(true);
    }
    expect(compileGates({})).toEqual({});
  });

  it('throws what is no defect of a document rather than filing it under a key', () => {
    const unreadable = {
      get type(): string {
        throw new RangeError('not a document defect');
      },
    };
    expect(() => compileGates({ fine: true, unreadable: unreadable as SchemaNode })).toThrow(
      RangeError,
    );
  });
});

describe('documents nested far past the engine stack', () => {
  /** Levels far beyond what a recursion on the engine's stack could follow. */
  const LEVELS = 20_000;

  const wrapped = (leaf: object, wrap: (inner: object) => object): SchemaNode => {
    let schema = leaf;
    for (let level = 0; level < LEVELS; level++) schema = wrap(schema);
    return schema as SchemaNode;
  };
  const arrays = (leaf: unknown): unknown => {
    let value = leaf;
    for (let level = 0; level < 999; level++) value = [value];
    return value;
  };
  const chain: Record<string, object> = {};
  for (let i = 0; i < LEVELS; i++) chain[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  chain[`d${LEVELS}`] = { type: 'integer' };

  const DOCUMENTS = {
    items: wrapped({ type: 'integer' }, (items) => ({ type: 'array', items })),
    alternatives: wrapped({ type: 'integer' }, (inner) => ({ anyOf: [inner] })),
    references: { $ref: '#/$defs/d0', $defs: chain },
    properties: wrapped({ type: 'integer' }, (a) => ({ type: 'object', properties: { a } })),
  };

  it('compile, each under its key, and judge any value the decoder admits', () => {
    const compiled = compileGates(DOCUMENTS);
    const gate = (key: keyof typeof DOCUMENTS) => {
      const result = compiled[key];
      if (!result.ok) throw result.error;
      return result.value;
    };
    expect(gate('items').judge(arrays([]))).toEqual({ ok: true });
    const wrong = gate('items').judge(arrays(['x']));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.refusal.issues[0]?.code).toBe('TYPE_MISMATCH');
    expect(gate('alternatives').judge(1)).toEqual({ ok: true });
    expect(gate('alternatives').judge('x')).toMatchObject({
      ok: false,
      refusal: { issues: [{ path: '', code: 'NO_ALTERNATIVE', types: ['integer'] }] },
    });
    expect(gate('references').judge(1)).toEqual({ ok: true });
    expect(gate('references').judge(1.5)).toMatchObject({
      ok: false,
      refusal: { issues: [{ path: '', code: 'TYPE_MISMATCH', types: ['integer'] }] },
    });
    expect(gate('properties').judge({ a: { a: {} } })).toEqual({ ok: true });
    expect(gate('properties').judge({ a: { a: 1 } }).ok).toBe(false);
  });

  it('refuse an enum or const value nested deeper than any decoded JSON as a defect', () => {
    let member: unknown = 1;
    for (let level = 0; level < 1001; level++) member = [member];
    const compiled = compileGates({
      enum: { enum: [member] },
      const: { const: member },
      shallow: { enum: [[[1]]] },
    });
    const codes = Object.fromEntries(
      Object.entries(compiled).map(([key, result]) => [
        key,
        result.ok ? 'ok' : `${result.error.code} ${result.error.details.path}`,
      ]),
    );
    expect(codes).toEqual({
      enum: 'MALFORMED_SCHEMA /enum',
      const: 'MALFORMED_SCHEMA /const',
      shallow: 'ok',
    });
  });
});
