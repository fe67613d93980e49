/**
 * The typed conversion that sits where the original's typed parse stood, until
 * `@portcullis/schema` exports `conform`: walks a TypeBox declaration beside a value the gate has
 * admitted and returns a fresh copy in the declared runtime types (`bigint` for `Int64`, `number`
 * for every other number). It never judges: a value the declaration cannot describe is reported
 * with its declared path and type, never with the value.
 */
import type { Conformed } from './schema.ts';

type Declared = Readonly<Record<string, unknown>>;

interface Scope {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly parent: Scope | undefined;
}

const MAP_KEY = '^.*$';

class NotConforming {
  readonly path: string;
  readonly type: string;

  constructor(path: string, type: string) {
    this.path = path;
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

function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Defines `key` as an own data property, so a name like `__proto__` stays data. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function resolve(name: unknown, scope: Scope | undefined, path: string): unknown {
  for (let at = scope; at !== undefined; at = at.parent) {
    if (typeof name === 'string' && Object.hasOwn(at.defs, name)) return at.defs[name];
  }
  throw new NotConforming(path, 'reference');
}

function walk(schema: unknown, value: unknown, path: string, scope: Scope | undefined): unknown {
  if (!isRecord(schema)) throw new NotConforming(path, 'schema');
  switch (kindOf(schema)) {
    case 'BigInt':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      throw new NotConforming(path, 'Int64');
    case 'Integer':
    case 'Number':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      throw new NotConforming(path, kindOf(schema) === 'Integer' ? 'integer' : 'number');
    case 'Object': {
      if (!isRecord(value)) throw new NotConforming(path, 'object');
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const child = value[key];
        define(
          out,
          key,
          Object.hasOwn(properties, key)
            ? walk(properties[key], child, `${path}/${pointerSegment(key)}`, scope)
            : child,
        );
      }
      return out;
    }
    case 'Record': {
      if (!isRecord(value)) throw new NotConforming(path, 'map');
      const patterns = isRecord(schema.patternProperties) ? schema.patternProperties : {};
      const entry = patterns[MAP_KEY];
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        define(out, key, walk(entry, value[key], `${path}/<entry>`, scope));
      }
      return out;
    }
    case 'Array': {
      if (!Array.isArray(value)) throw new NotConforming(path, 'array');
      return value.map((item, index) => walk(schema.items, item, `${path}/${index}`, scope));
    }
    case 'Cyclic': {
      const defs = isRecord(schema.$defs) ? schema.$defs : {};
      const inner: Scope = { defs, parent: scope };
      return walk(resolve(schema.$ref, inner, path), value, path, inner);
    }
    case 'Ref':
      return walk(resolve(schema.$ref, scope, path), value, path, scope);
    default:
      // Strings, booleans, enums and open values are carried as admitted.
      return value;
  }
}

/** See the module comment. Never throws. */
export function conformLocally(declaration: unknown, admitted: unknown): Conformed {
  try {
    return { ok: true, value: walk(declaration, admitted, '', undefined) };
  } catch (error) {
    const at = error instanceof NotConforming ? error : new NotConforming('', 'value');
    return {
      ok: false,
      refusal: {
        code: 'NOT_CONFORMING',
        text: `The value at \`${at.path === '' ? '/' : at.path}\` cannot be converted to its declared type \`${at.type}\`.`,
        path: at.path,
        type: at.type,
      },
    };
  }
}
