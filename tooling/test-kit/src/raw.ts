/**
 * Hand-written cases no schema generates: whole message bodies as bytes (duplicate keys, trailing
 * bytes, comments, NaN, `1e400`, integers past every width, nesting past the limit, lone
 * surrogates, C0 controls, invalid UTF-8, a BOM) and well-formed messages a caller should not send
 * (unknown tools named with a canary, non-string names, `_meta` not an object, a canary dialect, a
 * canary method, ids the protocol does not allow, `artifact_refs`). Each names how it must be
 * answered. A body refused as bytes carries its canary in its id too: the answer's id must be null.
 */
import type { CanaryMint } from './canary.ts';

/** How a case must be answered. */
export type RawExpectation =
  /** `-32700`, `id: null`: the bytes are not strict JSON. */
  | 'parse'
  /** An `isError` tool result marked correctable: the gate refused the arguments. */
  | 'gate'
  /** The one constant `-32602` answer: no tool available, or params that cannot be read. */
  | 'unservable'
  /** `-32602` in the server's own words (a dialect, a cursor, malformed params of a method). */
  | 'invalid-params'
  /** `-32601`. */
  | 'method'
  /** `-32600`: not a JSON-RPC 2.0 message; an id is echoed only when it is a valid one. */
  | 'invalid-request';

/** One raw case: a whole message body. */
export interface RawCase {
  readonly label: string;
  readonly body: string | Uint8Array;
  readonly canaries: readonly string[];
  readonly expect: RawExpectation;
}

/** The tool the raw cases call, one integer place of it, and valid arguments. */
export interface RawTarget {
  readonly tool: string;
  /** A declared integer property of narrower width than Int64. */
  readonly integer: string;
  /** Valid arguments WITHOUT the integer place, as JSON text of an object (`{"b":2}`). */
  readonly rest: string;
}

const encoder = new TextEncoder();
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...encoder.encode(p)] : p)));

/** `valid` with `member` (JSON text, `"name":value`) added first. */
function withMember(valid: string, member: string): string {
  return valid === '{}' ? `{${member}}` : `{${member},${valid.slice(1)}`;
}

/** Every raw case against `target`, with fresh canaries from `mint`. */
export function rawCases(target: RawTarget, mint: CanaryMint): RawCase[] {
  const out: RawCase[] = [];
  const I = JSON.stringify(target.integer);
  const valid = withMember(target.rest, `${I}:1`);
  // A case that sets the integer itself adds it to `rest`; any other adds its member to `valid`.
  const set = (member: string) => withMember(target.rest, member);
  const call = (id: string, args: string, name = JSON.stringify(target.tool)) =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${name},"arguments":${args}}}`;
  const add = (
    label: string,
    expect: RawExpectation,
    body: string | Uint8Array,
    ...canaries: string[]
  ) => out.push({ label, body, canaries, expect });

  // Refused as bytes: the canary is in the id (which must not come back) and in the content.
  const parse = (label: string, make: (c: string) => string | Uint8Array) => {
    const c = mint.string();
    add(label, 'parse', make(c), c);
  };
  parse('duplicate keys, the second a larger amount', (c) =>
    call(`"${c}"`, set(`${I}:1,${I}:9999`)),
  );
  parse('duplicate canary keys', (c) => call(`"${c}"`, withMember(valid, `"${c}":1,"${c}":2`)));
  parse('duplicate keys spelled with an escape', (c) =>
    call(`"${c}"`, withMember(valid, `"${c}":1,"\\u0043${c.slice(1)}":2`)),
  );
  parse('trailing bytes', (c) => `${call(`"${c}"`, valid)} x${c}`);
  parse('a second document', (c) => `${call(`"${c}"`, valid)}{"${c}":1}`);
  parse('a block comment', (c) => call(`"${c}"`, `/* ${c} */${valid}`));
  parse('a line comment', (c) => call(`"${c}"`, `${valid} // ${c}\n`));
  parse('NaN', (c) => call(`"${c}"`, withMember(valid, `"${c}":NaN`)));
  parse('Infinity', (c) => call(`"${c}"`, set(`${I}:-Infinity`)));
  parse('undefined', (c) => call(`"${c}"`, set(`${I}:undefined`)));
  parse('1e400', (c) => call(`"${c}"`, set(`${I}:1e400`)));
  parse('1e-400', (c) => call(`"${c}"`, set(`${I}:1e-400`)));
  parse('an integer of 309 digits past the largest double', (c) =>
    call(`"${c}"`, set(`${I}:${'9'.repeat(309)}`)),
  );
  parse('a number of 1001 characters', (c) => call(`"${c}"`, set(`${I}:${'1'.repeat(1001)}`)));
  parse('nesting past the limit', (c) =>
    call(`"${c}"`, withMember(valid, `"${c}":${'['.repeat(1001)}${']'.repeat(1001)}`)),
  );
  parse('a lone surrogate escaped in a value', (c) =>
    call(`"${c}"`, withMember(valid, `"${c}":"\\ud800${c}"`)),
  );
  parse('a lone surrogate escaped in a key', (c) =>
    call(`"${c}"`, withMember(valid, `"${c}\\udc00":1`)),
  );
  parse('a raw C0 control in a value', (c) =>
    call(`"${c}"`, withMember(valid, `"${c}":"a\u0001${c}"`)),
  );
  parse('a raw C0 control in a key', (c) => call(`"${c}"`, withMember(valid, `"${c}\u001f":1`)));
  parse('single quotes', (c) => call(`"${c}"`, withMember(valid, `'${c}':1`)));
  parse('an unquoted name', (c) => call(`"${c}"`, withMember(valid, `${c}:1`)));
  parse('a trailing comma', (c) => call(`"${c}"`, `${valid.slice(0, -1)},}`));
  parse('a leading zero', (c) => call(`"${c}"`, set(`${I}:007`)));
  parse('an invalid escape', (c) => call(`"${c}"`, withMember(valid, `"${c}":"\\x41"`)));
  parse('a byte order mark', (c) => bytes([0xef, 0xbb, 0xbf], call(`"${c}"`, valid)));
  parse('invalid UTF-8 in a value', (c) =>
    bytes(call(`"${c}"`, withMember(valid, `"${c}":"`)).slice(0, -3), [0xff, 0xfe], `"${c}"}}}`),
  );
  parse('an overlong UTF-8 slash', (c) =>
    bytes(
      `{"jsonrpc":"2.0","id":"${c}","method":"tools/call","params":{"name":"`,
      [0xc0, 0xaf],
      `${c}"}}`,
    ),
  );
  parse('UTF-8 cut in the middle of a character', (c) =>
    bytes(
      `{"jsonrpc":"2.0","id":"${c}","method":"tools/call","params":{"name":"${c}`,
      [0xe2, 0x82],
    ),
  );
  parse('an encoded surrogate', (c) =>
    bytes(`{"jsonrpc":"2.0","id":"${c}","method":"`, [0xed, 0xa0, 0x80], `${c}"}`),
  );
  parse('a number without digits after its point', (c) => call(`"${c}"`, set(`${I}:1.`)));
  parse('a hexadecimal number', (c) => call(`"${c}"`, set(`${I}:0x1F`)));
  parse('a character out of place', (c) => call(`"${c}"`, `${valid.slice(0, -1)}]`));
  parse('a document that ends early', (c) => call(`"${c}"`, valid).slice(0, -2));
  parse('an empty body', () => '');

  // Well-formed JSON the gate refuses: integers past every width, bigints past int64, protos.
  const gate = (label: string, member: (c: string) => string) => {
    const c = mint.string();
    const text = member(c);
    add(
      label,
      'gate',
      call('1', text.startsWith(`${I}:`) ? set(text) : withMember(valid, text)),
      c,
    );
  };
  const past = (offset: bigint) => mint.digits(offset);
  for (const [label, value] of [
    ['an integer past 2^64', past(2n ** 64n)],
    ['a bigint past int64', past(2n ** 63n)],
    ['a negative bigint past int64', `-${past(2n ** 63n)}`],
    ['an integer of 300 digits', `${past(0n)}${'0'.repeat(287)}`],
  ] as const) {
    out.push({
      label,
      body: call('1', set(`${I}:${value}`)),
      canaries: [value.replace('-', '')],
      expect: 'gate',
    });
  }
  gate('a fraction for an integer', () => `${I}:1.5`);
  gate('a coerced numeric string', (c) => `${I}:"7${c.slice(4)}"`);
  gate('`__proto__` as a name', (c) => `"__proto__":{"${c}":"${c}"}`);
  gate('`constructor` as a name', (c) => `"constructor":"${c}"`);
  gate('`prototype` as a name', (c) => `"prototype":["${c}"]`);
  gate('`artifact_refs` the tool does not declare', (c) => `"artifact_refs":["${c}"]`);
  gate('an escaped C0 control under an undeclared name', (c) => `"${c}":"\\u0001${c}"`);
  gate(
    'deep nesting within the limit, under an undeclared name',
    (c) => `"${c}":${'['.repeat(990)}"${c}"${']'.repeat(990)}`,
  );

  // Well-formed messages the protocol layer answers.
  const proto = (label: string, expect: RawExpectation, make: (c: string, k: string) => string) => {
    const c = mint.string();
    const k = mint.key();
    add(label, expect, make(c, k), c, k);
  };
  proto('an unknown tool named with a canary', 'unservable', (c) => call('2', valid, `"${c}"`));
  proto('a tool name with a canary suffix', 'unservable', (c) =>
    call('2', valid, `"${target.tool}${c}"`),
  );
  const named = mint.digits();
  add('a number as the tool name', 'unservable', call('2', valid, named), named);
  proto('an object as the tool name', 'unservable', (c, k) => call('2', valid, `{"${k}":"${c}"}`));
  proto('an array as the tool name', 'unservable', (c) => call('2', valid, `["${c}"]`));
  proto('null as the tool name', 'unservable', (c) =>
    call('2', withMember(valid, `"${c}":1`), 'null'),
  );
  proto('arguments that are a string', 'unservable', (c) => call('2', `"${c}"`));
  proto('arguments that are an array', 'unservable', (c) => call('2', `["${c}"]`));
  proto(
    '`_meta` a string',
    'unservable',
    (c) =>
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"${target.tool}","arguments":${valid},"_meta":"${c}"}}`,
  );
  proto(
    '`_meta` an array',
    'unservable',
    (c) =>
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"${target.tool}","arguments":${valid},"_meta":["${c}"]}}`,
  );
  proto(
    'a canary dialect on a call',
    'invalid-params',
    (c) =>
      `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"${target.tool}","arguments":${valid},"_meta":{"portcullis/dialect":"${c}"}}}`,
  );
  proto(
    'a canary dialect on a listing',
    'invalid-params',
    (c) =>
      `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"portcullis/dialect":"${c}"}}}`,
  );
  proto(
    'a canary cursor',
    'invalid-params',
    (c) => `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":"${c}"}}`,
  );
  proto(
    'a canary log level',
    'invalid-params',
    (c) => `{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"${c}"}}`,
  );
  proto(
    'a canary progress token of the wrong type',
    'unservable',
    (c) =>
      `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"${target.tool}","arguments":${valid},"_meta":{"progressToken":["${c}"]}}}`,
  );
  proto('a canary method', 'method', (c) => `{"jsonrpc":"2.0","id":5,"method":"${c}","params":{}}`);
  proto(
    'a canary method under tools/',
    'method',
    (c) => `{"jsonrpc":"2.0","id":5,"method":"tools/${c}","params":{"name":"${c}"}}`,
  );
  proto(
    'resources/read of a canary',
    'method',
    (c) => `{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"file:///${c}"}}`,
  );
  proto(
    'a canary member in the envelope',
    'invalid-request',
    (c, k) => `{"jsonrpc":"2.0","id":6,"method":"ping","${k}":"${c}"}`,
  );
  proto(
    'a canary JSON-RPC version',
    'invalid-request',
    (c) => `{"jsonrpc":"${c}","id":6,"method":"ping"}`,
  );
  proto(
    'an object id',
    'invalid-request',
    (c, k) => `{"jsonrpc":"2.0","id":{"${k}":"${c}"},"method":"ping"}`,
  );
  proto(
    'an id past 256 characters',
    'invalid-request',
    (c) => `{"jsonrpc":"2.0","id":"${c}${'x'.repeat(300)}","method":"ping"}`,
  );
  const fractional = mint.digits();
  add(
    'a fractional id',
    'invalid-request',
    `{"jsonrpc":"2.0","id":${fractional}.5,"method":"ping"}`,
    fractional,
  );
  proto(
    'a method that is not a string',
    'invalid-request',
    (c) => `{"jsonrpc":"2.0","id":6,"method":["${c}"]}`,
  );
  proto('an array for the message', 'invalid-request', (c) => `["${c}"]`);
  proto('a string for the message', 'invalid-request', (c) => `"${c}"`);
  return out;
}

/** One case at or just past a pinned decoder limit. */
export interface LimitCase {
  readonly label: string;
  readonly input: string;
  /** The refusal code past the limit; `undefined` at the limit, where the input is accepted. */
  readonly code: string | undefined;
  readonly canaries: readonly string[];
}

/** The decoder's pinned limits, each at the limit (accepted) and one past it (refused). */
export interface DecoderLimits {
  readonly nesting: number;
  readonly numberLength: number;
  readonly stringLength: number;
  readonly nameLength: number;
}

/** Every limit at and just past, each input carrying a canary (in a name, or in the content). */
export function limitCases(limits: DecoderLimits, mint: CanaryMint): LimitCase[] {
  const out: LimitCase[] = [];
  for (const [past, code] of [
    [0, undefined],
    [1, 'past'],
  ] as const) {
    const tag = (name: string) => (code === undefined ? undefined : name);
    const c = mint.string();
    const depth = limits.nesting + past;
    out.push({
      label: `nesting ${depth} deep`,
      input: `${'['.repeat(depth - 1)}{"${c}":"${c}"}${']'.repeat(depth - 1)}`,
      code: tag('NESTING_TOO_DEEP'),
      canaries: [c],
    });
    const n = mint.string();
    const digits = limits.numberLength + past - 2;
    out.push({
      label: `a number of ${limits.numberLength + past} characters`,
      input: `{"${n}":0.${'1'.repeat(digits)}}`,
      code: tag('NUMBER_TOO_LONG'),
      canaries: [n],
    });
    const s = mint.string();
    const length = limits.stringLength + past;
    out.push({
      label: `a string of ${length.toLocaleString('en')} units`,
      input: `{"${s}":"${s}${'x'.repeat(length - s.length)}"}`,
      code: tag('STRING_TOO_LONG'),
      canaries: [s],
    });
    const k = mint.string();
    const name = limits.nameLength + past;
    out.push({
      label: `a name of ${name.toLocaleString('en')} units`,
      input: `{"${k}${'x'.repeat(name - k.length)}":"${k}"}`,
      code: tag('NAME_TOO_LONG'),
      canaries: [k],
    });
  }
  return out;
}
