/*
 * Invariant: `judge` admits exactly what the published document declares, rule by rule, at every
 * depth and through `$ref`; it never throws for any value, and a defect of the document itself is
 * thrown as SchemaDefectError when the document is first compiled.
 */
import {
  INTEGER_WIDTHS,
  SCHEMA_DEFECT_CODES,
  SchemaDefectError,
  type SchemaNode,
} from '@portcullis/schema';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_ISSUE_CODES, type GateIssue, judge } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from './fixtures/documents.ts';

function issuesOf(value: unknown, document: SchemaNode): readonly GateIssue[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.issues;
}

function rulesOf(value: unknown, document: SchemaNode): string[] {
  return issuesOf(value, document).map((issue) => `${issue.path} ${issue.code}`);
}

const ok = { ok: true };

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
    expect(rulesOf(value, SHIPMENT_DOCUMENT)).toEqual([
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
    expect(rulesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      '/customer UNDECLARED_PROPERTY',
      '/items/2 UNDECLARED_PROPERTY',
      '/shipping_address UNDECLARED_PROPERTY',
      '/category/subcategories/0/subcategories/0 UNDECLARED_PROPERTY',
    ]);
  });

  it('include the reserved artifact_refs when the document does not declare it', () => {
    expect(rulesOf({ ...validShipment(), artifact_refs: [] }, SHIPMENT_DOCUMENT)).toEqual([
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
    expect(rulesOf({ a: 1, b: 'z' }, strict)).toEqual(['/a TYPE_MISMATCH', '/b NOT_IN_ENUM']);
    expect(rulesOf({ b: null }, strict)).toEqual(['/a MISSING_PROPERTY']);
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
    expect(rulesOf({ ...validShipment(), notes: undefined }, SHIPMENT_DOCUMENT)).toEqual([
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
    expect(rulesOf(value, document)).toEqual([`${path} TYPE_MISMATCH`]);
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
    expect(rulesOf(9007199254740992, document)).toEqual([' NOT_IN_ENUM']);
    expect(rulesOf({ a: [2, 1] }, document)).toEqual([' NOT_IN_ENUM']);
    expect(rulesOf('1', document)).toEqual([' NOT_IN_ENUM']);
  });

  it('refuse a value other than the const', () => {
    const document = { type: 'object', properties: { kind: { const: 'order' } } } as const;
    expect(judge({ kind: 'order' }, document)).toEqual(ok);
    expect(issuesOf({ kind: 'orders' }, document)).toEqual([
      { path: '/kind', code: GATE_ISSUE_CODES.NOT_CONST, values: ['order'] },
    ]);
  });
});

describe('integer bounds', () => {
  const int64 = {
    type: 'integer',
    minimum: -9223372036854775808n,
    maximum: 9223372036854775807n,
  } as const;

  it('are compared exactly with bigint bounds and values', () => {
    expect(judge(9223372036854775807n, int64)).toEqual(ok);
    expect(judge(-9223372036854775808n, int64)).toEqual(ok);
    expect(judge(9007199254740991, int64)).toEqual(ok);
    expect(issuesOf(9223372036854775808n, int64)).toEqual([
      {
        path: '',
        code: GATE_ISSUE_CODES.OUT_OF_RANGE,
        types: ['integer'],
        minimum: -9223372036854775808n,
        maximum: 9223372036854775807n,
      },
    ]);
    expect(rulesOf(-9223372036854775809n, int64)).toEqual([' OUT_OF_RANGE']);
  });

  it('are exact where a double would round: 2^53 + 1 against a bound of 2^53', () => {
    const document = { type: 'integer', maximum: 9007199254740992n } as const;
    expect(judge(9007199254740992, document)).toEqual(ok);
    expect(rulesOf(9007199254740993n, document)).toEqual([' OUT_OF_RANGE']);
    expect(
      rulesOf(9223372036854775807n, { type: 'integer', maximum: 9223372036854775806n }),
    ).toEqual([' OUT_OF_RANGE']);
  });

  it('compare a double value exactly against a bigint bound', () => {
    // 2^63 as a double is exactly 9223372036854775808: one above the Int64 maximum.
    expect(rulesOf(2 ** 63, int64)).toEqual([' OUT_OF_RANGE']);
    expect(judge(2 ** 62, int64)).toEqual(ok);
  });

  it('hold at the edges of a width and through nesting', () => {
    const value = validShipment();
    value.attempt = 127;
    expect(judge(value, SHIPMENT_DOCUMENT)).toEqual(ok);
    value.attempt = 128;
    value.weight_grams = -1;
    expect(rulesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      '/weight_grams OUT_OF_RANGE',
      '/attempt OUT_OF_RANGE',
    ]);
  });

  it('honour exclusive bounds', () => {
    const document = { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1n } as const;
    expect(judge(0.5, document)).toEqual(ok);
    expect(rulesOf(0, document)).toEqual([' OUT_OF_RANGE']);
    expect(rulesOf(1, document)).toEqual([' OUT_OF_RANGE']);
  });
});

describe('every integer width at its exact bounds', () => {
  /** Whether a value lies in the width, by exact integer arithmetic on its mathematical value. */
  const within = (value: number | bigint, minimum: bigint, maximum: bigint): boolean => {
    const exact = BigInt(value);
    return exact >= minimum && exact <= maximum;
  };

  it.each(Object.entries(INTEGER_WIDTHS))('%s', (_, { minimum, maximum }) => {
    const document = { type: 'integer', minimum, maximum } as const;
    const low = BigInt(minimum);
    const high = BigInt(maximum);
    for (const value of [low, high, low + 1n, high - 1n]) {
      expect(judge(value, document)).toEqual(ok);
      expect(judge(Number(value), document).ok).toBe(within(Number(value), low, high));
    }
    for (const value of [low - 1n, high + 1n, low - 2n ** 64n, high + 2n ** 64n]) {
      expect(rulesOf(value, document)).toEqual([' OUT_OF_RANGE']);
      // As a double the value may round onto the bound (-2^63 - 1 is -2^63): judged as it is held.
      expect(judge(Number(value), document).ok).toBe(within(Number(value), low, high));
    }
    expect(judge(-0, document).ok).toBe(low <= 0n);
    expect(rulesOf(0.5, document)).toEqual([' TYPE_MISMATCH']);
  });

  it('judges -0 as zero against inclusive and exclusive bounds', () => {
    expect(judge(-0, { type: 'integer', minimum: 0, maximum: 0 })).toEqual(ok);
    expect(judge(-0, { type: 'integer', minimum: 0n })).toEqual(ok);
    expect(rulesOf(-0, { type: 'number', exclusiveMinimum: 0 })).toEqual([' OUT_OF_RANGE']);
    expect(rulesOf(0, { type: 'number', exclusiveMaximum: -0 })).toEqual([' OUT_OF_RANGE']);
    expect(judge(-0, { const: 0 })).toEqual(ok);
    expect(judge(0n, { enum: [-0] })).toEqual(ok);
  });
});

describe('non-finite numbers', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses %d wherever it appears',
    (n) => {
      expect(rulesOf({ x: n }, { type: 'object', properties: { x: { type: 'number' } } })).toEqual([
        '/x NON_FINITE_NUMBER',
      ]);
      expect(rulesOf({ x: [n] }, { type: 'object' })).toEqual(['/<entry>/0 NON_FINITE_NUMBER']);
      expect(rulesOf(n, true)).toEqual([' NON_FINITE_NUMBER']);
    },
  );
});

describe('non-finite numbers where only integers or other types are declared', () => {
  it('are refused as a type mismatch, the declared type being what to send', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(rulesOf(n, { type: 'integer', minimum: 0 })).toEqual([' TYPE_MISMATCH']);
      expect(rulesOf(n, { type: ['integer', 'null'] })).toEqual([' TYPE_MISMATCH']);
      expect(rulesOf(n, { type: 'string' })).toEqual([' TYPE_MISMATCH']);
      expect(rulesOf(n, { type: 'number', maximum: 1 })).toEqual([' NON_FINITE_NUMBER']);
    }
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
    expect(rulesOf({ day: '2023-02-29', time: '12:00:00', span: 'P1Y2D' }, document)).toEqual([
      '/day FORMAT_MISMATCH',
      '/time FORMAT_MISMATCH',
      '/span FORMAT_MISMATCH',
    ]);
  });

  it('judge a date-time that JS Date would accept and one it would reject by the grammar alone', () => {
    expect(rulesOf({ at: '2024-05-01T13:45:00' }, document)).toEqual(['/at FORMAT_MISMATCH']);
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
    expect(rulesOf({ q: bad }, document)).toEqual(['/q FORBIDDEN_CHARACTER']);
    expect(rulesOf({ q: 'ok', m: { [bad]: 1 } }, document)).toEqual([
      '/m/<entry> FORBIDDEN_CHARACTER_IN_KEY',
    ]);
  });

  it('admits tab, LF, CR, DEL, C1 controls and paired surrogates', () => {
    expect(
      judge({ q: 'a\tb\nc\rd\u007f\u0085\ud83d\ude00', m: { 'k\t\ud83d\ude00': 'v\n' } }, document),
    ).toEqual(ok);
  });

  it('applies inside a value the document leaves open', () => {
    expect(rulesOf({ m: { a: ['fine', { b: 'bad\u0007' }] } }, document)).toEqual([
      '/m/<entry>/1/<entry> FORBIDDEN_CHARACTER',
    ]);
  });
});

describe('anyOf and type arrays', () => {
  const document = {
    type: 'object',
    properties: {
      when: {
        anyOf: [
          { type: 'string', format: 'date' },
          { type: 'integer', minimum: 0 },
        ],
      },
      label: { type: ['string', 'null'] },
    },
  } as const;

  it('admit any alternative', () => {
    expect(judge({ when: '2024-01-01', label: null }, document)).toEqual(ok);
    expect(judge({ when: 5, label: 'x' }, document)).toEqual(ok);
  });

  it('report the one plausible alternative in detail, or all of them as declared types', () => {
    expect(rulesOf({ when: '2024-13-01' }, document)).toEqual(['/when FORMAT_MISMATCH']);
    expect(rulesOf({ when: -1 }, document)).toEqual(['/when OUT_OF_RANGE']);
    expect(issuesOf({ when: true }, document)).toEqual([
      {
        path: '/when',
        code: GATE_ISSUE_CODES.NO_ALTERNATIVE,
        types: ['string', 'integer'],
        optional: true,
      },
    ]);
    expect(issuesOf({ label: 1 }, document)).toEqual([
      {
        path: '/label',
        code: GATE_ISSUE_CODES.TYPE_MISMATCH,
        types: ['string', 'null'],
        optional: true,
      },
    ]);
  });
});

describe('maps', () => {
  const document = {
    type: 'object',
    properties: {
      counts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      moods: { type: 'object', additionalProperties: { type: 'string', enum: ['calm', 'tense'] } },
      nodes: { type: 'object', additionalProperties: { $ref: '#/$defs/Node' } },
      anything: { type: 'object', additionalProperties: true },
    },
    additionalProperties: false,
    $defs: {
      Node: {
        type: 'object',
        properties: { next: { $ref: '#/$defs/Node' } },
        additionalProperties: false,
      },
    },
  } as const;

  it('judge every entry against the value shape under its own key', () => {
    expect(
      judge(
        {
          counts: { a: 1, '../etc': 2 },
          moods: { x: 'calm' },
          nodes: { n: { next: { next: {} } } },
          anything: { k: [null] },
        },
        document,
      ),
    ).toEqual(ok);
    expect(
      rulesOf(
        { counts: { a: -1, b: 'x' }, moods: { y: 'angry' }, nodes: { n: { next: { bad: 1 } } } },
        document,
      ),
    ).toEqual([
      '/counts/<entry> OUT_OF_RANGE',
      '/counts/<entry> TYPE_MISMATCH',
      '/moods/<entry> NOT_IN_ENUM',
      '/nodes/<entry>/next UNDECLARED_PROPERTY',
    ]);
  });

  it('admit names that look like keywords or prototype members as keys', () => {
    expect(
      judge({ counts: { __proto__: 1, constructor: 2, $ref: 3, toString: 4 } }, document),
    ).toEqual(ok);
    const value = JSON.parse('{"counts": {"__proto__": -5}}');
    expect(rulesOf(value, document)).toEqual(['/counts/<entry> OUT_OF_RANGE']);
  });
});

describe('declared names that are prototype members', () => {
  const document = JSON.parse(
    '{"type": "object", "properties": {"constructor": {"type": "string"}, "toString": {"type": "integer"}, "__proto__": {"type": "boolean"}}, "required": ["constructor"], "additionalProperties": false}',
  ) as SchemaNode;

  it('are read as own properties only', () => {
    expect(rulesOf({}, document)).toEqual(['/constructor MISSING_PROPERTY']);
    expect(
      judge(JSON.parse('{"constructor": "x", "toString": 1, "__proto__": true}'), document),
    ).toEqual(ok);
    expect(rulesOf(JSON.parse('{"constructor": "x", "__proto__": 1}'), document)).toEqual([
      '/__proto__ TYPE_MISMATCH',
    ]);
  });
});

describe('a property with no type', () => {
  const document = {
    type: 'object',
    properties: { payload: {}, flag: { description: 'open' } },
    additionalProperties: false,
  } as const;

  it.each([
    null,
    true,
    0,
    -1.5,
    2n ** 80n,
    'text',
    [],
    [1, [2, { a: null }]],
    { deep: { deeper: ['x'] } },
  ])('admits any JSON: %o', (payload) => {
    expect(judge({ payload, flag: payload }, document)).toEqual(ok);
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

describe('values that are not JSON', () => {
  class Point {
    x = 1;
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const sparse = [1, undefined, 3];

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a Date', new Date(0)],
    ['a class instance', new Point()],
    ['a Map', new Map()],
    ['a sparse array', sparse],
  ])('refuses %s without throwing', (_, value) => {
    expect(judge(value, true).ok).toBe(false);
    expect(
      judge({ payload: value }, { type: 'object', properties: { payload: { type: 'object' } } }).ok,
    ).toBe(false);
  });

  it('refuses a cyclic value as unjudgeable without throwing', () => {
    expect(rulesOf(cyclic, true)).toEqual([' UNJUDGEABLE']);
  });

  it('refuses a value nested past the engine stack without throwing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(rulesOf(deep, true)).toEqual([' UNJUDGEABLE']);
    let category: unknown = { name: 'leaf' };
    for (let i = 0; i < 200_000; i++) category = { name: 'n', subcategories: [category] };
    expect(rulesOf({ ...validShipment(), category }, SHIPMENT_DOCUMENT)).toEqual([' UNJUDGEABLE']);
  });

  it('refuses a value whose property throws when read, without throwing', () => {
    const value = {
      get name(): string {
        throw new Error('boom');
      },
    };
    expect(rulesOf(value, { type: 'object', properties: { name: { type: 'string' } } })).toEqual([
      ' UNJUDGEABLE',
    ]);
  });

  it('admits null-prototype objects, as some decoders build them', () => {
    const value = Object.assign(Object.create(null) as object, { a: 1 });
    expect(judge(value, { type: 'object', properties: { a: { type: 'integer' } } })).toEqual(ok);
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
    expect(rulesOf(11, document)).toEqual([' OUT_OF_RANGE']);
    expect(rulesOf(-1, document)).toEqual([' OUT_OF_RANGE']);
    expect(rulesOf('5', document)).toEqual([' TYPE_MISMATCH']);
  });
});

describe('boolean documents', () => {
  it('true admits any JSON and false admits nothing', () => {
    expect(judge({ a: [1] }, true)).toEqual(ok);
    expect(issuesOf(1, false)).toEqual([{ path: '', code: GATE_ISSUE_CODES.NOT_ADMITTED }]);
  });
});

describe('what the gate reads', () => {
  const deepFreeze = <TValue>(value: TValue): TValue => {
    if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
      Object.freeze(value);
    }
    return value;
  };

  it('is neither the document nor the value: both stay as they were, frozen or not', () => {
    const document = deepFreeze(structuredClone(SHIPMENT_DOCUMENT));
    const value = validShipment();
    (value.customer as Record<string, unknown>).tier = 'platinum';
    value.extra = 1;
    deepFreeze(value);
    const before = structuredClone(value);
    expect(rulesOf(value, document)).toEqual([
      '/customer/tier NOT_IN_ENUM',
      ' UNDECLARED_PROPERTY',
    ]);
    expect(value).toEqual(before);
    expect(document).toEqual(SHIPMENT_DOCUMENT);
  });

  it('hands out refusals that share nothing mutable with the document or the compiled gate', () => {
    const document = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { enum: ['x', { deep: ['y'] }] },
        c: { const: ['z'] },
      },
      required: ['a'],
      additionalProperties: false,
    };
    const issues = issuesOf({ a: 1, b: 'q', c: 'q', d: 1 }, document);
    expect(issues.map((issue) => issue.code)).toEqual([
      GATE_ISSUE_CODES.TYPE_MISMATCH,
      GATE_ISSUE_CODES.NOT_IN_ENUM,
      GATE_ISSUE_CODES.NOT_CONST,
      GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
    ]);
    for (const issue of issues) {
      expect(Object.isFrozen(issue)).toBe(true);
      for (const list of [issue.types, issue.values, issue.names]) {
        if (list !== undefined) expect(Object.isFrozen(list)).toBe(true);
      }
    }
    expect(issues[0]?.types).not.toBe(document.properties.a.type);
    expect(issues[1]?.values).not.toBe(document.properties.b.enum);
    expect(issues[1]?.values?.[1]).not.toBe(document.properties.b.enum[1]);
    expect(Object.isFrozen(issues[1]?.values?.[1])).toBe(true);
    expect(issues[2]?.values?.[0]).not.toBe(document.properties.c.const);
    // The document itself stays the caller's to change (the gate compiled its own copy).
    document.properties.a.type.push('integer');
    expect(rulesOf({ a: 1 }, document)).toEqual(['/a TYPE_MISMATCH']);
  });
});

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
      if (error instanceof SchemaDefectError) return { code: error.code, path: error.path };
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
      code: SCHEMA_DEFECT_CODES.UNRESOLVABLE_REF,
      path: '#/$defs/Missing',
    });
    expect(() => judge({ a: 'x' }, document)).toThrow(SchemaDefectError);
  });

  it('a non-local $ref throws', () => {
    expect(defect({ $ref: 'https://example.com/schema' }).code).toBe(
      SCHEMA_DEFECT_CODES.NON_LOCAL_REF,
    );
  });

  it('a keyword the gate does not judge throws, naming where', () => {
    expect(
      defect({ type: 'object', properties: { a: { type: 'string', pattern: '^a' } } }),
    ).toEqual({
      code: SCHEMA_DEFECT_CODES.UNSUPPORTED_CONSTRUCT,
      path: '/properties/a/pattern',
    });
    expect(defect({ oneOf: [true] }).code).toBe(SCHEMA_DEFECT_CODES.UNSUPPORTED_CONSTRUCT);
  });

  it('a format the gate does not assert throws', () => {
    expect(defect({ type: 'string', format: 'email' })).toEqual({
      code: SCHEMA_DEFECT_CODES.UNSUPPORTED_CONSTRUCT,
      path: '/format',
    });
  });

  it.each([
    [{ type: 'text' }, '/type'],
    [{ type: [] }, '/type'],
    [{ required: 'a' }, '/required'],
    [{ enum: 'a' }, '/enum'],
    [{ minimum: '1' }, '/minimum'],
    [{ items: [true] }, '/items'],
    [{ anyOf: [] }, '/anyOf'],
    [{ properties: { a: 1 } }, '/properties/a'],
    [{ $ref: 5 }, '/$ref'],
  ])('a malformed keyword throws: %o', (document, path) => {
    expect(defect(document)).toEqual({ code: SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA, path });
  });

  it('a cycle of references that never descends into the value throws', () => {
    expect(
      defect({
        $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }] } },
        $ref: '#/$defs/a',
      }).code,
    ).toBe(SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA);
  });

  it('a document that is not a schema throws', () => {
    expect(defect(null).code).toBe(SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA);
  });
});
