/*
 * Invariants of decode: every rule refuses with its own code and the byte offset where the input
 * went wrong, at the top level and nested; refusals never carry input content (canary); accepted
 * documents decode to JSON.parse's value; nesting can never overflow the stack; decode never
 * throws for any input. Numbers and prototypes have their own files.
 */
import { constants } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECODE_REFUSAL_CODES,
  DECODE_REFUSAL_RULES,
  type DecodeRefusalCode,
  decode,
} from '../src/index.ts';
import { CANARY, REFUSAL_CASES } from './refusal-cases.ts';
import { acceptedValue, asParsed, refusalOf, utf8 } from './support.ts';

const NO_NESTED_FORM: Partial<Record<DecodeRefusalCode, string>> = {
  BYTE_ORDER_MARK: 'a BOM is refused only before the document; inside it is a stray character',
  INPUT_TOO_LONG: 'the size of the whole input, judged before any of it is read',
};
const NO_TOP_LEVEL_FORM: Partial<Record<DecodeRefusalCode, string>> = {
  NAME_TOO_LONG: 'a member name only exists inside an object',
};

function isWellFormed(input: string): boolean {
  return (input as unknown as { isWellFormed(): boolean }).isWellFormed();
}

describe('refusals', () => {
  it.each(REFUSAL_CASES.map((c) => [c.code, c.where, c] as const))(
    '%s (%s)',
    (_code, _where, { code, input, offset, options }) => {
      const refusal = refusalOf(decode(input, options));
      expect(refusal.code).toBe(code);
      expect(refusal.offset).toBe(offset);
      if (typeof input === 'string' && isWellFormed(input)) {
        expect(refusalOf(decode(utf8(input), options))).toEqual(refusal);
      }
    },
  );

  it('has a case for every code, at the top level and nested', () => {
    for (const code of Object.values(DECODE_REFUSAL_CODES)) {
      if (code === 'INPUT_TOO_LONG') continue;
      const cases = REFUSAL_CASES.filter((c) => c.code === code);
      if (NO_TOP_LEVEL_FORM[code] === undefined) {
        expect(
          cases.some((c) => c.where === 'top level'),
          `${code} at the top level`,
        ).toBe(true);
      }
      if (NO_NESTED_FORM[code] === undefined) {
        expect(
          cases.some((c) => c.where === 'nested'),
          `${code} nested`,
        ).toBe(true);
      }
    }
  });

  it('never repeats input content: the canary is in no field of any refusal', () => {
    const carried = (input: string | Uint8Array) =>
      (typeof input === 'string' ? input : new TextDecoder().decode(input)).includes(CANARY);
    for (const code of Object.values(DECODE_REFUSAL_CODES)) {
      if (code === 'INPUT_TOO_LONG') continue;
      expect(
        REFUSAL_CASES.some((c) => c.code === code && carried(c.input)),
        `${code} has a case carrying the canary`,
      ).toBe(true);
    }
    for (const { input, options } of REFUSAL_CASES) {
      const refusal = refusalOf(decode(input, options));
      expect(JSON.stringify(refusal)).not.toContain(CANARY);
      expect(refusal.text).toBe(
        `Decoding stops at byte ${refusal.offset}. ${DECODE_REFUSAL_RULES[refusal.code]}`,
      );
    }
  });

  it('never repeats input content for generated hostile documents', () => {
    const fragment = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      "'",
      '\\',
      '\\u',
      'D800',
      '1',
      '0',
      'e400',
      '-',
      '.',
      ' ',
      'NaN',
      'true',
      '//',
      '\u0001',
      '\uFEFF',
      '\uD800',
      'é',
      CANARY,
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.boolean(), (parts, asBytes) => {
        const text = parts.join('');
        const result = decode(asBytes ? utf8(text) : text);
        if (!result.ok) {
          expect(JSON.stringify(result.refusal)).not.toContain(CANARY);
          expect(JSON.stringify(result.refusal)).not.toContain('cAnArY');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses input longer than the runtime can hold as a string, without reading it', () => {
    let huge: Uint8Array;
    try {
      huge = new Uint8Array(constants.MAX_STRING_LENGTH + 1);
    } catch {
      return expect.fail('cannot allocate the oversized input on this machine');
    }
    huge.set(utf8(`"${CANARY}"`));
    const refusal = refusalOf(decode(huge));
    expect(refusal.code).toBe('INPUT_TOO_LONG');
    expect(refusal.offset).toBe(constants.MAX_STRING_LENGTH);
    expect(JSON.stringify(refusal)).not.toContain(CANARY);
  });

  it('reports byte offsets, also for string input with multi-byte characters', () => {
    const text = '{"é":"日本","é":1}';
    const expected = { code: 'DUPLICATE_KEY', offset: 15 };
    expect(refusalOf(decode(text))).toMatchObject(expected);
    expect(refusalOf(decode(utf8(text)))).toMatchObject(expected);
    expect(refusalOf(decode('["😀", x]'))).toMatchObject({ code: 'BARE_WORD', offset: 9 });
  });

  it('reports the first violation in document order', () => {
    expect(refusalOf(decode('{"a":1,"a":2,}'))).toMatchObject({ code: 'DUPLICATE_KEY' });
    expect(refusalOf(decode('[1,] {"a":1,"a":2}'))).toMatchObject({ code: 'TRAILING_COMMA' });
    expect(refusalOf(decode('["\uD800", 01]'))).toMatchObject({ code: 'LONE_SURROGATE' });
    expect(refusalOf(decode('[01, "\uD800"]'))).toMatchObject({ code: 'LEADING_ZERO' });
  });

  it('judges UTF-8 validity of byte input before anything else', () => {
    expect(
      refusalOf(decode(Uint8Array.of(0x5b, 0x30, 0x31, 0x2c, 0x22, 0xff, 0x22, 0x5d))),
    ).toEqual(expect.objectContaining({ code: 'INVALID_UTF8', offset: 5 }));
  });

  it.each([
    ['a UTF-8 encoded surrogate', [0x22, 0xed, 0xa0, 0x80, 0x22], 1],
    ['an overlong encoding', [0x22, 0xc0, 0xaf, 0x22], 1],
    ['a truncated sequence', [0x22, 0x61, 0xe6, 0x97], 2],
    ['a code point above U+10FFFF', [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], 1],
    ['a lone continuation byte', [0x5b, 0x80, 0x5d], 1],
  ])('refuses %s as INVALID_UTF8 (never U+FFFD)', (_name, raw, offset) => {
    expect(refusalOf(decode(Uint8Array.from(raw)))).toMatchObject({ code: 'INVALID_UTF8', offset });
  });

  it('refuses a BOM in string input and in byte input', () => {
    expect(refusalOf(decode('\uFEFF{}')).code).toBe('BYTE_ORDER_MARK');
    expect(refusalOf(decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d))).code).toBe(
      'BYTE_ORDER_MARK',
    );
    expect(refusalOf(decode(' \uFEFF{}'))).toMatchObject({
      code: 'UNEXPECTED_CHARACTER',
      offset: 1,
    });
  });

  it('refuses empty and whitespace-only input as UNEXPECTED_END', () => {
    expect(refusalOf(decode(''))).toMatchObject({ code: 'UNEXPECTED_END', offset: 0 });
    expect(refusalOf(decode(new Uint8Array(0)))).toMatchObject({ code: 'UNEXPECTED_END' });
    expect(refusalOf(decode(' \n\t\r '))).toMatchObject({ code: 'UNEXPECTED_END', offset: 5 });
  });

  it('accepts only space, tab, line feed and carriage return as whitespace', () => {
    expect(acceptedValue(decode(' \t\n\r[ 1 ,\t2 ]\r\n '))).toEqual([1, 2]);
    for (const ws of ['\u00a0', '\u000b', '\u000c', '\u2028', '\u3000']) {
      expect(decode(`[1,${ws}2]`).ok, JSON.stringify(ws)).toBe(false);
    }
  });
});

describe('duplicate keys', () => {
  it('are compared after unescaping', () => {
    expect(refusalOf(decode('{"a":1,"\\u0061":2}')).code).toBe('DUPLICATE_KEY');
    expect(refusalOf(decode('{"\\/":1,"/":2}')).code).toBe('DUPLICATE_KEY');
    expect(refusalOf(decode('{"😀":1,"\\ud83d\\ude00":2}')).code).toBe('DUPLICATE_KEY');
    expect(refusalOf(decode('{"\\u00e9":1,"é":2}')).code).toBe('DUPLICATE_KEY');
  });

  it('keep a leading U+FEFF in a name, from a string and from bytes', () => {
    for (const text of ['{"\uFEFF":1,"\\ufeff":2}', '{"\\uFEFFa":1,"\uFEFFa":2}']) {
      expect(refusalOf(decode(text))).toMatchObject({ code: 'DUPLICATE_KEY' });
      expect(refusalOf(decode(utf8(text)))).toMatchObject({ code: 'DUPLICATE_KEY' });
    }
    const distinct = '{"\uFEFFa":1,"\\u0061":2,"\uFEFF":3,"":4}';
    for (const input of [distinct, utf8(distinct)]) {
      expect(Object.keys(acceptedValue(decode(input)) as object)).toEqual([
        '\uFEFFa',
        'a',
        '\uFEFF',
        '',
      ]);
    }
  });

  it('are found at any depth and in large objects', () => {
    const wide = Array.from({ length: 200 }, (_, k) => `"k${k}":${k}`).join(',');
    expect(acceptedValue(decode(`{${wide}}`))).toHaveProperty('k199', 199);
    expect(refusalOf(decode(`{${wide},"k17":0}`)).code).toBe('DUPLICATE_KEY');
    expect(refusalOf(decode(`[{"x":{${wide},"k\\u0031":0}}]`)).code).toBe('DUPLICATE_KEY');
    const deep = `${'{"a":'.repeat(900)}{"b":1,"b":2}${'}'.repeat(900)}`;
    expect(refusalOf(decode(deep)).code).toBe('DUPLICATE_KEY');
  });

  it('are per object: the same name in sibling or nested objects is fine', () => {
    expect(acceptedValue(decode('[{"a":1},{"a":2}]'))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(acceptedValue(decode('{"a":{"a":{"a":1}},"b":{"a":2}}'))).toEqual({
      a: { a: { a: 1 } },
      b: { a: 2 },
    });
    expect(acceptedValue(decode('{"ab":1,"ba":2,"a":3,"b":4,"":5}'))).toEqual({
      ab: 1,
      ba: 2,
      a: 3,
      b: 4,
      '': 5,
    });
  });

  it('include the smuggled second amount', () => {
    const refusal = refusalOf(decode(utf8('{"amount":1,"amount":9999}')));
    expect(refusal).toMatchObject({ code: 'DUPLICATE_KEY', offset: 12 });
    expect(refusal.text).not.toContain('9999');
    expect(refusal.text).not.toContain('amount');
  });
});

describe('strings', () => {
  it('decode escapes and non-ASCII text exactly as JSON.parse does', () => {
    const text = '["a\\"b\\\\c\\/d\\b\\f\\n\\r\\t", "\\u00e9\\ud83d\\ude00", "日本😀\u007f"]';
    expect(acceptedValue(decode(text))).toEqual(JSON.parse(text));
    expect(acceptedValue(decode(utf8(text)))).toEqual(JSON.parse(text));
  });

  it('accept U+FFFD itself, refuse a raw lone surrogate in string input', () => {
    expect(acceptedValue(decode('["\uFFFD"]'))).toEqual(['\uFFFD']);
    expect(refusalOf(decode('["ok", "\uDE00"]'))).toMatchObject({
      code: 'LONE_SURROGATE',
      offset: 8,
    });
    expect(refusalOf(decode('{"\uD800":1}'))).toMatchObject({ code: 'LONE_SURROGATE', offset: 2 });
  });

  it('accept a string AT the length limit and refuse one past it', () => {
    const at = `"${'x'.repeat(20_000_000)}"`;
    expect((acceptedValue(decode(at)) as string).length).toBe(20_000_000);
    const past = `"${'x'.repeat(19_999_999)}\\n"`;
    expect(acceptedValue(decode(past))).toHaveLength(20_000_000);
    expect(refusalOf(decode(`"${'x'.repeat(20_000_001)}"`)).code).toBe('STRING_TOO_LONG');
    expect(refusalOf(decode(utf8(`["${'é'.repeat(20_000_001)}"]`))).code).toBe('STRING_TOO_LONG');
  });

  it('measure the limit after unescaping, in UTF-16 code units', () => {
    expect(acceptedValue(decode('"\\u0041\\u0042"', { maxStringLength: 2 }))).toBe('AB');
    expect(acceptedValue(decode('"😀"', { maxStringLength: 2 }))).toBe('😀');
    expect(decode('"😀"', { maxStringLength: 1 }).ok).toBe(false);
    expect(decode('"\\ud83d\\ude00"', { maxStringLength: 1 }).ok).toBe(false);
  });

  it('accept a member name AT the length limit and refuse one past it', () => {
    const at = 'n'.repeat(50_000);
    expect(Object.keys(acceptedValue(decode(`{"${at}":1}`)) as object)).toEqual([at]);
    expect(refusalOf(decode(`{"${at}n":1}`))).toMatchObject({ code: 'NAME_TOO_LONG', offset: 1 });
  });

  it('count a name in UTF-16 code units after unescaping, from a string and from bytes', () => {
    const atLimit = ['é'.repeat(50_000), '😀'.repeat(25_000), '\\u00e9'.repeat(50_000)];
    for (const name of atLimit) {
      for (const text of [`{"${name}":1}`, `[{"${name}":1}]`]) {
        for (const input of [text, utf8(text)]) {
          expect(decode(input).ok, `${text.length} units`).toBe(true);
          expect(refusalOf(decode(input, { maxNameLength: 49_999 })).code).toBe('NAME_TOO_LONG');
        }
      }
    }
  });
});

describe('nesting', () => {
  it('accepts depth 1000 and refuses depth 1001', () => {
    const arrays = (d: number) => `${'['.repeat(d)}${']'.repeat(d)}`;
    const objects = (d: number) => `${'{"a":'.repeat(d - 1)}{}${'}'.repeat(d - 1)}`;
    expect(decode(arrays(1000)).ok).toBe(true);
    expect(decode(objects(1000)).ok).toBe(true);
    expect(refusalOf(decode(arrays(1001)))).toMatchObject({
      code: 'NESTING_TOO_DEEP',
      offset: 1000,
    });
    expect(refusalOf(decode(objects(1001))).code).toBe('NESTING_TOO_DEEP');
  });

  it('refuses depth 100000 without overflowing the stack', () => {
    expect(refusalOf(decode('['.repeat(100_000))).code).toBe('NESTING_TOO_DEEP');
    expect(refusalOf(decode(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).code).toBe(
      'NESTING_TOO_DEEP',
    );
    expect(refusalOf(decode(utf8('{"a":'.repeat(100_000)))).code).toBe('NESTING_TOO_DEEP');
  });

  it('builds depth 1000 with big integers without recursion', () => {
    const text = `${'['.repeat(999)}[9007199254740993]${']'.repeat(999)}`;
    let value = acceptedValue(decode(text));
    for (let d = 0; d < 1000; d++) value = (value as unknown[])[0] as typeof value;
    expect(value).toBe(9007199254740993n);
  });
});

describe('never throws', () => {
  it('for arbitrary bytes, leaving them as they were and accepting only what JSON.parse reads to the same value', () => {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const before = Uint8Array.from(bytes);
        const result = decode(bytes);
        expect(bytes).toEqual(before);
        if (result.ok) {
          expect(asParsed(result.value)).toEqual(JSON.parse(text.decode(bytes)));
        } else {
          expect(result.refusal.offset).toBeGreaterThanOrEqual(0);
          expect(result.refusal.offset).toBeLessThanOrEqual(bytes.length);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('for arbitrary strings, and it agrees with JSON.parse on what it accepts', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '"a"',
      '\\',
      '\\u',
      'dc00',
      'D83D',
      '0',
      '1',
      '-',
      '.',
      'e',
      'E+',
      ' ',
      '\n',
      'true',
      'null',
      'é',
      '\uD800',
      '\u0000',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const result = decode(text);
        if (result.ok) expect(asParsed(result.value)).toEqual(JSON.parse(text));
        else expect(result.refusal.offset).toBeLessThanOrEqual(utf8(text).length);
      }),
      { numRuns: 5000 },
    );
  });
});
