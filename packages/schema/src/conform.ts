import type { Static, TSchema } from 'typebox';
import {
  type ConformType,
  isPlainObject,
  type JsonType,
  type Plan,
  planOf,
  typeOf,
} from './internal/conform-plan.ts';
import { holesMayReadValues } from './internal/holes.ts';
import { escapePointerSegment } from './ref.ts';

export type { ConformType };

/**
 * Why an admitted value does not conform to its declaration. `path` is a JSON pointer built from
 * declared property names and array indices, with `<entry>` for any key of a map (the caller's);
 * `type` is the declared type there. Neither, nor `text`, ever carries the value.
 */
export interface ConformRefusal {
  readonly code: 'NOT_CONFORMING';
  readonly text: string;
  readonly path: string;
  readonly type: ConformType;
}

/** The outcome of {@link conform}: the value in the declaration's runtime types, or the refusal. */
export type ConformResult<TValue> =
  | { readonly ok: true; readonly value: TValue }
  | { readonly ok: false; readonly refusal: ConformRefusal };

/** The segment a map key is written as in a refusal's path: the key is the caller's. */
const MAP_ENTRY = '<entry>';

/**
 * How deeply nested a value conform follows (each array and object is one level): past the 1000
 * levels the decoder builds by default, and well within the stack, so a value that nests without end
 * (a cycle) is refused rather than crashing the call. Should the stack still run out (a caller deep
 * in its own stack), that too is a refusal.
 */
const DEPTH_LIMIT = 1024;

const FAIL: unique symbol = Symbol('not conforming');

/**
 * Whether the current call must check each array index as the array's own: a hole reads as
 * `undefined` (refused as no JSON value) unless a polluted prototype fills it. Set by every call
 * before its walk; the walk is synchronous.
 */
let checkHoles = false;
const TOO_DEEP: unique symbol = Symbol('too deep');

type Reason = 'type' | 'missing' | 'undeclared' | 'depth';

/** Where and why the walk failed; segments are pushed on the way back up, so deepest first. */
interface Failure {
  plan: Plan | undefined;
  reason: Reason;
  readonly segments: string[];
}

/**
 * Turns a value the gate admitted (JSON as the decoder builds it: a `bigint` for an integer beyond
 * 2^53) into the runtime types its TypeBox declaration promises, so a handler receives exactly what
 * it declares: every `Int64` (a `Type.BigInt()`), at any depth, in arrays, maps and recursive
 * types, becomes a `bigint`; every other number a `number` (a `bigint` at a number place converts,
 * at an integer place only within its bounds, so exactly). Nothing else changes: strings, booleans,
 * key order and open (`Unknown`) values, bigints there included, are carried as they are.
 *
 * The result is a new value; the input is never mutated or shared, and a key named `__proto__`
 * stays an own data property. A value the declaration cannot hold (a wrong JSON type, an integer
 * outside its width, a non-finite number, a value outside its enum, a missing required property, an
 * undeclared property, an `undefined` or a non-JSON value, nesting past {@link DEPTH_LIMIT}) is
 * refused with NOT_CONFORMING naming the declared path and type only. An optional property whose
 * value is `undefined` is left out. A nullable place passes `null` through; a discriminated union
 * converts the member its discriminator selects (see `discriminatorOf`), a union of distinct types
 * the member the value's JSON type selects, so an `Int64` member becomes a `bigint` there too; a
 * value no member takes is refused as `union`. What constrains a value without changing its
 * runtime type (`format`, string lengths, `pattern`, item counts, `uniqueItems`, exclusive bounds,
 * `multipleOf`) is the gate's to judge and is not checked again.
 *
 * The declaration is prepared once (a plan cached per declaration object) by publishing it, so a
 * declaration outside the vocabulary throws the publisher's `SchemaDefectError`.
 */
export function conform<TDeclaration extends TSchema>(
  declaration: TDeclaration,
  admitted: unknown,
): ConformResult<Static<TDeclaration>> {
  const plan = planOf(declaration);
  let failure: Failure = { plan: undefined, reason: 'type', segments: [] };
  let value: unknown;
  checkHoles = holesMayReadValues();
  try {
    value = convert(plan, admitted, failure, 0);
  } catch (error) {
    // Only the stack running out throws a RangeError here (every conversion is guarded).
    if (!(error instanceof RangeError)) throw error;
    failure = { plan, reason: 'depth', segments: [] };
    value = FAIL;
  }
  if (value !== FAIL) return { ok: true, value: value as Static<TDeclaration> };
  return { ok: false, refusal: refusalOf(failure, plan) };
}

function convert(plan: Plan, value: unknown, failure: Failure, depth: number): unknown {
  switch (plan.kind) {
    case 'string':
      if (typeof value === 'string') return value;
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      break;
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : Number.NaN;
      if (Number.isFinite(number) && number >= plan.minimum && number <= plan.maximum) {
        return number;
      }
      break;
    }
    case 'integer':
      if (typeof value === 'number') {
        if (Number.isInteger(value) && value >= plan.minimum && value <= plan.maximum) return value;
      } else if (typeof value === 'bigint' && value >= plan.low && value <= plan.high) {
        return Number(value);
      }
      break;
    case 'int64': {
      let integer: bigint | undefined;
      if (typeof value === 'bigint') integer = value;
      else if (typeof value === 'number' && Number.isInteger(value)) integer = BigInt(value);
      if (integer !== undefined && integer >= plan.low && integer <= plan.high) return integer;
      break;
    }
    case 'enum': {
      if (plan.values.has(value)) return value;
      if (typeof value === 'bigint') {
        const number = Number(value);
        if (BigInt(number) === value && plan.values.has(number)) return number;
      }
      break;
    }
    case 'array':
      if (Array.isArray(value)) {
        if (depth >= DEPTH_LIMIT) return fail(failure, plan, 'depth');
        const out: unknown[] = [];
        for (let index = 0; index < value.length; index += 1) {
          // A hole is no JSON value, whatever a polluted prototype holds at its index.
          const item =
            checkHoles && !Object.hasOwn(value, index)
              ? fail(failure, plan.item, 'type')
              : convert(plan.item, value[index], failure, depth + 1);
          if (item === FAIL) {
            failure.segments.push(String(index));
            return FAIL;
          }
          out.push(item);
        }
        return out;
      }
      break;
    case 'object':
      if (isPlainObject(value)) {
        if (depth >= DEPTH_LIMIT) return fail(failure, plan, 'depth');
        return convertObject(plan, value, failure, depth);
      }
      break;
    case 'map':
      if (isPlainObject(value)) {
        if (depth >= DEPTH_LIMIT) return fail(failure, plan, 'depth');
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) {
          const entry = convert(plan.value, value[key], failure, depth + 1);
          if (entry === FAIL) {
            failure.segments.push(MAP_ENTRY);
            return FAIL;
          }
          put(out, key, entry);
        }
        return out;
      }
      break;
    case 'open': {
      const copy = copyOpen(value, depth);
      if (copy === TOO_DEEP) return fail(failure, plan, 'depth');
      if (copy !== FAIL) return copy;
      break;
    }
    case 'nullable': {
      if (value === null) return null;
      const converted = convert(plan.inner, value, failure, depth);
      // A fault at this very place is told as the nullable place's (null or the type).
      if (converted === FAIL && failure.plan === plan.inner) failure.plan = plan;
      return converted;
    }
    case 'tagged':
      if (isPlainObject(value) && Object.hasOwn(value, plan.property)) {
        const tag = value[plan.property];
        const member = typeof tag === 'string' ? plan.members.get(tag) : undefined;
        if (member !== undefined) return convert(member, value, failure, depth);
      }
      break;
    case 'typed': {
      const type = jsonTypeOf(value);
      const member = type === undefined ? undefined : plan.members.get(type);
      if (member !== undefined) return convert(member, value, failure, depth);
      break;
    }
    case 'ref':
      // A prepared plan holds no reference (see `planOf`).
      break;
  }
  return fail(failure, plan, 'type');
}

function convertObject(
  plan: Extract<Plan, { kind: 'object' }>,
  value: { readonly [key: string]: unknown },
  failure: Failure,
  depth: number,
): unknown {
  const out: Record<string, unknown> = {};
  let required = 0;
  for (const key of Object.keys(value)) {
    const member = plan.properties.get(key);
    if (member === undefined) return fail(failure, plan, 'undeclared');
    const raw = value[key];
    if (raw === undefined && !member.required) continue;
    const converted = convert(member.plan, raw, failure, depth + 1);
    if (converted === FAIL) {
      failure.segments.push(escapePointerSegment(key));
      return FAIL;
    }
    put(out, key, converted);
    if (member.required) required += 1;
  }
  if (required < plan.required) {
    for (const member of plan.members) {
      if (member.required && !Object.prototype.propertyIsEnumerable.call(value, member.name)) {
        fail(failure, member.plan, 'missing');
        failure.segments.push(escapePointerSegment(member.name));
        return FAIL;
      }
    }
  }
  return out;
}

/**
 * A copy of an open value: any JSON (bigints kept); FAIL for anything JSON cannot hold, TOO_DEEP past
 * the depth limit. Keys inside an open value are the caller's, so a failure names the open place.
 */
function copyOpen(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : FAIL;
    case 'object': {
      if (value === null) return null;
      if (depth >= DEPTH_LIMIT) return TOO_DEEP;
      if (Array.isArray(value)) {
        const out: unknown[] = [];
        for (let index = 0; index < value.length; index += 1) {
          if (checkHoles && !Object.hasOwn(value, index)) return FAIL;
          const item = copyOpen(value[index], depth + 1);
          if (item === FAIL || item === TOO_DEEP) return item;
          out.push(item);
        }
        return out;
      }
      if (!isPlainObject(value)) return FAIL;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const item = copyOpen(value[key], depth + 1);
        if (item === FAIL || item === TOO_DEEP) return item;
        put(out, key, item);
      }
      return out;
    }
    default:
      return FAIL;
  }
}

/** The JSON type that selects a member of a union of distinct types; `undefined` for no JSON. */
function jsonTypeOf(value: unknown): JsonType | undefined {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'bigint':
      return 'number';
    case 'object':
      if (Array.isArray(value)) return 'array';
      return isPlainObject(value) ? 'object' : undefined;
    default:
      return undefined;
  }
}

/** Sets `key` on a fresh object as an own data property, even `__proto__` or a frozen prototype's name. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key in target) {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

function fail(failure: Failure, plan: Plan, reason: Reason): typeof FAIL {
  failure.plan = plan;
  failure.reason = reason;
  return FAIL;
}

function refusalOf(failure: Failure, root: Plan): ConformRefusal {
  // Too deep a value is named at its root: its path would be as long as the nesting.
  const deep = failure.reason === 'depth';
  const path = deep
    ? ''
    : failure.segments
        .reverse()
        .map((segment) => `/${segment}`)
        .join('');
  const plan = deep ? root : (failure.plan ?? root);
  const type = typeOf(plan);
  const place = path === '' ? '' : ` at \`${path}\``;
  let text: string;
  switch (failure.reason) {
    case 'missing':
      text = `The required property${place} is missing; send ${expected(plan)}.`;
      break;
    case 'undeclared':
      text = `The object${place} carries a property its declaration does not name; remove it.`;
      break;
    case 'depth':
      text = `The value${place} nests too deeply to follow (the limit is ${DEPTH_LIMIT} levels); send a shallower value.`;
      break;
    default:
      text = `The value${place} does not conform to its declared type \`${type}\`; send ${expected(plan)}.`;
  }
  return { code: 'NOT_CONFORMING', text, path, type };
}

/** What the declaration expects at a place, in words built from the declaration alone. */
function expected(place: Plan): string {
  switch (place.kind) {
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean (true or false)';
    case 'number':
      if (place.minimum === -Infinity && place.maximum === Infinity) return 'a finite number';
      if (place.minimum === -Infinity) return `a number of at most ${place.maximum}`;
      if (place.maximum === Infinity) return `a number of at least ${place.minimum}`;
      return `a number from ${place.minimum} to ${place.maximum}`;
    case 'integer':
    case 'int64':
      return `an integer from ${place.kind === 'int64' ? place.low : place.minimum} to ${place.kind === 'int64' ? place.high : place.maximum}`;
    case 'enum':
      return 'one of the declared values';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object with the declared properties';
    case 'map':
      return 'an object whose values are of the declared type';
    case 'nullable':
      return `null or ${expected(place.inner)}`;
    case 'tagged':
      return `an object whose \`${place.property}\` is one of the declared values`;
    case 'typed':
      return `a value of one of the declared types (${[...place.members.keys()].join(', ')})`;
    default:
      return 'a JSON value';
  }
}
