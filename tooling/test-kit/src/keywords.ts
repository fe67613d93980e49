/**
 * The keyword table: for each JSON Schema keyword a published document may carry, the hostile
 * values a place declaring it gets. A keyword added to the vocabulary gets hostile cases by adding
 * one entry here; the generator applies every entry whose keyword a place carries. Each value comes
 * with the canaries it holds; a value that cannot hold one (a missing property, `1.5`) is still
 * caught through the canaries of the valid body around it.
 */
import { discriminatorOf, isJsonObject, type SchemaObject } from '@portcullis/schema/document';
import { admitsNull, FORMAT_EXAMPLES, typesOf, type Value } from './baseline.ts';
import type { CanaryMint } from './canary.ts';

/** One hostile value for a place. */
export interface HostileValue {
  /** What is hostile about it, in a few words. */
  readonly label: string;
  /** The value put at the place. */
  readonly value: Value;
  /** The canaries the value holds (besides those of the body). */
  readonly canaries: readonly string[];
  /** `parse` when the bytes themselves are refused (a lone surrogate); else the gate refuses. */
  readonly expect?: 'parse';
}

/** Where a rule applies: the resolved node, the place's valid value, and the mint. */
export interface PlaceContext {
  readonly node: SchemaObject;
  readonly valid: Value;
  readonly mint: CanaryMint;
  /** True inside a union member, where a value of another type may belong to another member. */
  readonly inUnionMember: boolean;
}

/** One entry of the table. */
export interface KeywordRule {
  readonly keyword: string;
  readonly cases: (place: PlaceContext) => readonly HostileValue[];
}

/** Defines `key` on a copy of `object` as an own data property (`__proto__` included). */
export function withKey(object: Value, key: string, value: Value): Value {
  const copy: Record<string, Value> = {};
  for (const [name, item] of Object.entries(object as Record<string, Value>))
    Object.defineProperty(copy, name, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function without(object: Value, key: string): Value {
  const copy: Record<string, Value> = {};
  for (const [name, item] of Object.entries(object as Record<string, Value>))
    if (name !== key)
      Object.defineProperty(copy, name, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return copy;
}

const h = (label: string, value: Value, ...canaries: string[]): HostileValue => ({
  label,
  value,
  canaries,
});

function big(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return undefined;
}

/** A number as the boundary holds it: a `number` when exact, else a `bigint`. */
function exact(value: bigint): Value {
  return Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

function jsonTypeOf(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function admitsType(types: readonly string[], value: Value): boolean {
  const type = jsonTypeOf(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** Values of every JSON type, coerced spellings among them, each with a fresh canary. */
function everyType(mint: CanaryMint, node: SchemaObject): HostileValue[] {
  const [s, a, o] = [mint.string(), mint.string(), mint.string()];
  const [n, f] = [mint.digits(), mint.digits()];
  const k = mint.key();
  const types = typesOf(node) ?? [];
  const out = [
    h('a string', s, s),
    h('an integer', exact(BigInt(n)), n),
    h('a fraction', Number(`${f.slice(0, 12)}.5`), f.slice(0, 12)),
    h('true', true),
    h('an array', [a], a),
    h('an object', withKey({}, k, o), k, o),
  ];
  if (!admitsNull(node)) out.push(h('null', null));
  if (types.includes('integer') || types.includes('number')) {
    const digits = mint.digits();
    out.push(h('a numeric string', digits, digits));
  }
  if (types.includes('boolean'))
    out.push(h('a coerced "yes"', 'yes'), h('a coerced "true"', 'true'));
  if (types.includes('integer')) {
    const past64 = mint.digits(2n ** 64n);
    out.push(
      h('an integer past every width', BigInt(past64), past64),
      h('a negative integer past every width', -BigInt(past64), past64),
    );
  }
  return out;
}

function typeRule(place: PlaceContext): HostileValue[] {
  const types = typesOf(place.node);
  if (types === undefined || place.inUnionMember) return [];
  return everyType(place.mint, place.node).filter(
    (c) => !admitsType(types, c.value) && !(c.value === null && admitsNull(place.node)),
  );
}

function lowRule(keyword: 'minimum' | 'exclusiveMinimum') {
  return ({ node, mint }: PlaceContext): HostileValue[] => {
    const limit = big(node[keyword]);
    if (limit === undefined) {
      const value = node[keyword];
      return typeof value === 'number' ? [h('below the bound', value - 1)] : [];
    }
    const just = keyword === 'minimum' ? limit - 1n : limit;
    const far = mint.digits();
    return [
      h('just below the bound', exact(just)),
      h(
        'far below the bound',
        exact(limit - BigInt(far) - 1n),
        (BigInt(far) + 1n - limit).toString(),
      ),
    ];
  };
}

function highRule(keyword: 'maximum' | 'exclusiveMaximum') {
  return ({ node, mint }: PlaceContext): HostileValue[] => {
    const limit = big(node[keyword]);
    if (limit === undefined) {
      const value = node[keyword];
      return typeof value === 'number' ? [h('above the bound', value + 1)] : [];
    }
    const just = keyword === 'maximum' ? limit + 1n : limit;
    const far = BigInt(mint.digits()) + limit;
    return [
      h('just above the bound', exact(just)),
      h('far above the bound', exact(far), far.toString()),
    ];
  };
}

function enumRule({ node, mint }: PlaceContext): HostileValue[] {
  const values = node['enum'];
  if (!Array.isArray(values)) return [];
  const s = mint.string();
  const out = [h('a name not in the enum', s, s)];
  const first = values.find((v): v is string => typeof v === 'string');
  if (first !== undefined) {
    const t = mint.string();
    out.push(h('an enum value with a suffix', `${first}${t}`, t));
    if (!values.includes(first.toUpperCase()))
      out.push(h('an enum value in capitals', first.toUpperCase()));
  }
  return out;
}

function constRule({ node, mint }: PlaceContext): HostileValue[] {
  const s = mint.string();
  return typeof node['const'] === 'string'
    ? [h('not the const', `${node['const']}${s}`, s)]
    : [h('not the const', s, s)];
}

/** Bad spellings of each format: impossible dates, leap-second forms, missing offsets. */
const BAD_FORMATS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'date-time': [
    '2024-13-01T00:00:00Z',
    '2023-02-30T12:00:00Z',
    '2024-05-01T12:00:60Z',
    '2024-05-01T23:59:61Z',
    '2024-05-01T12:00:00',
    '2024-05-01 12:00:00Z',
  ],
  date: ['2024-13-01', '2023-02-30', '2024-02-30', '2024-5-1', '20240501'],
  time: ['24:00:00Z', '12:00:61Z', '12:00:60Z', '12:00:00', '12:00Z'],
  duration: ['P', 'PT', 'P1DT', '1D', 'P1.5D', 'P1W2D'],
  uuid: [
    '123e4567-e89b-42d3-a456-42661417400',
    '123e4567e89b42d3a456426614174000',
    '123e4567-e89b-42d3-a456-42661417400g',
  ],
  email: ['someone', 'someone@', '@example.com', 'a b@example.com', 'someone@-example.com'],
  uri: ['//example.com/path', 'example.com', 'https://exa mple.com/', '/relative'],
  hostname: [
    '-example.com',
    'example-.com',
    `${'a'.repeat(64)}.com`,
    'exa_mple.com',
    'example..com',
  ],
  ipv4: ['256.1.1.1', '01.1.1.1', '1.1.1', '1.1.1.1.1'],
  ipv6: ['1:::2', '12345::1', '::1%eth0', '1:2:3:4:5:6:7:8:9'],
});

function formatRule({ node, mint }: PlaceContext): HostileValue[] {
  const format = node['format'];
  if (typeof format !== 'string') return [];
  const [s, t] = [mint.string(), mint.string()];
  const example = FORMAT_EXAMPLES[format] ?? '';
  // A canary alone is a hostname, and a suffix of letters and digits keeps an email, a URI or a
  // hostname valid: angle brackets, which no format admits, keep both cases outside every format.
  return [
    h('not in the format', `<${s}>`, s),
    h('the format with a suffix', `${example}<${t}>`, t),
    ...(BAD_FORMATS[format] ?? []).map((bad) => h(`a bad ${format}: ${bad}`, bad)),
  ];
}

function stringRule({ node, mint }: PlaceContext): HostileValue[] {
  if (!(typesOf(node) ?? []).includes('string')) return [];
  const s = mint.string();
  const t = mint.string();
  return [
    h('a C0 control in the value', `${s}\u0001`, s),
    { label: 'a lone surrogate in the value', value: `${t}\ud800`, canaries: [t], expect: 'parse' },
  ];
}

function requiredRule({ node, valid }: PlaceContext): HostileValue[] {
  const required = node['required'];
  if (!Array.isArray(required) || !isJsonObject(valid)) return [];
  return required
    .filter((name): name is string => typeof name === 'string')
    .map((name) => h(`without the required \`${name}\``, without(valid, name)));
}

function closedRule({ node, valid, mint }: PlaceContext): HostileValue[] {
  if (node['additionalProperties'] !== false || !isJsonObject(valid)) return [];
  const [k, s, t, u, v] = [mint.key(), mint.string(), mint.string(), mint.string(), mint.key()];
  return [
    h('an undeclared name', withKey(valid, k, s), k, s),
    h('`__proto__` as a name', withKey(valid, '__proto__', withKey({}, v, t)), v, t),
    h('`constructor` as a name', withKey(valid, 'constructor', u), u),
  ];
}

function mapRule({ node, valid, mint }: PlaceContext): HostileValue[] {
  if (!isJsonObject(node['additionalProperties']) || !isJsonObject(valid)) return [];
  const [k, s] = [mint.key(), mint.string()];
  return [
    h('a C0 control in an entry key', withKey(valid, `${k}\u0002`, 'x'), k),
    h('a `__proto__` entry of no declared type', withKey(valid, '__proto__', [s]), s),
  ];
}

function lengthRule(keyword: 'minLength' | 'maxLength') {
  return ({ node, mint }: PlaceContext): HostileValue[] => {
    const limit = node[keyword];
    if (typeof limit !== 'number') return [];
    if (keyword === 'minLength')
      return limit === 0 ? [] : [h('one code point too short', 'x'.repeat(limit - 1))];
    const s = mint.string();
    return [h('too long', s + 'x'.repeat(Math.max(0, limit + 1 - s.length)), s)];
  };
}

function patternRule({ node, mint }: PlaceContext): HostileValue[] {
  const pattern = node['pattern'];
  if (typeof pattern !== 'string') return [];
  const re = new RegExp(pattern, 'u');
  const [s, t] = [mint.string(), mint.string()];
  return [
    h('does not match the pattern', s, s),
    h('does not match the pattern, spaced', ` ${t} `, t),
    h('does not match the pattern: empty', ''),
    h('does not match the pattern: an emoji', '\u{1F600}'),
  ].filter((c) => !re.test(c.value as string));
}

function itemsCountRule(keyword: 'minItems' | 'maxItems') {
  return ({ node, valid }: PlaceContext): HostileValue[] => {
    const limit = node[keyword];
    if (typeof limit !== 'number' || !Array.isArray(valid)) return [];
    if (keyword === 'minItems')
      return limit === 0 ? [] : [h('one item too few', valid.slice(0, limit - 1))];
    const item = valid[0] ?? null;
    return [
      h(
        'one item too many',
        Array.from({ length: limit + 1 }, (_, i) => valid[i] ?? item),
      ),
    ];
  };
}

function uniqueRule({ node, valid }: PlaceContext): HostileValue[] {
  if (node['uniqueItems'] !== true || !Array.isArray(valid) || valid.length === 0) return [];
  return [h('a repeated item', [valid[0] as Value, ...valid])];
}

function multipleRule({ node, valid }: PlaceContext): HostileValue[] {
  const step = big(node['multipleOf']);
  const at = typeof valid === 'number' || typeof valid === 'bigint' ? BigInt(valid) : undefined;
  if (step === undefined || step <= 1n || at === undefined) return [];
  return [h('not a multiple', exact(at + 1n))];
}

function anyOfRule({ node, valid, mint }: PlaceContext): HostileValue[] {
  const members = node['anyOf'];
  if (!Array.isArray(members)) return [];
  const discriminator = discriminatorOf(node);
  if (discriminator !== undefined && isJsonObject(valid)) {
    const s = mint.string();
    const n = mint.digits();
    return [
      h('without the discriminator', without(valid, discriminator.property)),
      h('an unknown discriminator value', withKey(valid, discriminator.property, s), s),
      h('a discriminator of the wrong type', withKey(valid, discriminator.property, BigInt(n)), n),
    ];
  }
  const types = new Set<string>();
  for (const member of members)
    if (isJsonObject(member)) for (const t of typesOf(member) ?? []) types.add(t);
  if (types.size === 0) return [];
  return everyType(mint, { type: [...types] }).filter((c) => !admitsType([...types], c.value));
}

/** The table: keyword, then the hostile values a place carrying it gets. */
export const KEYWORD_RULES: readonly KeywordRule[] = Object.freeze([
  { keyword: 'type', cases: typeRule },
  { keyword: 'type', cases: stringRule },
  { keyword: 'minimum', cases: lowRule('minimum') },
  { keyword: 'exclusiveMinimum', cases: lowRule('exclusiveMinimum') },
  { keyword: 'maximum', cases: highRule('maximum') },
  { keyword: 'exclusiveMaximum', cases: highRule('exclusiveMaximum') },
  { keyword: 'multipleOf', cases: multipleRule },
  { keyword: 'enum', cases: enumRule },
  { keyword: 'const', cases: constRule },
  { keyword: 'format', cases: formatRule },
  { keyword: 'minLength', cases: lengthRule('minLength') },
  { keyword: 'maxLength', cases: lengthRule('maxLength') },
  { keyword: 'pattern', cases: patternRule },
  { keyword: 'required', cases: requiredRule },
  { keyword: 'additionalProperties', cases: closedRule },
  { keyword: 'additionalProperties', cases: mapRule },
  { keyword: 'minItems', cases: itemsCountRule('minItems') },
  { keyword: 'maxItems', cases: itemsCountRule('maxItems') },
  { keyword: 'uniqueItems', cases: uniqueRule },
  { keyword: 'anyOf', cases: anyOfRule },
  // `nullable` (a dialect's spelling) and `[T, "null"]` decide whether `null` is hostile: the
  // `type` entries read them through `admitsNull`.
]);
