import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, judge } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from './fixtures/documents.ts';
import { codesOf, issuesOf, ok } from './support/judged.ts';

describe('a realistic document', () => {
  it('admits a valid value', () => {
    expect(judge(validShipment(), SHIPMENT_DOCUMENT)).toEqual(ok);
  });

  it('refuses three faults at three depths, each at its declared path', () => {
    const value = validShipment();
    (value.items as Record<string, unknown>[])[1] = {
      sku: 'X',
      quantity: 0,
      unit_price_cents: 1,
    };
    (value.customer as Record<string, unknown>).tier = 'platinum';
    value.requested_at = '2024-02-30T10:00:00Z';
    expect(codesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      '/customer/tier NOT_IN_ENUM',
      '/items/1/quantity OUT_OF_RANGE',
      '/requested_at FORMAT_MISMATCH',
    ]);
  });
});

describe('undeclared properties', () => {
  it('are refused at the root as a count against the accepted names', () => {
    const value = { ...validShipment(), inventedName: 1, another: 2 };
    expect(issuesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      {
        path: '',
        code: GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
        count: 2,
        names: Object.keys(SHIPMENT_DOCUMENT.properties),
      },
    ]);
  });

  it('are refused in a nested object, an array item and through a recursive $ref', () => {
    const value = validShipment();
    (value.customer as Record<string, unknown>).vip = true;
    (value.items as Record<string, unknown>[])[2] = {
      sku: 'A',
      quantity: 1,
      unit_price_cents: 1,
      colour: 'red',
    };
    value.category = {
      name: 'a',
      subcategories: [{ name: 'b', subcategories: [{ name: 'c', depth: 3 }] }],
    };
    value.shipping_address = {
      line1: 'a',
      city: 'b',
      postal_code: 'c',
      country: 'DE',
      floor: 2,
    };
    expect(codesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      '/customer UNDECLARED_PROPERTY',
      '/items/2 UNDECLARED_PROPERTY',
      '/shipping_address UNDECLARED_PROPERTY',
      '/category/subcategories/0/subcategories/0 UNDECLARED_PROPERTY',
    ]);
  });

  it('include the reserved artifact_refs when the document does not declare it', () => {
    expect(codesOf({ ...validShipment(), artifact_refs: [] }, SHIPMENT_DOCUMENT)).toEqual([
      ' UNDECLARED_PROPERTY',
    ]);
  });

  it('are admitted where the document leaves the object open', () => {
    expect(
      judge(
        { a: 1, anything: { x: [1, 'two'] } },
        { type: 'object', properties: { a: { type: 'integer' } } },
      ),
    ).toEqual(ok);
  });
});

describe('required properties', () => {
  it('are refused when missing, at the missing name with its declared facts', () => {
    const value = validShipment();
    delete value.priority;
    expect(issuesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      {
        path: '/priority',
        code: GATE_ISSUE_CODES.MISSING_PROPERTY,
        types: ['string'],
        values: ['standard', 'express', 'overnight'],
      },
    ]);
  });

  it('report the definition behind a $ref when missing', () => {
    const value = validShipment();
    delete value.shipping_address;
    expect(issuesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      { path: '/shipping_address', code: GATE_ISSUE_CODES.MISSING_PROPERTY, types: ['object'] },
    ]);
  });

  it('judge a present null by type: null is not absence', () => {
    const document = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    } as const;
    expect(issuesOf({ a: null }, document)).toEqual([
      { path: '/a', code: GATE_ISSUE_CODES.TYPE_MISMATCH, types: ['string'] },
    ]);
  });

  it('admit null under the strict spellings that declare it, and refuse it elsewhere', () => {
    const strict = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { anyOf: [{ $ref: '#/$defs/E' }, { type: 'null' }] },
      },
      required: ['a', 'b'],
      additionalProperties: false,
      $defs: { E: { type: 'string', enum: ['x', 'y'] } },
    } as const;
    expect(judge({ a: null, b: null }, strict)).toEqual(ok);
    expect(judge({ a: 'x', b: 'y' }, strict)).toEqual(ok);
    expect(codesOf({ a: 1, b: 'z' }, strict)).toEqual(['/a TYPE_MISMATCH', '/b NOT_IN_ENUM']);
    expect(codesOf({ b: null }, strict)).toEqual(['/a MISSING_PROPERTY']);
  });
});

describe('null on an optional property', () => {
  it('is a type mismatch marked optional (absence is an omitted key)', () => {
    const value = { ...validShipment(), notes: null };
    expect(issuesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      { path: '/notes', code: GATE_ISSUE_CODES.TYPE_MISMATCH, types: ['string'], optional: true },
    ]);
  });

  it('is refused when the key is present with an undefined value (not JSON)', () => {
    expect(codesOf({ ...validShipment(), notes: undefined }, SHIPMENT_DOCUMENT)).toEqual([
      '/notes NOT_JSON',
    ]);
  });
});

describe('no coercion', () => {
  const document = {
    type: 'object',
    properties: {
      n: { type: 'integer' },
      b: { type: 'boolean' },
      x: { type: 'number' },
      s: { type: 'string' },
    },
  } as const;

  it.each([
    [{ n: '7' }, '/n'],
    [{ n: 1.5 }, '/n'],
    [{ n: true }, '/n'],
    [{ b: 'yes' }, '/b'],
    [{ b: 1 }, '/b'],
    [{ x: '1.5' }, '/x'],
    [{ s: 7 }, '/s'],
    [{ s: ['a'] }, '/s'],
  ])('refuses %o', (value, path) => {
    expect(codesOf(value, document)).toEqual([`${path} TYPE_MISMATCH`]);
  });

  it('pins 1.0 as an integer: the decoder hands the integral number 1, and 2020-12 agrees', () => {
    expect(judge({ n: 1.0 }, document)).toEqual(ok);
    expect(judge({ n: -0 }, document)).toEqual(ok);
    expect(judge({ n: 1e21 }, document)).toEqual(ok);
  });

  it('takes a bigint as an integer and as a number', () => {
    expect(judge({ n: 2n ** 70n, x: -(2n ** 70n) }, document)).toEqual(ok);
  });
});

describe('enum and const', () => {
  it('refuse a string outside the declared enum with the accepted values', () => {
    const value = validShipment();
    (value.shipping_address as Record<string, unknown>).country = 'XX';
    expect(issuesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      {
        path: '/shipping_address/country',
        code: GATE_ISSUE_CODES.NOT_IN_ENUM,
        types: ['string'],
        values: ['DE', 'FR', 'GB', 'US'],
      },
    ]);
  });

  it('compare numbers exactly across number and bigint, and objects structurally', () => {
    const document = { enum: [9007199254740993n, 1, { a: [1, 2] }, null] } as const;
    expect(judge(9007199254740993n, document)).toEqual(ok);
    expect(judge(1n, document)).toEqual(ok);
    expect(judge({ a: [1, 2] }, document)).toEqual(ok);
    expect(judge(null, document)).toEqual(ok);
    expect(codesOf(9007199254740992, document)).toEqual([' NOT_IN_ENUM']);
    expect(codesOf({ a: [2, 1] }, document)).toEqual([' NOT_IN_ENUM']);
    expect(codesOf('1', document)).toEqual([' NOT_IN_ENUM']);
  });

  it('refuse a value other than the const', () => {
    const document = { type: 'object', properties: { kind: { const: 'order' } } } as const;
    expect(judge({ kind: 'order' }, document)).toEqual(ok);
    expect(issuesOf({ kind: 'orders' }, document)).toEqual([
      { path: '/kind', code: GATE_ISSUE_CODES.NOT_CONST, values: ['order'] },
    ]);
  });
});

describe('temporal formats', () => {
  const document = {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      time: { type: 'string', format: 'time' },
      span: { type: 'string', format: 'duration' },
    },
  } as const;

  it('admit RFC 3339 strings, including a leap second and lower-case t, z and designators', () => {
    expect(
      judge(
        { at: '2016-12-31T23:59:60Z', day: '2024-02-29', time: '00:29:60-23:30', span: 'p1dt2h' },
        document,
      ),
    ).toEqual(ok);
    expect(judge({ at: '2024-05-01t13:45:00.123456789z' }, document)).toEqual(ok);
  });

  it('refuse what the grammar does not produce, with the declared format', () => {
    expect(issuesOf({ at: '2024-05-01 13:45:00Z' }, document)).toEqual([
      { path: '/at', code: GATE_ISSUE_CODES.FORMAT_MISMATCH, format: 'date-time' },
    ]);
    expect(codesOf({ day: '2023-02-29', time: '12:00:00', span: 'P1Y2D' }, document)).toEqual([
      '/day FORMAT_MISMATCH',
      '/time FORMAT_MISMATCH',
      '/span FORMAT_MISMATCH',
    ]);
  });

  it('judge a date-time that JS Date would accept and one it would reject by the grammar alone', () => {
    expect(codesOf({ at: '2024-05-01T13:45:00' }, document)).toEqual(['/at FORMAT_MISMATCH']);
    expect(judge({ at: '0000-02-29T00:00:00Z' }, document)).toEqual(ok);
  });
});

describe('forbidden characters', () => {
  const document = {
    type: 'object',
    properties: { q: { type: 'string' }, m: { type: 'object', additionalProperties: true } },
  } as const;

  it.each([
    '\u0000',
    'a\u0001b',
    '\u001f',
    '\u000b',
    '\u000c',
    '\ud800',
    'x\udc00',
    '\udbff\u0041',
  ])('refuses %j as a value and as a map key', (bad) => {
    expect(codesOf({ q: bad }, document)).toEqual(['/q FORBIDDEN_CHARACTER']);
    expect(codesOf({ q: 'ok', m: { [bad]: 1 } }, document)).toEqual([
      '/m/<entry> FORBIDDEN_CHARACTER_IN_KEY',
    ]);
  });

  it('admits tab, LF, CR, DEL, C1 controls and paired surrogates', () => {
    expect(
      judge({ q: 'a\tb\nc\rd\u007f\u0085\ud83d\ude00', m: { 'k\t\ud83d\ude00': 'v\n' } }, document),
    ).toEqual(ok);
  });

  it('applies inside a value the document leaves open', () => {
    expect(codesOf({ m: { a: ['fine', { b: 'bad\u0007' }] } }, document)).toEqual([
      '/m/<entry>/1/<entry> FORBIDDEN_CHARACTER',
    ]);
  });
});

describe('content is not shape', () => {
  it.each([
    '../../etc/passwd',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '\u0024{jndi:ldap://x}',
    '',
  ])('admits %j as text', (text) => {
    const value = { ...validShipment(), notes: text, order_id: text };
    expect(judge(value, SHIPMENT_DOCUMENT)).toEqual(ok);
  });

  it('applies no size, depth or length rule of its own', () => {
    const long = 'x'.repeat(1_000_000);
    let deep: unknown = { name: 'leaf' };
    for (let i = 0; i < 500; i++) deep = { name: 'n', subcategories: [deep] };
    const value = {
      ...validShipment(),
      notes: long,
      tags: Array.from({ length: 10_000 }, () => 't'),
      category: deep,
    };
    expect(judge(value, SHIPMENT_DOCUMENT)).toEqual(ok);
  });
});

describe('$ref beside other keywords', () => {
  it('applies both, as 2020-12 does', () => {
    const document = {
      $ref: '#/$defs/Count',
      maximum: 10,
      $defs: { Count: { type: 'integer', minimum: 0 } },
    } as const;
    expect(judge(5, document)).toEqual(ok);
    expect(codesOf(11, document)).toEqual([' OUT_OF_RANGE']);
    expect(codesOf(-1, document)).toEqual([' OUT_OF_RANGE']);
    expect(codesOf('5', document)).toEqual([' TYPE_MISMATCH']);
  });
});

describe('a place that admits any JSON', () => {
  const bad = () => [1, Number.NaN, { 'k\u0001': [2n ** 1025n, 'x\u0000', () => 1] }];

  it.each([
    ['a `true` property', { type: 'object', properties: { a: true } }, '/a'],
    ['an object with no declared names', { type: 'object' }, '/<entry>'],
    ['an array with no items', { type: 'array' }, '/0'],
  ])('still holds every value to JSON, finite numbers and admissible text: %s', (_, schema, at) => {
    const value = at === '/0' ? [bad()] : { a: bad() };
    expect(codesOf(value, schema as never)).toEqual([
      `${at}/1 NON_FINITE_NUMBER`,
      `${at}/2/<entry> FORBIDDEN_CHARACTER_IN_KEY`,
      `${at}/2/<entry>/0 NUMBER_OVERFLOW`,
      `${at}/2/<entry>/1 FORBIDDEN_CHARACTER`,
      `${at}/2/<entry>/2 NOT_JSON`,
    ]);
    expect(codesOf(at === '/0' ? [2n ** 1025n] : { a: -(2n ** 1025n) }, schema as never)).toEqual([
      `${at} NUMBER_OVERFLOW`,
    ]);
    expect(codesOf(at === '/0' ? [new Date(0)] : { a: new Date(0) }, schema as never)).toEqual([
      `${at} NOT_JSON`,
    ]);
    expect(
      judge(at === '/0' ? [[2n ** 1023n, 'x\t']] : { a: [2n ** 1023n] }, schema as never),
    ).toEqual(ok);
  });
});

describe('boolean documents', () => {
  it('true admits any JSON and false admits nothing', () => {
    expect(judge({ a: [1] }, true)).toEqual(ok);
    expect(issuesOf(1, false)).toEqual([{ path: '', code: GATE_ISSUE_CODES.NOT_ADMITTED }]);
  });
});
