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
  'fixtures/json-schema-test-suite/string-formats/draft2020-12/optional/format',
);

/**
 * Suite cases the checks do not follow, `file / group / case` to the reason. Empty: every string
 * case is followed.
 */
const DEVIATIONS: Readonly<Record<string, string>> = {};

const tally = { agreed: 0, notApplicable: 0, deviations: 0 };
const stringCases: Record<string, { valid: number; invalid: number }> = {};

describe('the JSON-Schema-Test-Suite optional/format files', () => {
  it('are vendored for exactly the string formats', () => {
    expect(readdirSync(SUITE).sort()).toEqual(STRING_FORMATS.map((name) => `${name}.json`).sort());
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
  });
});

/** Own corpora: RFC examples and near misses, per format. */
const CORPORA: Readonly<Record<StringFormat, { valid: string[]; invalid: string[] }>> = {
  uuid: {
    valid: [
      'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', // RFC 9562 section 4
      'C232AB00-9414-11EC-B3C8-9F6BDECED846', // RFC 9562 appendix A.1, upper case
      '919108f7-52d1-4320-9bac-f847db4148a8', // RFC 9562 appendix A.3
      'ffffffff-ffff-ffff-ffff-ffffffffffff', // RFC 9562 section 5.10, Max UUID
    ],
    invalid: [
      '{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}',
      'f81d4fae7dec11d0a76500a0c91e6bf6',
      'f81d4fae-7dec-11d0-a765_00a0c91e6bf6',
      'f81d4fae-7dec-11d0-a765-00a0c91e6bf',
      'f81d4fae-7dec-11d0-a765-00a0c91e6bf6a',
      'g81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      '',
    ],
  },
  email: {
    valid: [
      'jsmith@example.com',
      'Postmaster@example.org',
      "!#$%&'*+-/=?^_`{|}~@example.org",
      '""@example.org', // an empty Quoted-string: `*QcontentSMTP`
      '"a\\"b"@example.org',
      '"\\\\"@example.org',
      'a@b',
      `${'a'.repeat(64)}@example.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}`, // 254 in all
      'user@[IPv6:2001:db8::1]',
      'user@[ipv6:2001:db8::1]', // ABNF strings are case-insensitive (RFC 5234 section 2.3)
      'user@[IPv6:::ffff:192.0.2.1]',
      'user@xn--bcher-kva.example',
    ],
    invalid: [
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(61)}`, // 255, its domain a hostname of 253
      'a@b@example.com',
      '"unterminated@example.com',
      '"a"b@example.com',
      '"a\u0001"@example.com',
      '"a\\\u0001"@example.com',
      'user@[IPv6:2001:db8::1',
      'user@[2001:db8::1]',
      'user@[IPv6:192.0.2.1]',
      'user@[192.0.2.01]',
      'user@[tag:content]', // General-address-literal is not admitted
      'user@example.com.',
      'user@-example.com',
      'user@xn--X.example',
      'usér@example.com',
      'user@exämple.com',
      'a@',
      '@',
      '',
    ],
  },
  uri: {
    valid: [
      // RFC 3986 section 1.1.2
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      'http://www.ietf.org/rfc/rfc2396.txt',
      'ldap://[2001:db8::7]/c=GB?objectClass?one',
      'mailto:John.Doe@example.com',
      'news:comp.infosystems.www.servers.unix',
      'tel:+1-816-555-1212',
      'telnet://192.0.2.16:80/',
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
      // RFC 3986 section 3
      'foo://example.com:8042/over/there?name=ferret#nose',
      'urn:example:animal:ferret:nose',
      // RFC 3986 section 5.4
      'http://a/b/c/d;p?q',
      'http://a/b/c/g?y/./x#s/../x',
      'a:',
      'a+b-c.d:',
      'file:///etc/hosts',
      'http://[v7.fe80::a+b]/',
      'http://[::ffff:192.0.2.1]:8080/',
      'http://user:pass@host:/', // an empty port
      'http://host?#',
      'x://@/',
      'x:/a//b',
      'http://example.com/%E2%82%AC',
    ],
    invalid: [
      '',
      ':',
      'http',
      'http://exa mple.com/',
      'http://example.com/€',
      'http://example.com/#a#b',
      'http://[::1/',
      'http://[::1]x/',
      'http://[v7]/',
      'http://[fe80::1%25eth0]/',
      'http://a:b:c/',
      'http://a@b@c/',
      'http://example.com/%2',
      'http://example.com/?%zz',
      'a b:c',
      '+a:',
    ],
  },
  hostname: {
    valid: [
      'example',
      'a',
      '0',
      '127.0.0.1', // an LDH hostname too
      'xn--bcher-kva.example', // RFC 3492 style: bücher
      'XN--BCHER-KVA.EXAMPLE',
      'ab--cd.example', // an R-LDH label not starting xn-- is LDH
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, // 253
    ],
    invalid: [
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`, // 254
      'a..b',
      'a b',
      'a_b',
      'ex\u00e4mple',
      'xn--',
      'xn--abc-', // decodes to ASCII only: not an A-label
      'xn--a', // truncated Punycode
      'xn--99999999999', // decodes beyond the code point range
      'xn--ls8h', // U+1F4A9 PILE OF POO: DISALLOWED
      'xn--bcher-KVA.example.', // trailing dot
      '[::1]',
    ],
  },
  ipv4: {
    valid: ['192.0.2.1', '198.51.100.255', '203.0.113.0', '1.2.3.4', '249.250.251.252'],
    invalid: [
      '1.2.3.04',
      '1.2.3.4.',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.-4',
      '1..2.3',
      '1.2.3.1000',
      '300.1.1.1',
      '1.2.3.4/32',
      '١.٢.٣.٤',
      '',
    ],
  },
  ipv6: {
    valid: [
      // RFC 4291 section 2.2
      'ABCD:EF01:2345:6789:ABCD:EF01:2345:6789',
      '2001:DB8:0:0:8:800:200C:417A',
      '2001:DB8::8:800:200C:417A',
      'FF01::101',
      '0:0:0:0:0:0:0:1',
      '0:0:0:0:0:0:0:0',
      '0:0:0:0:0:0:13.1.68.3',
      '0:0:0:0:0:FFFF:129.144.52.38',
      '::13.1.68.3',
      '::FFFF:129.144.52.38',
      '1:2:3:4:5:6:7::', // `::` standing for one group
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6::8',
      'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255',
    ],
    invalid: [
      '1:2:3:4:5:6:7:8::',
      '::1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7::8',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:1.2.3.4:5',
      '1:2:3:4:5:6:7:1.2.3.4',
      '::1.2.3',
      '::1.2.3.4.5',
      ':::',
      '1:::2',
      ':1::',
      '00000::1',
      'g::1',
      '::%',
      '::1/128',
      'fe80::1%eth0',
      '[::1]',
      ':',
      '',
    ],
  },
};

describe.each(STRING_FORMATS)('%s: own corpus', (format) => {
  const check = STRING_FORMAT_CHECKS[format];
  it.each(CORPORA[format].valid)('admits %j', (text) => {
    expect(check(text)).toBe(true);
  });
  it.each(CORPORA[format].invalid)('refuses %j', (text) => {
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
