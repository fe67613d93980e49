/**
 * The typed conversion that sits where the original's typed parse stood, until
 * `@portcullis/schema` exports `conform`: walks a TypeBox declaration beside a value the gate has
 * admitted and returns it in the declared runtime types (`bigint` for `Int64`, `number` for every
 * other number). What needs no conversion is returned as it is (copied only on the way to a
 * converted value), so a declaration without numbers to convert costs one walk. It never judges:
 * a value the declaration cannot describe is reported with its declared path and type, never with
 * the value.
 */
import type { Conformed } from './schema.ts';

type Declared = Readonly<Record<string, unknown>>;

interface Scope {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly parent: Scope | undefined;
}

const MAP_KEY = '^.*$';

/** Where the walk is: segments pushed and popped, joined into a path only when reporting. */
type Trail = string[];

class NotConforming {
  readonly trail: readonly string[];
  readonly type: string;

  constructor(trail: readonly string[], type: string) {
    this.trail = [...trail];
    this.type = type;
  }
}

function isRecord(value: unknown): value is Declared {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(declared: Declared): string | undefined {
  const kind = declared['~kind'];
  return typeof kind === 'string' ? kind : undefined;
}

function pointer(trail: readonly string[]): string {
  return trail.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** A shallow copy of `value` with `key` set, `__proto__` included as an own data property. */
function copyWith(value: Declared, key: string, item: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value)) assign(out, name, value[name]);
  assign(out, key, item);
  return out;
}

function assign(target: Record<string, unknown>, key: string, item: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = item;
  }
}

function resolve(name: unknown, scope: Scope | undefined, trail: Trail): unknown {
  for (let at = scope; at !== undefined; at = at.parent) {
    if (typeof name === 'string' && Object.hasOwn(at.defs, name)) return at.defs[name];
  }
  throw new NotConforming(trail, 'reference');
}

function members(
  value: Declared,
  child: (key: string) => unknown,
  trail: Trail,
  scope: Scope | undefined,
): unknown {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const schema = child(key);
    if (schema === undefined) continue;
    trail.push(key);
    const item = value[key];
    const converted = walk(schema, item, trail, scope);
    trail.pop();
    if (converted !== item) {
      if (out === undefined) out = copyWith(value, key, converted);
      else assign(out, key, converted);
    }
  }
  return out ?? value;
}

function walk(schema: unknown, value: unknown, trail: Trail, scope: Scope | undefined): unknown {
  if (!isRecord(schema)) throw new NotConforming(trail, 'schema');
  switch (kindOf(schema)) {
    case 'BigInt':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      throw new NotConforming(trail, 'Int64');
    case 'Integer':
    case 'Number':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      throw new NotConforming(trail, kindOf(schema) === 'Integer' ? 'integer' : 'number');
    case 'Object': {
      if (!isRecord(value)) throw new NotConforming(trail, 'object');
      const properties = isRecord(schema.properties) ? schema.properties : {};
      return members(
        value,
        (key) => (Object.hasOwn(properties, key) ? properties[key] : undefined),
        trail,
        scope,
      );
    }
    case 'Record': {
      if (!isRecord(value)) throw new NotConforming(trail, 'map');
      const patterns = isRecord(schema.patternProperties) ? schema.patternProperties : {};
      const entry = patterns[MAP_KEY];
      return members(value, () => entry, trail, scope);
    }
    case 'Array': {
      if (!Array.isArray(value)) throw new NotConforming(trail, 'array');
      let out: unknown[] | undefined;
      for (let index = 0; index < value.length; index += 1) {
        trail.push(String(index));
        const item = value[index];
        const converted = walk(schema.items, item, trail, scope);
        trail.pop();
        if (converted !== item) {
          out ??= [...value];
          out[index] = converted;
        }
      }
      return out ?? value;
    }
    case 'Cyclic': {
      const defs = isRecord(schema.$defs) ? schema.$defs : {};
      const inner: Scope = { defs, parent: scope };
      return walk(resolve(schema.$ref, inner, trail), value, trail, inner);
    }
    case 'Ref':
      return walk(resolve(schema.$ref, scope, trail), value, trail, scope);
    default:
      // Strings, booleans, enums and open values are carried as admitted.
      return value;
  }
}

/** Whether each declaration holds an `Int64` anywhere (computed once per declaration object). */
const holdsInt64 = new WeakMap<object, boolean>();

function declaresInt64(schema: unknown, seen: Set<unknown>): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  if (!Array.isArray(schema) && kindOf(schema as Declared) === 'BigInt') return true;
  for (const key of Object.keys(schema)) {
    if (declaresInt64((schema as Record<string, unknown>)[key], seen)) return true;
  }
  return false;
}

function holdsBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  for (const key of Object.keys(value)) {
    if (holdsBigInt((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Nothing to convert: no `Int64` is declared and no `bigint` was admitted, so every number is
 * already the `number` its declaration promises.
 */
function nothingToConvert(declaration: unknown, admitted: unknown): boolean {
  if (typeof declaration !== 'object' || declaration === null) return false;
  let declared = holdsInt64.get(declaration);
  if (declared === undefined) {
    declared = declaresInt64(declaration, new Set());
    holdsInt64.set(declaration, declared);
  }
  return !declared && !holdsBigInt(admitted);
}

/** See the module comment. Never throws. */
export function conformLocally(declaration: unknown, admitted: unknown): Conformed {
  if (nothingToConvert(declaration, admitted)) return { ok: true, value: admitted };
  try {
    return { ok: true, value: walk(declaration, admitted, [], undefined) };
  } catch (error) {
    const at = error instanceof NotConforming ? error : new NotConforming([], 'value');
    const path = pointer(at.trail);
    return {
      ok: false,
      refusal: {
        code: 'NOT_CONFORMING',
        text: `The value at \`${path === '' ? '/' : path}\` cannot be converted to its declared type \`${at.type}\`.`,
        path,
        type: at.type,
      },
    };
  }
}
