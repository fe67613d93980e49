/*
 * Longer than 400 lines: the generators of documents and near-miss values and the three-way
 * comparison (checker, interpreter, Ajv) are read together; apart, the stated exceptions to Ajv
 * would stand far from the values they excuse.
 *
 * Invariant: on documents built from the schema vocabulary (widths, Int64, temporal strings, enums,
 * literals, maps with and without entry bounds and a key rule, arrays, optional properties,
 * recursion, open values) and published with `publishCanonical`, and on values built to sit near
 * them (valid, or one mutation away), the generated checker and the interpreter agree with each other, and both agree with Ajv 8 with
 * ajv-formats, an implementation nobody here wrote. Where the gate states rules of its own
 * (forbidden characters in strings and keys, numbers beyond every double, exact bounds past 2^53,
 * the strict RFC 3339 profile of the temporal formats), values that reach them are judged by the
 * gate's two paths only, and the gate must refuse them. With canaries in the value's strings, keys,
 * undeclared names and numbers (enum misses, format misses and overflowing numbers included), no
 * refusal's text or issues carry one.
 */
import {
  Date as DateString,
  DateTime,
  Duration,
  Int8,
  Int16,
  Int32,
  Int64,
  type JsonValue,
  publishCanonical,
  Recursive,
  SafeInteger,
  Map as StringMap,
  Time,
  Uint8,
  Uint16,
  Uint32,
  Unknown,
} from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileGate } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';

// ajv-formats is CommonJS; its plugin is the module's `default` export.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;
const ajv = addFormats(new Ajv2020({ strict: false }));

/**
 * Temporal samples on which RFC 3339's profile and ajv-formats agree, valid and not. (ajv-formats
 * also takes a space for the `T` of a date-time and `P1Y2D` for a duration, which RFC 3339's
 * grammar does not: those are in temporal.test.ts, as the gate's stricter reading.)
 */
const TEMPORAL: Readonly<Record<string, { valid: readonly string[]; invalid: readonly string[] }>> =
  {
    'date-time': {
      valid: ['2024-05-01T13:45:00Z', '2024-02-29T00:00:00.5+02:00', '1999-12-31T23:59:59-01:00'],
      invalid: ['2023-02-29T00:00:00Z', '2024-05-01T25:00:00Z', '2024-05-01', '2024-05-01T13:45Z'],
    },
    date: {
      valid: ['2024-02-29', '1999-12-31', '2000-01-01'],
      invalid: ['2023-02-29', '2024-13-01', '2024-5-1', '20240501'],
    },
    time: {
      valid: ['13:45:00Z', '23:59:59.999-08:00', '00:00:00+14:00'],
      invalid: ['24:00:00Z', '13:45:00', '13:45Z', '1:00:00Z'],
    },
    duration: {
      valid: ['P1D', 'PT15M', 'P1Y2M3DT4H5M6S', 'P2W'],
      invalid: ['P', 'PT', 'P1.5D', '1D', 'P1H'],
    },
  };

const STRINGS = ['', 'a', 'Zürich', '../x', 'DROP TABLE', 'tab\there', '\u{1f600}', 'on', 'a b'];

/** Leaves of the vocabulary, each with a name for reports. */
const LEAVES: ReadonlyArray<() => TSchema> = [
  () => Type.String(),
  () => Type.Number(),
  () => Type.Boolean(),
  () => Type.Integer(),
  () => Int8(),
  () => Int16(),
  () => Int32({ minimum: -5, maximum: 5 }),
  () => Uint8(),
  () => Uint16(),
  () => Uint32(),
  () => SafeInteger(),
  () => Int64(),
  () => DateTime(),
  () => DateString(),
  () => Time(),
  () => Duration(),
  () => Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Literal('a b')]),
  () => Type.Literal('on'),
  () => Type.Literal(3),
  () => Unknown(),
];

const leaf = fc
  .integer({ min: 0, max: LEAVES.length - 1 })
  .map((i) => (LEAVES[i] as () => TSchema)());
/** Property names; Ajv reads `data.toString` through the prototype, so it never sees that one. */
const NAMES = ['a', 'b', 'c', 'toString', 'a b', 'ünï'] as const;
const PLAIN_NAMES = NAMES.filter((name) => !(name in Object.prototype));

const declaration = (names: readonly string[]) =>
  fc.letrec<{ schema: TSchema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('schema').map((items) => Type.Array(items)),
      tie('schema').map((value) => StringMap(value)),
      fc
        .tuple(
          tie('schema'),
          fc.option(fc.integer({ min: 0, max: 2 })),
          fc.option(fc.integer({ min: 0, max: 3 })),
          fc.boolean(),
        )
        .map(([value, min, max, keyed]) =>
          StringMap(value, {
            ...(min === null ? {} : { minProperties: min }),
            ...(max === null ? {} : { maxProperties: Math.max(max, min ?? 0) }),
            ...(keyed ? { keys: Type.String({ pattern: '^k', maxLength: 2 }) } : {}),
          }),
        ),
      fc
        .uniqueArray(fc.tuple(fc.constantFrom(...names), tie('schema'), fc.boolean()), {
          maxLength: 3,
          selector: ([name]) => name,
        })
        .map((entries) =>
          Type.Object(
            Object.fromEntries(
              entries.map(([name, schema, optional]) => [
                name,
                optional ? Type.Optional(schema) : schema,
              ]),
            ),
          ),
        ),
    ),
  })).schema;

/** A tool input: an object of generated properties, sometimes with a recursive type among them. */
const input = (names: readonly string[]) =>
  fc
    .tuple(
      fc.uniqueArray(fc.tuple(fc.constantFrom(...names), declaration(names), fc.boolean()), {
        minLength: 1,
        maxLength: 4,
        selector: ([name]) => name,
      }),
      fc.option(leaf, { nil: undefined }),
    )
    .map(([entries, recursive]) => {
      const properties: Record<string, TSchema> = Object.fromEntries(
        entries.map(([name, schema, optional]) => [
          name,
          optional ? Type.Optional(schema) : schema,
        ]),
      );
      if (recursive !== undefined) {
        properties.tree = Recursive('Tree', (self) =>
          Type.Object({ v: recursive, next: Type.Optional(self), kids: Type.Array(self) }),
        );
      }
      return publishCanonical(Type.Object(properties)) as SchemaNode;
    });

type Random = () => number;

/** A small deterministic generator (mulberry32), so each value is a function of its seed. */
function random(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<TItem>(r: Random, items: readonly TItem[]): TItem {
  return items[Math.floor(r() * items.length)] as TItem;
}

interface Options {
  /** Values may hold what only the gate's own rules judge (forbidden text, bigints). */
  readonly gateRules: boolean;
  /** Strings, keys, undeclared names and numbers are often canaries, for the replay test. */
  readonly canaries?: boolean;
}

const CANARY = 'CANARY-3e1d';
const NUMERIC_CANARY = 7_777_777_123;
const CANARY_TEXT = [
  CANARY,
  `${CANARY}\u0000`,
  `P${CANARY}`,
  `2024-01-01T${CANARY}`,
  `${CANARY}\ud800`,
];
const CANARY_NUMBERS: readonly unknown[] = [
  NUMERIC_CANARY,
  -NUMERIC_CANARY,
  NUMERIC_CANARY + 0.5,
  BigInt(NUMERIC_CANARY) ** 3n,
  BigInt(NUMERIC_CANARY) * 10n ** 400n,
];

/** A canary in place of what `value` would have been, half the time, when canaries are asked for. */
function orCanary(
  r: Random,
  options: Options,
  value: unknown,
  canaries: readonly unknown[],
): unknown {
  return options.canaries === true && r() < 0.5 ? pick(r, canaries) : value;
}

const SCALARS: readonly JsonValue[] = ['7', 7, 1.5, -0, true, null, 'on', 0, [], {}];

function anyJson(r: Random, depth: number, options: Options): unknown {
  const roll = r();
  if (depth > 2 || roll < 0.6) {
    if (options.gateRules && roll < 0.1)
      return pick(r, ['a\u0000', '\ud800', 'x\u001f', 2n ** 1024n, 5n, Number.NaN]);
    return orCanary(r, options, pick(r, ['x', 1, 2.5, true, null, 'on', ...STRINGS]), [
      ...CANARY_TEXT,
      ...CANARY_NUMBERS,
    ]);
  }
  if (roll < 0.8)
    return Array.from({ length: Math.floor(r() * 3) }, () => anyJson(r, depth + 1, options));
  const object: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 3); i > 0; i--) {
    const key = options.gateRules && r() < 0.1 ? 'k\u0001' : pick(r, ['k', 'a', 'z z']);
    object[orCanary(r, options, key, CANARY_TEXT) as string] = anyJson(r, depth + 1, options);
  }
  return object;
}

function integerNear(r: Random, schema: Record<string, unknown>, options: Options): unknown {
  const minimum = schema.minimum as number | bigint | undefined;
  const maximum = schema.maximum as number | bigint | undefined;
  const edges: Array<number | bigint> = [0, 1, -1, 42];
  for (const bound of [minimum, maximum]) {
    if (bound === undefined) continue;
    const exact = BigInt(bound);
    for (const near of [exact, exact - 1n, exact + 1n]) {
      // Beyond 2^53 a double is no longer exact: only the gate's exact comparison applies.
      if (near >= -(2n ** 53n) && near <= 2n ** 53n) edges.push(Number(near));
      else if (options.gateRules) edges.push(near);
    }
  }
  return orCanary(r, options, pick(r, edges), CANARY_NUMBERS);
}

/** A value near `schema`: valid as generated, or one mutation away at some place. */
function near(
  schema: SchemaNode,
  document: SchemaNode,
  r: Random,
  depth: number,
  options: Options,
): unknown {
  if (schema === true) return anyJson(r, depth, options);
  if (schema === false) return null;
  if (r() < 0.03) return pick(r, SCALARS);
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.slice('#/$defs/'.length);
    const definition = (document as { $defs: Record<string, SchemaNode> }).$defs[name];
    return near(definition as SchemaNode, document, r, depth + 1, options);
  }
  if (Array.isArray(schema.enum)) {
    if (r() < 0.8) return pick(r, schema.enum as JsonValue[]);
    return orCanary(r, options, pick(r, ['zz', 4, 'ON', null]), CANARY_TEXT);
  }
  switch (schema.type) {
    case 'string': {
      const format = schema.format as string | undefined;
      const samples = format === undefined ? undefined : TEMPORAL[format];
      if (samples !== undefined) {
        if (r() < 0.8) return pick(r, samples.valid);
        return orCanary(r, options, pick(r, samples.invalid), CANARY_TEXT);
      }
      if (options.gateRules && r() < 0.1) return pick(r, ['a\u0000b', 'x\ud800', '\udc00']);
      return orCanary(r, options, pick(r, STRINGS), CANARY_TEXT);
    }
    case 'integer':
      return integerNear(r, schema, options);
    case 'number':
      if (options.gateRules && r() < 0.2)
        return pick(r, [5n, 2n ** 1024n, -(2n ** 1024n), Number.NaN]);
      return orCanary(r, options, pick(r, [0, -2.5, 1e300, 3, -1e-300]), CANARY_NUMBERS);
    case 'boolean':
      return r() < 0.5;
    case 'array': {
      if (depth > 6) return [];
      const items = schema.items as SchemaNode;
      return Array.from({ length: Math.floor(r() * 3) }, () =>
        near(items, document, r, depth + 1, options),
      );
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
      const required = (schema.required ?? []) as string[];
      for (const [name, property] of Object.entries(properties)) {
        const include = required.includes(name) ? r() > 0.02 : r() < 0.5;
        if (include && depth <= 6) object[name] = near(property, document, r, depth + 1, options);
      }
      const additional = schema.additionalProperties as SchemaNode | undefined;
      if (additional === false) {
        if (r() < 0.03) object[orCanary(r, options, 'undeclared', CANARY_TEXT) as string] = 1;
      } else if (additional !== undefined && depth <= 6) {
        for (let i = Math.floor(r() * 4); i > 0; i--) {
          const key =
            options.gateRules && r() < 0.1 ? 'k\ud800' : pick(r, ['k1', 'k 2', 'é', 'k', 'k3']);
          object[orCanary(r, options, key, CANARY_TEXT) as string] = near(
            additional,
            document,
            r,
            depth + 1,
            options,
          );
        }
      }
      return object;
    }
    default:
      return anyJson(r, depth, options);
  }
}

/** Ajv reads no `bigint`: the document it compiles holds every Int64 bound as a (rounded) double. */
function withoutBigint(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(withoutBigint);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBigint(v)]));
  return value;
}

/** The interpreter's answer, walking the whole value (no limit, so no early stop). */
function interpreterAdmits(document: SchemaNode, value: unknown): boolean {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return sink.issues.length === 0;
}

/** True when `value` holds what only the gate's own rules judge: each such value is refused. */
function reachesGateRules(value: unknown): boolean {
  if (typeof value === 'string')
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/.test(
      value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''),
    );
  if (typeof value === 'bigint')
    return value > BigInt(Number.MAX_VALUE) || value < -BigInt(Number.MAX_VALUE);
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.some(reachesGateRules);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(
      ([key, item]) => reachesGateRules(key) || reachesGateRules(item),
    );
  return false;
}

/**
 * Judges values near generated documents on every path and returns how many were admitted and
 * refused; with `ajv`, Ajv 8 judges each value too and must agree.
 */
function agreement(options: Options, withAjv: boolean): { admitted: number; refused: number } {
  const counts = { admitted: 0, refused: 0 };
  fc.assert(
    fc.property(
      input(withAjv ? PLAIN_NAMES : NAMES),
      fc.array(fc.integer(), { minLength: 8, maxLength: 8 }),
      (document, seeds) => {
        const gate = compileGate(document);
        const validate = withAjv ? ajv.compile(withoutBigint(document) as object) : undefined;
        for (const seed of seeds) {
          const value = near(document, document, random(seed), 0, options);
          const admitted = gate.admits(value);
          expect(interpreterAdmits(document, value)).toBe(admitted);
          expect(gate.judge(value).ok).toBe(admitted);
          if (validate !== undefined)
            expect({ value, admitted }).toEqual({ value, admitted: validate(value) });
          if (reachesGateRules(value)) expect(admitted).toBe(false);
          if (admitted) counts.admitted++;
          else counts.refused++;
        }
      },
    ),
    { numRuns: 250 },
  );
  return counts;
}

describe('documents from the vocabulary, and values near them', () => {
  it('are judged alike by the checker, the interpreter and Ajv 8', () => {
    const counts = agreement({ gateRules: false }, true);
    // Neither answer may dominate so much that the agreement says nothing.
    expect(counts.admitted).toBeGreaterThan(200);
    expect(counts.refused).toBeGreaterThan(200);
  });

  it('are judged alike by the checker and the interpreter where only the gate has rules', () => {
    const counts = agreement({ gateRules: true }, false);
    expect(counts.admitted).toBeGreaterThan(200);
    expect(counts.refused).toBeGreaterThan(200);
  });

  it('are refused in words of the document alone: no canary of the value comes back', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        input(NAMES),
        fc.array(fc.integer(), { minLength: 8, maxLength: 8 }),
        (document, seeds) => {
          const gate = compileGate(document);
          for (const seed of seeds) {
            const value = near(document, document, random(seed), 0, {
              gateRules: true,
              canaries: true,
            });
            const judgement = gate.judge(value);
            if (judgement.ok) continue;
            refused++;
            const all = `${judgement.refusal.text}\n${JSON.stringify(judgement.refusal.issues, (_, item) => (typeof item === 'bigint' ? `${item}` : item))}`;
            expect(all).not.toContain('CANARY');
            expect(all).not.toContain('7777777');
          }
        },
      ),
      { numRuns: 250 },
    );
    expect(refused).toBeGreaterThan(500);
  });
});
