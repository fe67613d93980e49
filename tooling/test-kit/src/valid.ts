/**
 * The reverse of the hostile corpus: a fast-check arbitrary of VALID arguments for a published
 * document, so a campaign can prove nothing valid is refused. Every keyword of the vocabulary is
 * honoured: integer widths and bounds (bigints past 2^53), `multipleOf`, exact temporal strings
 * (days that exist, offsets, fractions), the string formats (fast-check's `uuid`, `emailAddress`,
 * `webUrl`, `domain`, `ipV4`, `ipV6`), `pattern` (`stringMatching`), lengths in code points, item
 * counts and `uniqueItems`, enums, consts, nullable places, discriminated and type-distinct unions,
 * maps, open values, and recursion to a bounded depth. Plus {@link spellFor}: the same arguments as
 * a strict dialect asks its callers to spell them (every declared property present, `null` for an
 * omitted optional one).
 */
import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import fc from 'fast-check';
import { resolved, typesOf, type Value } from './baseline.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const fullDate = fc
  .record({
    y: fc.integer({ min: 1, max: 9999 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ y, m, d }) => {
    const last = m === 2 && !leap(y) ? 28 : (DAYS[m - 1] as number);
    return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(d, last))}`;
  });
const offset = fc.oneof(
  fc.constantFrom('Z', 'z'),
  fc
    .record({
      sign: fc.constantFrom('+', '-'),
      h: fc.integer({ min: 0, max: 23 }),
      m: fc.integer({ min: 0, max: 59 }),
    })
    .map(({ sign, h, m }) => `${sign}${pad(h)}:${pad(m)}`),
);
const fraction = fc
  .option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined })
  .map((f) => (f === undefined ? '' : `.${f}`));
const fullTime = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fraction,
    offset,
  )
  .map(([h, m, s, f, o]) => `${pad(h)}:${pad(m)}:${pad(s)}${f}${o}`);
const dateTime = fc
  .tuple(fullDate, fc.constantFrom('T', 't'), fullTime)
  .map((parts) => parts.join(''));
const n = fc.integer({ min: 0, max: 9999 });
/** A contiguous run of designators (RFC 3339 Appendix A: `Y` may be followed only by `M`, ...). */
const run = (designators: readonly string[]) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: designators.length - 1 }),
      fc.integer({ min: 0, max: designators.length - 1 }),
      fc.array(n, { minLength: designators.length, maxLength: designators.length }),
    )
    .map(([a, b, values]) =>
      designators
        .slice(Math.min(a, b), Math.max(a, b) + 1)
        .map((d, i) => `${values[i]}${d}`)
        .join(''),
    );
const duration = fc.oneof(
  n.map((w) => `P${w}W`),
  fc
    .tuple(fc.option(run(['Y', 'M', 'D'])), fc.option(run(['H', 'M', 'S'])))
    .map(([date, time]) =>
      date === null && time === null ? 'P1D' : `P${date ?? ''}${time === null ? '' : `T${time}`}`,
    ),
);

/** The arbitrary of each format the gate asserts. */
export const FORMAT_ARBITRARIES: Readonly<Record<string, fc.Arbitrary<string>>> = Object.freeze({
  'date-time': dateTime,
  date: fullDate,
  time: fullTime,
  duration,
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  hostname: fc.domain(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
});

const codePoints = (s: string) => [...s].length;
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
/** Text a boundary must take: no C0 control but tab, LF and CR, no lone surrogate. */
const text = (min: number, max: number) =>
  fc
    .string({ unit: 'binary', minLength: min, maxLength: max })
    .map((s) => s.replace(CONTROLS, ' '));

function bigOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.ceil(value));
  return undefined;
}
const exact = (v: bigint): Value => (Number.isSafeInteger(Number(v)) ? Number(v) : v);

function integerArb(node: SchemaObject): fc.Arbitrary<Value> {
  let min = bigOf(node['minimum']) ?? -(2n ** 70n);
  let max = bigOf(node['maximum']) ?? 2n ** 70n;
  const xmin = bigOf(node['exclusiveMinimum']);
  const xmax = bigOf(node['exclusiveMaximum']);
  if (xmin !== undefined && xmin + 1n > min) min = xmin + 1n;
  if (xmax !== undefined && xmax - 1n < max) max = xmax - 1n;
  const step = bigOf(node['multipleOf']);
  if (step !== undefined && step > 1n) {
    const low = min >= 0n ? (min + step - 1n) / step : min / step;
    const high = max >= 0n ? max / step : (max - step + 1n) / step;
    return fc.bigInt({ min: low, max: high }).map((k) => exact(k * step));
  }
  return fc.bigInt({ min, max }).map(exact);
}

function numberArb(node: SchemaObject): fc.Arbitrary<Value> {
  const num = (k: string) => (typeof node[k] === 'number' ? (node[k] as number) : undefined);
  const min = num('minimum') ?? num('exclusiveMinimum');
  const max = num('maximum') ?? num('exclusiveMaximum');
  return fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(min === undefined
        ? { min: -1e300 }
        : { min, minExcluded: num('exclusiveMinimum') !== undefined }),
      ...(max === undefined
        ? { max: 1e300 }
        : { max, maxExcluded: num('exclusiveMaximum') !== undefined }),
    })
    .map((d) => (Object.is(d, -0) ? 0 : d));
}

function stringArb(node: SchemaObject): fc.Arbitrary<Value> {
  const min = typeof node['minLength'] === 'number' ? node['minLength'] : 0;
  const declaredMax = typeof node['maxLength'] === 'number' ? node['maxLength'] : undefined;
  const max = declaredMax ?? Math.max(min, 24);
  const fits = (s: string) =>
    codePoints(s) >= min && codePoints(s) <= (declaredMax ?? Number.POSITIVE_INFINITY);
  const format = node['format'];
  if (typeof format === 'string' && FORMAT_ARBITRARIES[format] !== undefined)
    return (FORMAT_ARBITRARIES[format] as fc.Arbitrary<string>).filter(fits);
  if (typeof node['pattern'] === 'string') {
    const re = new RegExp(node['pattern'], 'u');
    return fc.stringMatching(re).filter((s) => fits(s) && re.test(s));
  }
  return text(min, max);
}

/** A canonical JSON text of a value (sorted keys, `1.0` as `1`), for `uniqueItems`. */
function identity(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(identity).join(',')}]`;
  if (isJsonObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${identity(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function objectArb(node: SchemaObject, root: SchemaObject, depth: number): fc.Arbitrary<Value> {
  const properties = isJsonObject(node['properties']) ? node['properties'] : {};
  const required = new Set(Array.isArray(node['required']) ? (node['required'] as string[]) : []);
  const names = Object.keys(properties);
  const shapes = names.map((name) =>
    fc.tuple(fc.boolean(), arbitraryOf(properties[name] as SchemaNode, root, depth)),
  );
  const entry = node['additionalProperties'];
  const entries = isJsonObject(entry)
    ? fc.array(fc.tuple(text(0, 12), arbitraryOf(entry, root, depth)), { maxLength: 3 })
    : fc.constant([] as [string, Value][]);
  return fc.tuple(fc.tuple(...shapes), entries).map(([picked, extra]) => {
    const out: Record<string, Value> = {};
    const define = (key: string, value: Value) =>
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    picked.forEach(([present, value], index) => {
      const name = names[index] as string;
      if (present || required.has(name)) define(name, value);
    });
    for (const [key, value] of extra) if (!Object.hasOwn(out, key)) define(key, value);
    return out;
  });
}

function arrayArb(node: SchemaObject, root: SchemaObject, depth: number): fc.Arbitrary<Value> {
  const min = typeof node['minItems'] === 'number' ? node['minItems'] : 0;
  const max = typeof node['maxItems'] === 'number' ? node['maxItems'] : min + (depth > 0 ? 3 : 0);
  if (max === 0) return fc.constant([]);
  const item = arbitraryOf((node['items'] ?? {}) as SchemaNode, root, depth - 1);
  return node['uniqueItems'] === true
    ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: identity })
    : fc.array(item, { minLength: min, maxLength: max });
}

function clean(value: unknown): Value {
  if (typeof value === 'string') return value.replace(CONTROLS, ' ');
  if (Array.isArray(value)) return value.map(clean);
  if (isJsonObject(value)) {
    const out: Record<string, Value> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key.replace(CONTROLS, ' '), {
        value: clean(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return Object.is(value, -0) ? 0 : (value as Value);
}

/** Any JSON, strings and keys without the controls the gate refuses. */
const open = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }).map(clean);

/** Valid values of `node`, a place of the document `root`; recursion stops `depth` levels down. */
export function arbitraryOf(node: SchemaNode, root: SchemaObject, depth = 3): fc.Arbitrary<Value> {
  const n = resolved(node, root);
  if ('const' in n) return fc.constant(n['const'] as Value);
  if (Array.isArray(n['enum'])) return fc.constantFrom(...(n['enum'] as Value[]));
  if (Array.isArray(n['anyOf']))
    return fc.oneof(
      ...(n['anyOf'] as SchemaNode[]).map((member) => arbitraryOf(member, root, depth)),
    );
  const types = typesOf(n);
  if (types === undefined) return open;
  const nullable = n['nullable'] === true || types.includes('null');
  const arbs = types
    .filter((t) => t !== 'null')
    .map((type): fc.Arbitrary<Value> => {
      switch (type) {
        case 'string':
          return stringArb(n);
        case 'integer':
          return integerArb(n);
        case 'number':
          return numberArb(n);
        case 'boolean':
          return fc.boolean();
        case 'array':
          return arrayArb(n, root, depth);
        case 'object':
          return objectArb(n, root, depth);
        default:
          throw new Error(`The valid generator has no rule for type \`${type}\`.`);
      }
    });
  if (nullable) arbs.push(fc.constant(null));
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<Value>) : fc.oneof(...arbs);
}

/** Valid arguments of a published input document. */
export function validArguments(document: SchemaObject, depth = 3): fc.Arbitrary<Value> {
  return arbitraryOf(document, document, depth);
}

/** The value schema of an entry list (an array of `{ key, value }` objects), if `n` is one. */
function entryShape(n: SchemaObject): SchemaNode | undefined {
  const items = n['items'];
  if (!(typesOf(n) ?? []).includes('array') || !isJsonObject(items)) return undefined;
  const props = items['properties'];
  if (!isJsonObject(props) || !('key' in props) || !isJsonObject(props['value'])) return undefined;
  return Object.keys(props).length === 2 ? (props['value'] as SchemaNode) : undefined;
}

/**
 * Canonical arguments spelled for a dialect's input document: wherever that document requires a
 * property the arguments omit, the property is sent as `null` (what `openai_strict` and
 * `anthropic_strict` ask for an omitted optional one). Elsewhere the value is unchanged.
 */
export function spellFor(value: Value, node: SchemaNode, root: SchemaObject): Value {
  const n = resolved(node, root);
  if (Array.isArray(value)) {
    const items = n['items'];
    return isJsonObject(items) ? value.map((item) => spellFor(item, items, root)) : value;
  }
  if (!isJsonObject(value)) return value;
  const entry = entryShape(n);
  if (entry !== undefined) {
    // A map the dialect publishes as a list of `{ key, value }` entries.
    return Object.entries(value).map(([key, item]) => ({
      key,
      value: spellFor(item as Value, entry, root),
    }));
  }
  if (Array.isArray(n['anyOf'])) {
    const member = (n['anyOf'] as SchemaNode[]).find((m) => {
      const r = resolved(m, root);
      const props = isJsonObject(r['properties']) ? r['properties'] : {};
      return (
        (typesOf(r) ?? []).includes('object') &&
        Object.entries(props).every(([k, p]) => {
          // A discriminator is a `const`, or a one-value `enum` (how the publisher writes a
          // `Type.Literal`, and how `gemini` spells a `const`).
          if (!isJsonObject(p)) return true;
          if ('const' in p) return value[k] === p['const'];
          const only = p['enum'];
          return !Array.isArray(only) || only.length !== 1 || value[k] === only[0];
        })
      );
    });
    return member === undefined ? value : spellFor(value, member, root);
  }
  const properties = isJsonObject(n['properties']) ? n['properties'] : {};
  const required = Array.isArray(n['required']) ? (n['required'] as string[]) : [];
  const out: Record<string, Value> = {};
  for (const [key, item] of Object.entries(value)) {
    const child = properties[key] ?? n['additionalProperties'];
    const spelled = isJsonObject(child) ? spellFor(item as Value, child, root) : (item as Value);
    Object.defineProperty(out, key, {
      value: spelled,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  for (const name of required)
    if (!Object.hasOwn(out, name))
      Object.defineProperty(out, name, {
        value: null,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}
