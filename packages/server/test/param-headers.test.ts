/*
 * Guards the judgement of `Mcp-Param-*` headers against a modern call's arguments (SEP-2243), over
 * declarations a real catalog built: the conformance suite's own cases (valid Base64 accepted, bad
 * padding and bad characters refused, the raw Base64 text and a sentinel without its end taken as
 * literals, a header left out while the body has the value refused), every rule of the revision
 * (absent and null arguments, integers and booleans by their text, the spec's encoding table), and
 * hostile headers (huge, non-ASCII, CR LF, duplicated, in other cases, non-canonical Base64). No
 * judgement carries anything the caller sent: only a reason code and the declared header name.
 */
import { createCatalog, defineTool } from '@portcullis/catalog';
import { SafeInteger } from '@portcullis/schema';
import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  judgeParamHeaders,
  PARAM_HEADER_REASONS,
  PARAM_HEADER_REFUSAL_TEXT,
  type ParamHeaderSource,
} from '../src/internal/http/param-headers.ts';

const catalog = createCatalog({
  tools: [
    defineTool({
      name: 'route',
      description: 'Routes a query.',
      input: Type.Object({
        region: Type.String({ 'x-mcp-header': 'Region' }),
        options: Type.Optional(
          Type.Object({
            priority: Type.Optional(SafeInteger({ 'x-mcp-header': 'Priority' })),
            verbose: Type.Optional(Type.Boolean({ 'x-mcp-header': 'Verbose' })),
          }),
        ),
        query: Type.Optional(Type.String()),
      }),
      weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
      run: () => 'routed',
    }),
  ],
});
const DECLARED = catalog.get('route')?.headers ?? [];

const b64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const judge = (headers: ParamHeaderSource, args: unknown, requireHeaders?: boolean) =>
  judgeParamHeaders(
    DECLARED,
    headers,
    args,
    requireHeaders === undefined ? {} : { requireHeaders },
  );
const accepted = { ok: true };
const refused = (reason: string, header = 'Mcp-Param-Region') => ({ ok: false, reason, header });
const { MISSING, UNEXPECTED, DUPLICATE, INVALID_CHARACTERS, MALFORMED_BASE64, MISMATCH } =
  PARAM_HEADER_REASONS;

describe('the declarations a catalog built', () => {
  it('are the three the tool declares', () => {
    expect(DECLARED.map((d) => [d.header, d.path, d.type])).toEqual([
      ['Mcp-Param-Region', ['region'], 'string'],
      ['Mcp-Param-Priority', ['options', 'priority'], 'integer'],
      ['Mcp-Param-Verbose', ['options', 'verbose'], 'boolean'],
    ]);
  });
});

describe("the conformance suite's cases (http-custom-header-server-validation)", () => {
  it.each([
    ['valid Base64 of the body value', '=?base64?SGVsbG8=?=', 'Hello', accepted],
    ['Base64 with its padding missing', '=?base64?SGVsbG8?=', 'Hello', refused(MALFORMED_BASE64)],
    [
      'Base64 with non-alphabet characters',
      '=?base64?SGVs!!!bG8=?=',
      'Hello',
      refused(MALFORMED_BASE64),
    ],
    ['the raw Base64 text, a literal', 'SGVsbG8=', 'SGVsbG8=', accepted],
    ['the sentinel without its end, a literal', '=?base64?SGVsbG8=', '=?base64?SGVsbG8=', accepted],
  ])('%s', (_, header, body, expected) => {
    expect(judge({ 'mcp-param-region': header }, { region: body })).toEqual(expected);
  });

  it('refuses the header left out while the body has the value', () => {
    expect(judge({}, { region: 'test-value' })).toEqual(refused(MISSING));
  });
});

describe('the rules of the revision', () => {
  it('accepts plain ASCII equal to the body, and refuses a different value', () => {
    expect(judge({ 'mcp-param-region': 'us-west1' }, { region: 'us-west1' })).toEqual(accepted);
    expect(judge({ 'mcp-param-region': 'us-east1' }, { region: 'us-west1' })).toEqual(
      refused(MISMATCH),
    );
    expect(judge({ 'mcp-param-region': 'US-WEST1' }, { region: 'us-west1' })).toEqual(
      refused(MISMATCH),
    );
  });

  it('expects no header for an absent or null argument, and refuses one sent for it', () => {
    expect(judge({}, {})).toEqual(accepted);
    expect(judge({}, { region: null })).toEqual(accepted);
    expect(judge({}, undefined)).toEqual(accepted);
    expect(judge({ 'mcp-param-region': 'x' }, {})).toEqual(refused(UNEXPECTED));
    expect(judge({ 'mcp-param-region': 'x' }, { region: null })).toEqual(refused(UNEXPECTED));
    expect(judge({ 'mcp-param-priority': '1' }, { region: 'x' })).toEqual(
      refused(MISSING, 'Mcp-Param-Region'),
    );
  });

  it('reads a nested property through its path, and nothing through an array or a null', () => {
    const headers = { 'mcp-param-region': 'eu', 'mcp-param-priority': '3' };
    expect(judge(headers, { region: 'eu', options: { priority: 3 } })).toEqual(accepted);
    expect(judge(headers, { region: 'eu', options: { priority: 4 } })).toEqual(
      refused(MISMATCH, 'Mcp-Param-Priority'),
    );
    expect(judge(headers, { region: 'eu', options: [3] })).toEqual(
      refused(UNEXPECTED, 'Mcp-Param-Priority'),
    );
    expect(judge(headers, { region: 'eu', options: null })).toEqual(
      refused(UNEXPECTED, 'Mcp-Param-Priority'),
    );
    const inherited = Object.create({ priority: 3 }) as object;
    expect(judge(headers, { region: 'eu', options: inherited })).toEqual(
      refused(UNEXPECTED, 'Mcp-Param-Priority'),
    );
  });

  it.each([
    ['3', 3, true],
    ['-7', -7, true],
    ['0', 0, true],
    ['-0', 0, true],
    ['0', -0, true],
    ['42.0', 42, true],
    ['42.000', 42, true],
    ['9007199254740991', Number.MAX_SAFE_INTEGER, true],
    ['9007199254740993', 9007199254740993n, true],
    ['042', 42, false],
    ['+42', 42, false],
    ['4.2e1', 42, false],
    ['42.5', 42, false],
    ['0x2a', 42, false],
    ['42 ', 42, true],
    ['', 0, false],
    ['3', '3', false],
    ['3', 3.5, false],
  ])('an integer header %j against %s: %s', (header, priority, agree) => {
    const result = judge(
      { 'mcp-param-region': 'eu', 'mcp-param-priority': header },
      { region: 'eu', options: { priority } },
    );
    expect(result).toEqual(agree ? accepted : refused(MISMATCH, 'Mcp-Param-Priority'));
  });

  it.each([
    ['true', true, true],
    ['false', false, true],
    ['TRUE', true, false],
    ['True', true, false],
    ['1', true, false],
    ['false', true, false],
    ['true', 'true', false],
  ])('a boolean header %j against %s: %s', (header, verbose, agree) => {
    const result = judge(
      { 'mcp-param-region': 'eu', 'mcp-param-verbose': header },
      { region: 'eu', options: { verbose } },
    );
    expect(result).toEqual(agree ? accepted : refused(MISMATCH, 'Mcp-Param-Verbose'));
  });

  it('accepts integers and booleans in the Base64 form too', () => {
    const headers = {
      'mcp-param-region': 'eu',
      'mcp-param-priority': b64('12'),
      'mcp-param-verbose': b64('true'),
    };
    expect(judge(headers, { region: 'eu', options: { priority: 12, verbose: true } })).toEqual(
      accepted,
    );
  });

  it.each([
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ['', '=?base64??='],
  ])("decodes the specification's encoding of %j", (body, header) => {
    expect(judge({ 'mcp-param-region': header }, { region: body })).toEqual(accepted);
  });

  it('takes a value in the sentinel form as Base64 only, never as its literal text', () => {
    const literal = '=?base64?literal?=';
    expect(judge({ 'mcp-param-region': literal }, { region: literal })).toEqual(
      refused(MALFORMED_BASE64),
    );
    // Too short to hold both markers: a literal.
    expect(judge({ 'mcp-param-region': '=?base64?=' }, { region: '=?base64?=' })).toEqual(accepted);
    // The markers are case-sensitive: another case is a literal.
    expect(judge({ 'mcp-param-region': '=?BASE64?SGk=?=' }, { region: '=?BASE64?SGk=?=' })).toEqual(
      accepted,
    );
  });

  it('trims spaces and tabs around a value, as an HTTP parser does', () => {
    expect(judge({ 'mcp-param-region': ' \teu-1\t ' }, { region: 'eu-1' })).toEqual(accepted);
    expect(judge({ 'mcp-param-region': ' eu-1' }, { region: ' eu-1' })).toEqual(refused(MISMATCH));
  });

  it('leaves a header no declaration names unjudged, and accepts any call when none is declared', () => {
    expect(
      judge({ 'mcp-param-region': 'eu', 'mcp-param-other': '\u00ff' }, { region: 'eu' }),
    ).toEqual(accepted);
    expect(judgeParamHeaders([], { 'mcp-param-region': 'x' }, { region: 'y' })).toEqual(accepted);
  });

  it('with requireHeaders false, accepts a missing header and still judges one that arrives', () => {
    expect(judge({}, { region: 'eu' }, false)).toEqual(accepted);
    expect(judge({ 'mcp-param-region': 'us' }, { region: 'eu' }, false)).toEqual(refused(MISMATCH));
    expect(judge({ 'mcp-param-region': 'us' }, {}, false)).toEqual(refused(UNEXPECTED));
  });
});

describe('hostile headers', () => {
  it('finds the header in any case of its name', () => {
    for (const name of [
      'Mcp-Param-Region',
      'MCP-PARAM-REGION',
      'mcp-param-region',
      'mCp-PaRaM-rEgIoN',
    ]) {
      expect(judge({ [name]: 'eu' }, { region: 'eu' })).toEqual(accepted);
      expect(judge({ [name]: 'us' }, { region: 'eu' })).toEqual(refused(MISMATCH));
    }
  });

  it('refuses a header given twice, as a list or in two spellings of its name', () => {
    expect(judge({ 'mcp-param-region': ['eu', 'eu'] }, { region: 'eu' })).toEqual(
      refused(DUPLICATE),
    );
    expect(judge({ 'mcp-param-region': ['eu', 'us'] }, { region: 'eu' })).toEqual(
      refused(DUPLICATE),
    );
    expect(judge({ 'Mcp-Param-Region': 'eu', 'mcp-param-region': 'eu' }, { region: 'eu' })).toEqual(
      refused(DUPLICATE),
    );
    expect(judge({ 'mcp-param-region': ['eu'] }, { region: 'eu' })).toEqual(accepted);
    const flood = Array.from({ length: 200_000 }, () => 'eu');
    expect(judge({ 'mcp-param-region': flood }, { region: 'eu' })).toEqual(refused(DUPLICATE));
  });

  it('refuses a joined duplicate (Node joins repeated headers with a comma) as a mismatch', () => {
    expect(judge({ 'mcp-param-region': 'eu, us' }, { region: 'eu' })).toEqual(refused(MISMATCH));
  });

  it.each([
    ['a non-ASCII character', 'Région'],
    ['a byte above 0x7e as Node gives it (latin1)', 'R\u00e9gion'],
    ['CR LF', 'eu\r\nSet-Cookie: a=b'],
    ['a NUL', 'eu\u0000'],
    ['DEL', 'eu\u007f'],
    ['a lone surrogate', 'eu\ud800'],
  ])('refuses %s in a literal value, even equal to the body', (_, value) => {
    expect(judge({ 'mcp-param-region': value }, { region: value })).toEqual(
      refused(INVALID_CHARACTERS),
    );
  });

  it.each([
    ['non-zero bits under the padding', '=?base64?SGVsbG9=?='],
    ['padding in the middle', '=?base64?SG=sbG8=?='],
    ['three padding characters', '=?base64?SGVsb===?='],
    ['the URL-safe alphabet', '=?base64?-_-_?='],
    ['whitespace inside', '=?base64?SGVs bG8=?='],
    ['bytes that are no UTF-8', `=?base64?${Buffer.from([0xff, 0xfe]).toString('base64')}?=`],
    ['an overlong UTF-8 sequence', `=?base64?${Buffer.from([0xc0, 0xaf]).toString('base64')}?=`],
    [
      'an encoded lone surrogate',
      `=?base64?${Buffer.from([0xed, 0xa0, 0x80]).toString('base64')}?=`,
    ],
  ])('refuses Base64 with %s', (_, header) => {
    expect(judge({ 'mcp-param-region': header }, { region: 'Hello' })).toEqual(
      refused(MALFORMED_BASE64),
    );
  });

  it('judges huge headers and bodies in one linear pass', () => {
    const big = 'a'.repeat(1 << 20);
    expect(judge({ 'mcp-param-region': big }, { region: big })).toEqual(accepted);
    expect(judge({ 'mcp-param-region': `${big}b` }, { region: big })).toEqual(refused(MISMATCH));
    expect(judge({ 'mcp-param-region': b64(big) }, { region: big })).toEqual(accepted);
    expect(
      judge({ 'mcp-param-region': `=?base64?${'A'.repeat((1 << 20) + 1)}?=` }, { region: big }),
    ).toEqual(refused(MALFORMED_BASE64));
    const digits = '9'.repeat(1 << 20);
    expect(
      judge(
        { 'mcp-param-region': 'x', 'mcp-param-priority': digits },
        { region: 'x', options: { priority: 1 } },
      ),
    ).toEqual(refused(MISMATCH, 'Mcp-Param-Priority'));
    const many: Record<string, string> = { 'mcp-param-region': 'x' };
    for (let index = 0; index < 10_000; index++) many[`mcp-param-other-${index}`] = 'y';
    expect(judge(many, { region: 'x' })).toEqual(accepted);
  });

  it('takes any string through its Base64 form, and refuses any other value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (body, other) => {
        expect(judge({ 'mcp-param-region': b64(body) }, { region: body })).toEqual(accepted);
        if (other !== body) {
          expect(judge({ 'mcp-param-region': b64(other) }, { region: body }).ok).toBe(false);
        }
      }),
    );
  });

  it('never carries a header or body value in its judgement or its text', () => {
    const canary = 'CANARY-7f3a9c';
    const cases: [ParamHeaderSource, unknown][] = [
      [{ 'mcp-param-region': canary }, { region: 'eu' }],
      [{ 'mcp-param-region': 'eu' }, { region: canary }],
      [{ 'mcp-param-region': b64(canary) }, { region: `${canary}!` }],
      [{ 'mcp-param-region': `=?base64?${canary}?=` }, { region: canary }],
      [{ 'mcp-param-region': [canary, canary] }, { region: canary }],
      [{ 'mcp-param-region': `${canary}\u00e9` }, { region: canary }],
      [{ 'mcp-param-region': canary }, {}],
      [{}, { region: canary }],
    ];
    for (const [headers, args] of cases) {
      const result = judge(headers, args);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(canary);
    }
    expect(PARAM_HEADER_REFUSAL_TEXT).not.toMatch(/CANARY|Region/);
  });
});
