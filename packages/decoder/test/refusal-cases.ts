import type { DecodeOptions, DecodeRefusalCode } from '../src/index.ts';

/** The tag every hostile case carries in its content; no refusal may repeat it. */
export const CANARY = 'cAnArY-7f3e';

/** One refused input: what it is, where the refusal must point (byte offset). */
export interface RefusalCase {
  readonly code: DecodeRefusalCode;
  readonly where: 'top level' | 'nested';
  readonly input: string | Uint8Array;
  readonly offset: number;
  readonly options?: DecodeOptions;
}

const K = CANARY;
const bytes = (...parts: (string | number[])[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  return Uint8Array.from(chunks.flatMap((c) => [...c]));
};
const at = (input: string, marker: string): number =>
  new TextEncoder().encode(input.slice(0, input.indexOf(marker))).length;

function make(
  code: DecodeRefusalCode,
  where: RefusalCase['where'],
  input: string,
  marker: string,
  options?: DecodeOptions,
): RefusalCase {
  const offset = at(input, marker);
  return options === undefined
    ? { code, where, input, offset }
    : { code, where, input, offset, options };
}

/**
 * Every refusal code, each at the top level and nested inside containers, each carrying the canary
 * in its content. Codes about the document as a whole have no nested form, and a member name has
 * no top-level form (the test that reads these lists which, and why).
 */
export const REFUSAL_CASES: readonly RefusalCase[] = [
  make('DUPLICATE_KEY', 'top level', `{"${K}":1,"${K}":2}`, `"${K}":2`),
  make(
    'DUPLICATE_KEY',
    'nested',
    `[{"a":{"${K}":1,"b":[],"${K.replace('A', '\\u0041')}":2}}]`,
    `"${K.replace('A', '\\u0041')}"`,
  ),
  make('TRAILING_CONTENT', 'top level', `{"k":"${K}"} x${K}`, `x${K}`),
  {
    code: 'TRAILING_CONTENT',
    where: 'nested',
    input: `{"a":{"b":["${K}"]}}]`,
    offset: K.length + 16,
  },
  make('COMMENT', 'top level', `/* ${K} */ 1`, '/*'),
  make('COMMENT', 'nested', `[1, {"a": [2 // ${K}\n]}]`, '//'),
  make('TRAILING_COMMA', 'top level', `["${K}",]`, ',]'),
  make('TRAILING_COMMA', 'nested', `{"a":{"${K}":1 , }}`, ', }'),
  make('SINGLE_QUOTE', 'top level', `'${K}'`, `'`),
  make('SINGLE_QUOTE', 'nested', `{"a":[{'${K}':1}]}`, `'`),
  make('UNQUOTED_NAME', 'top level', `{${K}:1}`, K),
  make('UNQUOTED_NAME', 'nested', `[{"a":{"b":1,${K}:1}}]`, K),
  make('LEADING_ZERO', 'top level', '-0123', '-'),
  make('LEADING_ZERO', 'nested', `{"${K}":[1,007]}`, '007'),
  make('CONTROL_CHARACTER', 'top level', `"${K}\u0001"`, '\u0001'),
  make('CONTROL_CHARACTER', 'nested', `[{"${K}":"a\tb"}]`, '\t'),
  make('BARE_WORD', 'top level', K, K),
  make('BARE_WORD', 'nested', `{"${K}":[1,NaN]}`, 'NaN'),
  make('BARE_WORD', 'nested', `{"${K}":{"x":-Infinity}}`, '-Infinity'),
  {
    code: 'INVALID_UTF8',
    where: 'top level',
    input: bytes([0xff], `"${K}"`),
    offset: 0,
  },
  {
    code: 'INVALID_UTF8',
    where: 'nested',
    input: bytes(`[{"${K}":"`, [0xc0, 0xaf], `"}]`),
    offset: 6 + K.length,
  },
  make('BYTE_ORDER_MARK', 'top level', `\uFEFF{"${K}":1}`, '\uFEFF'),
  {
    code: 'BYTE_ORDER_MARK',
    where: 'top level',
    input: bytes([0xef, 0xbb, 0xbf], `"${K}"`),
    offset: 0,
  },
  make('NUMBER_OVERFLOW', 'top level', '1e400', '1e400'),
  make('NUMBER_OVERFLOW', 'nested', `{"${K}":[-1.5e308, {"x":-2e308}]}`, '-2e308'),
  make('NUMBER_UNDERFLOW', 'top level', '1e-400', '1e-400'),
  make('NUMBER_UNDERFLOW', 'nested', `{"${K}":[0e-400, 0.0001e-322]}`, '0.0001e-322'),
  make('LONE_SURROGATE', 'top level', `"${K}\\uD800"`, '\\uD800'),
  make('LONE_SURROGATE', 'nested', `[{"${K}\\uDC00":1}]`, '\\uDC00'),
  make('LONE_SURROGATE', 'nested', `[{"a":"${K}\uD83D"}]`, '\uD83D'),
  make('LONE_SURROGATE', 'nested', `["${K}\\uD83D\uDE00"]`, '\\uD83D'),
  make('INVALID_ESCAPE', 'top level', `"${K}\\x41"`, '\\x'),
  make('INVALID_ESCAPE', 'nested', `[{"${K}":"\\u12G4"}]`, '\\u12'),
  make('INVALID_NUMBER', 'top level', '1.e5', '1.'),
  make('INVALID_NUMBER', 'nested', `{"${K}":[.5]}`, '.5'),
  make('INVALID_NUMBER', 'nested', `{"${K}":[0x1F]}`, '0x1F'),
  make('UNEXPECTED_CHARACTER', 'top level', `#${K}`, '#'),
  make('UNEXPECTED_CHARACTER', 'nested', `{"${K}":[1 2]}`, '2]'),
  { code: 'UNEXPECTED_END', where: 'top level', input: `"${K}`, offset: K.length + 1 },
  { code: 'UNEXPECTED_END', where: 'nested', input: `{"a":[{"${K}":`, offset: K.length + 10 },
  {
    code: 'NESTING_TOO_DEEP',
    where: 'top level',
    input: `${'['.repeat(1001)}"${K}"${']'.repeat(1001)}`,
    offset: 1000,
  },
  {
    code: 'NESTING_TOO_DEEP',
    where: 'nested',
    input: `{"${K}":${'[{"a":'.repeat(500)}1${'}]'.repeat(500)}}`,
    offset: K.length + 4 + 6 * 499 + 1,
  },
  { code: 'NUMBER_TOO_LONG', where: 'top level', input: `-${'9'.repeat(1000)}`, offset: 0 },
  {
    code: 'NUMBER_TOO_LONG',
    where: 'nested',
    input: `{"${K}":[1.${'5'.repeat(999)}]}`,
    offset: K.length + 5,
  },
  make('STRING_TOO_LONG', 'top level', `"${K}"`, `"`, { maxStringLength: K.length - 1 }),
  make('STRING_TOO_LONG', 'nested', `{"a":["x","${K}"]}`, `"${K}`, { maxStringLength: 4 }),
  make('NAME_TOO_LONG', 'nested', `{"a":{"${K}":1}}`, `"${K}`, { maxNameLength: 4 }),
  make('NAME_TOO_LONG', 'nested', `[{"${K}":1}]`, `"${K}`, { maxNameLength: K.length - 1 }),
];
