/*
 * Invariant: each format the gate asserts is judged by its own rule on both paths (the compiled
 * checker and the interpreter), and a refusal tells that format's own words: what the value must
 * be, with its RFC and an example. Each case here is one a wrong change to `keywords/format.ts`
 * would otherwise pass unnoticed (found by mutation testing, see docs/mutation/gate.md).
 */
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { generateChecker } from '../src/internal/codegen.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { lineOf, gateVerdict as verdict } from './support/verdicts.ts';

/** Each format with a value it admits, one it refuses, and what its refusal says the value must be. */
const FORMATS: ReadonlyArray<readonly [string, string, string, string]> = [
  [
    'date-time',
    '2024-05-01T13:45:00Z',
    '2024-05-01 13:45:00',
    'an RFC 3339 date-time with its offset, such as 2024-05-01T13:45:00Z or 2024-05-01T15:45:00.5+02:00',
  ],
  [
    'date',
    '2024-02-29',
    '2023-02-29',
    'an RFC 3339 full-date, such as 2024-05-01, naming a day that exists',
  ],
  [
    'time',
    '13:45:00.25+02:00',
    '13:45:00',
    'an RFC 3339 time of day with its offset, such as 13:45:00Z or 13:45:00.25+02:00',
  ],
  [
    'duration',
    'P3DT4H30M',
    'P3D4H',
    'an RFC 3339 (ISO 8601) duration, such as P3DT4H30M, PT15M or P2W',
  ],
  [
    'uuid',
    '123e4567-e89b-12d3-a456-426614174000',
    '123e4567e89b12d3a456426614174000',
    'a UUID (RFC 9562 section 4): 32 hexadecimal digits in groups of 8-4-4-4-12 joined by hyphens, such as 123e4567-e89b-12d3-a456-426614174000',
  ],
  [
    'email',
    'name@example.com',
    'name.example.com',
    'an email address (RFC 5321 section 4.1.2 mailbox), such as name@example.com',
  ],
  [
    'uri',
    'https://example.com/a?b=c',
    '//example.com/a',
    'an absolute URI with its scheme (RFC 3986 section 3), in ASCII without spaces, such as https://example.com/a?b=c',
  ],
  [
    'hostname',
    'api.example.com',
    'api..example.com',
    'a hostname (RFC 1123 section 2.1): labels of 1 to 63 letters, digits and inner hyphens joined by dots, at most 253 characters, such as api.example.com',
  ],
  [
    'ipv4',
    '192.0.2.1',
    '192.0.2.01',
    'an IPv4 address (RFC 2673 section 3.2): four numbers from 0 to 255 without leading zeros, joined by dots, such as 192.0.2.1',
  ],
  [
    'ipv6',
    '2001:db8::1',
    '2001:db8::1%eth0',
    'an IPv6 address (RFC 4291 section 2.2), without zone id or brackets, such as 2001:db8::1',
  ],
];

describe.each(FORMATS)('the format %s', (format, good, bad, words) => {
  const document = { type: 'string', format } as unknown as SchemaNode;

  it('admits a value its rule admits and refuses one it does not, on both paths', () => {
    expect(verdict(good, document)).toBe(true);
    expect(verdict(bad, document)).toBe(false);
    // Another format's example is no value of this one (each format has its own rule), but for the
    // examples made of letters, digits, hyphens and dots alone, which are hostnames too.
    const hostnames = ['date', 'duration', 'uuid', 'ipv4'];
    for (const [other, otherGood] of FORMATS)
      if (other !== format && !(format === 'hostname' && hostnames.includes(other)))
        expect(verdict(otherGood, document)).toBe(false);
  });

  it('refuses with the format and its own words', () => {
    const judgement = judge(bad, document);
    if (judgement.ok) throw new Error('expected a refusal');
    expect(judgement.refusal.issues).toEqual([{ path: '', code: 'FORMAT_MISMATCH', format }]);
    expect(lineOf(bad, document)).toBe(`- The arguments must be ${words}.`);
  });

  it('refuses a control character, an unpaired surrogate or a unit past ASCII in a value', () => {
    // The checker is called directly: the gate lets the interpreter decide when it throws.
    const checker = generateChecker(buildPlan(document));
    const at = Math.max(good.length - 1, 1);
    for (const unit of ['\u0000', '\u001f', '\ud800', '\udc00', '\u00e9', '\u2028']) {
      const value = `${good.slice(0, at)}${unit}${good.slice(at)}`;
      expect([format, unit, checker(value)]).toEqual([format, unit, false]);
      expect(verdict(value, document)).toBe(false);
    }
  });

  it('tells the format beside a wrong type, and judges it where no type is declared', () => {
    const judgement = judge(7, document);
    if (judgement.ok) throw new Error('expected a refusal');
    expect(judgement.refusal.issues).toEqual([
      { path: '', code: 'TYPE_MISMATCH', types: ['string'], format },
    ]);
    const untyped = { format } as unknown as SchemaNode;
    expect(verdict(7, untyped)).toBe(true);
    expect(verdict(good, untyped)).toBe(true);
    expect(verdict(bad, untyped)).toBe(false);
  });
});

describe('the defects of format', () => {
  const NAMED =
    'The gate asserts only the formats `date-time`, `date`, `time`, `duration`, `uuid`, `email`, `uri`, `hostname`, `ipv4`, `ipv6`; publish the document without any other.';

  it.each([
    ['no string', 1],
    ['an annotation the gate does not assert', 'regex'],
    ['a member of Object.prototype', 'toString'],
    ['an empty name', ''],
    // An array of one name reads as that name where it is taken as a key: it must not pass.
    ['an array holding an asserted name', ['date']],
  ])('a format that is %s is a defect at /format naming the asserted formats', (_what, format) => {
    let error: unknown;
    try {
      compileGate({ type: 'string', format } as unknown as SchemaNode);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SchemaDefectError);
    const defect = error as SchemaDefectError;
    expect(defect.code).toBe(SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/format');
    expect(defect.message).toBe(NAMED);
  });

  it('a document without format is no defect and judges no format', () => {
    expect(verdict('not a date', { type: 'string' })).toBe(true);
  });
});
