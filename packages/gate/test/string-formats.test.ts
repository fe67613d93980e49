/*
 * Invariant: each string format admits exactly what its stated rule admits: every string case of
 * the JSON-Schema-Test-Suite's optional/format file for it (draft 2020-12, vendored) agrees, the
 * RFCs' own examples and near misses agree, what fast-check generates as valid is admitted, and no
 * input (non-ASCII, a lone surrogate, any string at all) makes a check throw.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRING_FORMATS, type StringFormat } from '@portcullis/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRING_FORMAT_CHECKS, STRING_FORMAT_RULES } from '../src/internal/string-formats.ts';
import { STRING_FORMAT_CORPORA } from './fixtures/string-format-corpora.ts';

interface SuiteCase {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteGroup {
  readonly description: string;
  readonly schema: { readonly format: string };
  readonly tests: readonly SuiteCase[];
}

const SUITE = join(
  import.meta.dirname,
  'fixtures/json-schema-test-suite/draft2020-12/optional/format',
);

/**
 * Suite cases the checks do not follow, `file / group / case` to the reason. Empty: every string
 * case is followed.
 */
const DEVIATIONS: Readonly<Record<string, string>> = {};

const tally = { agreed: 0, notApplicable: 0, deviations: 0 };
const stringCases: Record<string, { valid: number; invalid: number }> = {};
const notApplicable = new Set<string>();

describe('the JSON-Schema-Test-Suite optional/format files', () => {
  it('are vendored for every string format', () => {
    expect(readdirSync(SUITE)).toEqual(
      expect.arrayContaining(STRING_FORMATS.map((name) => `${name}.json`)),
    );
  });

  describe.each(STRING_FORMATS)('%s', (format) => {
    const groups = JSON.parse(readFileSync(join(SUITE, `${format}.json`), 'utf8')) as SuiteGroup[];
    for (const group of groups) {
      it(`${group.description}: the schema is {format: ${format}}`, () => {
        expect(group.schema.format).toBe(format);
      });
      describe(group.description, () => {
        for (const test of group.tests) {
          // A non-string datum is outside a string format (2020-12: formats ignore other types).
          if (typeof test.data !== 'string') {
            tally.notApplicable++;
            notApplicable.add(test.description);
            continue;
          }
          const text = test.data;
          stringCases[format] ??= { valid: 0, invalid: 0 };
          stringCases[format][test.valid ? 'valid' : 'invalid']++;
          const key = `${format}.json / ${group.description} / ${test.description}`;
          const deviation = DEVIATIONS[key];
          if (deviation === undefined) tally.agreed++;
          else tally.deviations++;
          it(`${test.description} (${test.valid ? 'valid' : 'invalid'})`, () => {
            const expected = deviation === undefined ? test.valid : !test.valid;
            expect(STRING_FORMAT_CHECKS[format](text)).toBe(expected);
          });
        }
      });
    }
  });

  it('are followed in every string case; the six non-string cases per file do not apply', () => {
    expect(tally).toEqual({ agreed: 212, notApplicable: 36, deviations: 0 });
    expect(stringCases).toEqual({
      uuid: { valid: 9, invalid: 13 },
      email: { valid: 10, invalid: 11 },
      uri: { valid: 15, invalid: 25 },
      hostname: { valid: 23, invalid: 35 },
      ipv4: { valid: 5, invalid: 30 },
      ipv6: { valid: 11, invalid: 25 },
    });
    // Not applicable, in each file: a number, a float, an object, an array, a boolean and null.
    expect([...notApplicable].sort()).toEqual(
      ['arrays', 'booleans', 'floats', 'integers', 'nulls', 'objects'].map(
        (what) => `all string formats ignore ${what}`,
      ),
    );
  });
});

describe.each(STRING_FORMATS)('%s: own corpus', (format) => {
  const check = STRING_FORMAT_CHECKS[format];
  it.each(STRING_FORMAT_CORPORA[format].valid)('admits %j', (text) => {
    expect(check(text)).toBe(true);
  });
  it.each(STRING_FORMAT_CORPORA[format].invalid)('refuses %j', (text) => {
    expect(check(text)).toBe(false);
  });
});

describe('what fast-check generates as valid is admitted', () => {
  const cases: readonly [StringFormat, fc.Arbitrary<string>][] = [
    ['uuid', fc.uuid()],
    ['ipv4', fc.ipV4()],
    ['ipv6', fc.ipV6()],
    ['hostname', fc.domain()],
    ['email', fc.emailAddress()],
    ['uri', fc.webUrl({ withQueryParameters: true, withFragments: true })],
  ];
  it.each(cases)('%s', (format, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (text) => STRING_FORMAT_CHECKS[format](text)),
      { numRuns: 2000 },
    );
  });

  it('uri admits every web URL fast-check spells with a user and a port', () => {
    const authority = fc.tuple(
      fc.webAuthority({ withUserInfo: true, withPort: true }),
      fc.webPath(),
    );
    fc.assert(
      fc.property(authority, ([host, path]) => STRING_FORMAT_CHECKS.uri(`https://${host}${path}`)),
      { numRuns: 1000 },
    );
  });

  // fast-check spells domains of up to 255 characters and e-mail addresses of up to 320 (a local
  // part of 64, `@`, a domain of 255). By the RFCs the checks keep: a domain is at most 255 octets
  // on the wire (RFC 1034 section 3.1), 253 characters as text; a mailbox at most 254 (RFC 5321
  // section 4.5.3.1.3, a path of 256 octets with its angle brackets). Those longer ones are refused
  // for their length alone.
  it('hostname admits a large fast-check domain exactly when it has at most 253 characters', () => {
    fc.assert(
      fc.property(fc.domain({ size: 'xlarge' }), (text) => {
        expect(STRING_FORMAT_CHECKS.hostname(text)).toBe(text.length <= 253);
      }),
      { numRuns: 500 },
    );
  });

  it('email admits a large fast-check address exactly when it has at most 254 characters', () => {
    fc.assert(
      fc.property(fc.emailAddress({ size: 'xlarge' }), (text) => {
        expect(STRING_FORMAT_CHECKS.email(text)).toBe(text.length <= 254);
      }),
      { numRuns: 500 },
    );
  });

  it('hostname admits every dotted-quad, as LDH text', () => {
    fc.assert(fc.property(fc.ipV4(), (text) => STRING_FORMAT_CHECKS.hostname(text)));
  });
});

describe('what the rules refuse', () => {
  it('ipv4 refuses any part with a leading zero', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.nat(3), (address, part) => {
        const parts = address.split('.');
        parts[part] = `0${parts[part]}`;
        return !STRING_FORMAT_CHECKS.ipv4(parts.join('.'));
      }),
    );
  });

  it('uuid refuses any one hex digit replaced by a non-hex character', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.nat(35),
        fc.constantFrom('g', 'G', '-', ' ', 'é', '\ud800'),
        (uuid, at, char) => {
          if (uuid[at] === '-') return true;
          return !STRING_FORMAT_CHECKS.uuid(uuid.slice(0, at) + char + uuid.slice(at + 1));
        },
      ),
    );
  });

  it('every format refuses text with a non-ASCII code point inserted anywhere', () => {
    const valid: Readonly<Record<StringFormat, string>> = {
      uuid: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      email: 'jsmith@example.com',
      uri: 'http://example.com/a?b#c',
      hostname: 'www.example.com',
      ipv4: '192.0.2.1',
      ipv6: '2001:db8::1',
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...STRING_FORMATS),
        fc.nat(),
        fc.constantFrom('\u00e9', '\u0660', '\uff0e', '\u{1d7cf}', '\ud800', '\udfff'),
        (format, at, char) => {
          const text = valid[format];
          const place = at % (text.length + 1);
          const mutated = text.slice(0, place) + char + text.slice(place);
          return !STRING_FORMAT_CHECKS[format](mutated);
        },
      ),
    );
  });

  it('no check throws on any string, lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STRING_FORMATS),
        fc.string({ unit: 'binary', maxLength: 80 }),
        (format, text) => typeof STRING_FORMAT_CHECKS[format](text) === 'boolean',
      ),
      { numRuns: 5000 },
    );
    for (const format of STRING_FORMATS) {
      expect(STRING_FORMAT_CHECKS[format]('\ud800')).toBe(false);
      expect(STRING_FORMAT_CHECKS[format]('xn--\udfff')).toBe(false);
    }
  });
});

describe('STRING_FORMAT_RULES', () => {
  it.each(STRING_FORMATS)('states the rule of %s in one sentence citing its RFC', (format) => {
    const rule = STRING_FORMAT_RULES[format];
    expect(rule).toMatch(/^RFC \d+ section [\d.]+[ :]/);
    expect(rule).toMatch(/^[^\n]+\.$/);
  });

  it('has exactly one check and one rule per string format, frozen', () => {
    expect(Object.keys(STRING_FORMAT_CHECKS).sort()).toEqual([...STRING_FORMATS].sort());
    expect(Object.keys(STRING_FORMAT_RULES).sort()).toEqual([...STRING_FORMATS].sort());
    expect(Object.isFrozen(STRING_FORMAT_CHECKS)).toBe(true);
    expect(Object.isFrozen(STRING_FORMAT_RULES)).toBe(true);
  });
});
