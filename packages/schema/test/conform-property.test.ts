/**
 * Guards `conform` over the whole vocabulary with TypeBox itself as the oracle: for every fixture
 * declaration, and for generated nestings of every width, map and array, every admitted value (JSON
 * as the decoder builds it) converts to a value `Value.Check` accepts, equal to the admitted value
 * but for its number types (same keys in the same order, same integers exactly), fresh (no object
 * shared with the input) and without touching the frozen input. A corrupted value is refused with
 * words that never carry what the caller sent, or converted to what the oracle accepts (but for a
 * keyword that constrains a value without changing its runtime type: the gate's to judge).
 */
import fc from 'fast-check';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { freezeJson } from '../src/document.ts';
import {
  conform,
  DateTime,
  Int8,
  Int16,
  Int32,
  Int64,
  SafeInteger,
  Map as StringMap,
  stringifyCanonical,
  Uint8,
  Uint16,
  Uint32,
  Unknown,
} from '../src/index.ts';
import { admittedValues, CALLER_KEYS, objectOf } from './fixtures/admitted.ts';
import { PUBLISHER_FIXTURES } from './fixtures/publisher.ts';

const LEAVES: readonly (() => TSchema)[] = [
  Int8,
  Int16,
  Int32,
  Uint8,
  Uint16,
  Uint32,
  SafeInteger,
  Int64,
  () => Int64({ minimum: -5, maximum: 2n ** 60n }),
  () => Type.BigInt(),
  () => Type.Integer(),
  () => Type.Number(),
  () => Type.Number({ minimum: -1.5, maximum: 1e30 }),
  () => Type.String(),
  DateTime,
  () => Type.Boolean(),
  () => Type.Union([Type.Literal(1), Type.Literal(2)]),
  () => Type.Enum(['low', 'high']),
  () => Unknown(),
  () => Type.String({ minLength: 1, maxLength: 4 }),
  () => Type.String({ pattern: '^[a-z]{1,6}$' }),
  () => Type.String({ format: 'ipv4' }),
  () => Type.Number({ exclusiveMinimum: 0 }),
  () => Int8({ exclusiveMinimum: 0, multipleOf: 3 }),
  () => Int64({ exclusiveMaximum: 0n, multipleOf: 7n }),
  () => Type.Array(Int64(), { uniqueItems: true, maxItems: 3 }),
  () => Type.Union([Int64(), Type.Null()]),
  () => Type.Union([Type.Null(), Type.Literal('on'), Type.Literal('off')]),
  () => Type.Union([Type.String(), Int64(), Type.Boolean(), Type.Null()]),
  () => Type.Union([Type.Literal('auto'), Type.Array(Int64()), Type.Object({ n: Int64() })]),
  () =>
    Type.Union([
      Type.Object({ kind: Type.Literal('one'), n: Int64() }),
      Type.Object({ kind: Type.Literal('many'), ns: Type.Array(Int64()) }),
    ]),
];

/**
 * The keywords `conform` leaves to the gate: they constrain a value without changing its runtime
 * type, so a value the gate would refuse for them converts all the same.
 */
const GATE_ONLY = new Set([
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

// TypeBox reads an absent optional property through the prototype (`hasOwnProperty`, `toString`),
// so the oracle would judge an inherited method; declared names leave those out here, and
// conform.test.ts pins that conform itself keeps such names as own data.
const DECLARED_NAMES = CALLER_KEYS.filter(
  (name) => name === '__proto__' || !(name in Object.prototype),
);

/** Declarations nesting every leaf in arrays, maps and objects (optional properties included). */
const declarations: fc.Arbitrary<TSchema> = fc.letrec<{ node: TSchema; object: TSchema }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: LEAVES.length - 1 }).map((index) => LEAVES[index]!()),
      tie('node').map((item) => Type.Array(item)),
      tie('node').map((value) => StringMap(value)),
      tie('object'),
      tie('object').map((shape) => Type.Union([shape, Type.Null()])),
      tie('node').map((item) => Type.Union([Type.Null(), Type.Array(item, { maxItems: 2 })])),
    ),
    object: fc
      .uniqueArray(fc.tuple(DECLARED_NAMES, tie('node'), fc.boolean()), {
        maxLength: 4,
        selector: ([name]) => name,
      })
      .map((members) =>
        Type.Object(
          objectOf(
            members.map(([name, node, optional]) => [name, optional ? Type.Optional(node) : node]),
          ) as Record<string, TSchema>,
        ),
      ),
  }),
).object;

const BOUNDED_KINDS = new Set(['String', 'Array', 'Number', 'Integer', 'BigInt']);

/**
 * A copy of `schema` without the {@link GATE_ONLY} keywords on strings, arrays and numbers, every
 * other property (TypeBox's hidden markers included) kept: the oracle for what `conform` admits.
 * Removing them, rather than filtering the oracle's faults, also holds inside a union, where a
 * fault of one member is reported as the union's `anyOf`.
 */
function relaxed<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(relaxed) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const bounded = BOUNDED_KINDS.has((schema as Record<string, unknown>)['~kind'] as string);
  const copy = Object.create(Object.getPrototypeOf(schema)) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(schema)) {
    if (bounded && typeof key === 'string' && GATE_ONLY.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(schema, key) as PropertyDescriptor;
    if ('value' in descriptor) descriptor.value = relaxed(descriptor.value);
    Object.defineProperty(copy, key, descriptor);
  }
  return copy as T;
}

/** Every object and array inside `value`. */
function containers(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null) {
    into.add(value);
    for (const item of Object.values(value)) containers(item, into);
  }
  return into;
}

/**
 * The value with every integer written as its exact digits, whether a `number` or a `bigint`, so
 * two values compare equal when they differ in number types alone (JSON.stringify would write a
 * big double by its shortest digits instead). Keys keep their order.
 */
function exact(value: unknown): unknown {
  if (typeof value === 'bigint') return `integer ${value}`;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? `integer ${BigInt(value)}` : `number ${value}`;
  }
  if (typeof value === 'string') return `string ${value}`;
  if (Array.isArray(value)) return value.map(exact);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).map(([key, item]) => [key, exact(item)]);
  }
  return value;
}

/** The property every case must hold: the oracle accepts the result, and nothing else moved. */
function holds(declaration: TSchema, admitted: unknown): void {
  const before = stringifyCanonical(admitted);
  freezeJson(admitted);
  const result = conform(declaration, admitted);
  if (!result.ok) expect.fail(result.refusal.text);
  expect(Value.Check(declaration, result.value)).toBe(true);
  expect(exact(result.value)).toEqual(exact(admitted));
  expect(stringifyCanonical(admitted)).toBe(before);
  const shared = containers(admitted);
  for (const made of containers(result.value)) expect(shared.has(made)).toBe(false);
}

describe('conform with TypeBox as the oracle', () => {
  it.each(PUBLISHER_FIXTURES.map((fixture) => [fixture.name, fixture.schema] as const))(
    'converts every admitted value of the fixture: %s',
    (_name, declaration) => {
      fc.assert(
        fc.property(admittedValues(declaration), (admitted) => holds(declaration, admitted)),
        { numRuns: 60 },
      );
    },
  );

  it('converts every admitted value of generated declarations', () => {
    fc.assert(
      fc.property(
        declarations.chain((declaration) =>
          fc.tuple(fc.constant(declaration), admittedValues(declaration)),
        ),
        ([declaration, admitted]) => holds(declaration, admitted),
      ),
      { numRuns: 300 },
    );
  });
});

const CANARY = 'CANARY-7f3a';

/** `admitted` with the leaf or container at one generated place replaced by a canary value. */
function corrupt(admitted: unknown, choices: readonly number[], replacement: unknown): unknown {
  const [choice, ...rest] = choices;
  if (choice === undefined || typeof admitted !== 'object' || admitted === null) {
    return replacement;
  }
  if (Array.isArray(admitted)) {
    if (admitted.length === 0) return replacement;
    const index = choice % admitted.length;
    return admitted.map((item, at) => (at === index ? corrupt(item, rest, replacement) : item));
  }
  const keys = Object.keys(admitted);
  if (keys.length === 0) return objectOf([[CANARY, replacement]]);
  const chosen = keys[choice % keys.length]!;
  return objectOf(
    keys.map((key) => [
      key,
      key === chosen
        ? corrupt((admitted as Record<string, unknown>)[key], rest, replacement)
        : (admitted as Record<string, unknown>)[key],
    ]),
  );
}

describe('conform refusals', () => {
  it('refuse without echoing the value, and admit only what the oracle admits', () => {
    const replacements = fc.constantFrom<unknown>(
      CANARY,
      { [CANARY]: CANARY },
      [CANARY],
      2 ** 70,
      1.5,
      true,
      null,
      10n ** 30n,
    );
    let refused = 0;
    const cases = fc.oneof(
      ...PUBLISHER_FIXTURES.map((fixture) => fc.constant(fixture.schema)),
      declarations,
    );
    fc.assert(
      fc.property(
        cases.chain((declaration) =>
          fc.tuple(
            fc.constant(declaration),
            admittedValues(declaration),
            fc.array(fc.nat(), { maxLength: 6 }),
            replacements,
          ),
        ),
        ([declaration, admitted, choices, replacement]) => {
          const candidate = corrupt(admitted, choices, replacement);
          const result = conform(declaration, candidate);
          if (result.ok) {
            expect([...Value.Errors(relaxed(declaration), result.value)]).toEqual([]);
          } else {
            refused += 1;
            expect(result.refusal.code).toBe('NOT_CONFORMING');
            expect(result.refusal.text).not.toContain(CANARY);
            expect(result.refusal.path).not.toContain(CANARY);
            expect(result.refusal.text).toMatch(/^The .*\.$/);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
