import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';
import { holesMayReadValues } from './internal/holes.ts';
import { escapePointerSegment } from './ref.ts';

/**
 * The one writer of JSON text for everything that leaves a process: published documents, dialect
 * renderings, tool results. Compact, keys in their order, and exactly what `JSON.stringify` writes
 * for a value it can write faithfully. It differs where `JSON.stringify` would throw or lose data:
 *
 * - a `bigint` is written as its exact integer literal, at any depth (`Int64` bounds, big integers
 *   a tool returns); a `toJSON` on `BigInt.prototype` is never consulted;
 * - a non-finite number, a function or a symbol anywhere (where `JSON.stringify` writes `null` or
 *   drops it), an array element that is `undefined` or a hole (`null` there, or whatever a polluted
 *   prototype holds at that index), an object that is neither an array nor a plain object and has
 *   no `toJSON` (a `Map` would become `{}`), and a cycle throw {@link SchemaDefectError} NOT_JSON
 *   with the pointer of the place in `details.path`;
 * - nesting is limited by memory alone, not by the call stack: a value nested deeper than
 *   `JSON.stringify` can follow is written, never thrown as a `RangeError`.
 *
 * As with `JSON.stringify`: an object member whose value is `undefined` is left out (absence, the
 * way an optional property is spelled); an object with a `toJSON` method (a `Date`) is written as
 * what the method returns for its key, and that result by these same rules; a key named `__proto__`
 * is an ordinary member; `-0` is written `0`. Each place is read once and its `toJSON` asked once
 * (a value that ends in NOT_JSON, or whose `toJSON` throws, may be read again to find the place).
 */
export function stringifyCanonical(value: unknown): string {
  // A `toJSON` reachable from a bigint would be asked by the native serializer, so such a process
  // (a library put one on `BigInt.prototype`) is served by the exact writer alone.
  if (typeof (0n as unknown as { toJSON?: unknown }).toJSON === 'function') {
    return writeExact(resolve(value, ''), '');
  }
  try {
    return writeNative(value);
  } catch (error) {
    if (error instanceof SchemaDefectError) throw error;
    // A cycle (the native serializer's TypeError), a stack the caller had nearly used up, or a
    // `toJSON` or getter that throws: the exact writer names the place, or throws the same error.
    return writeExact(resolve(value, ''), '');
  }
}

// A bigint, and a string holding a NUL, are first written as a marker string fenced by NUL, then
// replaced. JSON text holds a NUL only escaped, every string value with one is itself replaced by a
// marker, and a key (which may hold one) is always followed by a colon, so no data forges a marker.
const FENCE = '\u0000';
const MARKER = /"\\u0000(s?)(-?[0-9]+)\\u0000"(?!:)/g;

/**
 * How deeply the native serializer is followed; a container below this depth is written by the
 * exact writer (which keeps its own stack) and spliced in, so no value overflows the call stack.
 */
const NATIVE_DEPTH = 256;

/**
 * The native serializer with a replacer that fences bigints, keeps track of where it is (so a
 * place JSON cannot state is thrown at once with its pointer), and hands containers deeper than
 * {@link NATIVE_DEPTH} to the exact writer.
 */
function writeNative(value: unknown): string {
  // The containers from the root down to the one being written, and the key each sits at; the
  // first holder is the serializer's wrapper `{ "": value }`.
  const holders: object[] = [];
  const keys: string[] = [];
  let holderIsArray = false;
  // A hole reads as `undefined` (refused below) unless a polluted prototype fills it.
  const checkHoles = holesMayReadValues();
  // The container the replacer last returned: the next holder when the serializer descends.
  let pending: unknown;
  let pendingKey = '';
  // Text the marker `"\u0000s<index>\u0000"` stands for.
  const spliced: string[] = [];
  let marked = false;

  const text = JSON.stringify(value, function replacer(this: object, key: string, item: unknown) {
    if (holders.length === 0) {
      holders.push(this);
      keys.push('');
    } else if (this !== holders[holders.length - 1]) {
      if (this === pending) {
        holders.push(this);
        keys.push(pendingKey);
      } else {
        while (holders.length > 1 && holders[holders.length - 1] !== this) {
          holders.pop();
          keys.pop();
        }
      }
      holderIsArray = Array.isArray(this);
    }
    pending = undefined;
    // An absent index is a hole, even when a prototype holds something at that index.
    if (checkHoles && holderIsArray && !Object.hasOwn(this, key)) {
      throw notJson(pointer(keys, key));
    }
    switch (typeof item) {
      case 'string':
        if (!item.includes(FENCE)) return item;
        marked = true;
        spliced.push(JSON.stringify(item));
        return `${FENCE}s${spliced.length - 1}${FENCE}`;
      case 'number':
        if (!Number.isFinite(item)) throw notJson(pointer(keys, key));
        break;
      case 'bigint':
        // The value itself or what its holder's `toJSON` returned: exact either way.
        marked = true;
        return `${FENCE}${item}${FENCE}`;
      case 'boolean':
        break;
      case 'object':
        if (item === null) break;
        if (!Array.isArray(item)) {
          const proto = Object.getPrototypeOf(item);
          if (proto !== Object.prototype && proto !== null) throw notJson(pointer(keys, key));
        }
        if (holders.length > NATIVE_DEPTH) {
          marked = true;
          spliced.push(writeExact(item, pointer(keys, key)));
          return `${FENCE}s${spliced.length - 1}${FENCE}`;
        }
        pending = item;
        pendingKey = key;
        break;
      case 'undefined':
        // Left out of an object, as JSON.stringify does; anywhere else it has no JSON spelling.
        if (holders.length === 1 || holderIsArray) throw notJson(pointer(keys, key));
        return undefined;
      default:
        throw notJson(pointer(keys, key));
    }
    return item;
  });
  if (text === undefined) throw notJson('');
  return marked
    ? text.replace(MARKER, (_marker, spliceIndex: string, digits: string) =>
        spliceIndex === 's' ? (spliced[Number(digits)] as string) : digits,
      )
    : text;
}

/** The JSON pointer of the member at `key` of the innermost holder (the wrapper's is the root). */
function pointer(keys: readonly string[], key: string): string {
  if (keys.length <= 1) return '';
  let path = '';
  for (let at = 2; at < keys.length; at += 1)
    path += `/${escapePointerSegment(keys[at] as string)}`;
  return `${path}/${escapePointerSegment(key)}`;
}

/** An open container of the exact writer: its items or keys, and how far it has come. */
interface Frame {
  readonly array: readonly unknown[] | undefined;
  readonly object: Readonly<Record<string, unknown>> | undefined;
  readonly keys: readonly string[];
  next: number;
  /** The key the container sits at in its parent (unused for the first). */
  readonly key: string;
  /** Whether a member has been written yet, so the next one is preceded by a comma. */
  wrote: boolean;
}

/**
 * The exact writer: writes `value` (already resolved: its `toJSON` asked), found at pointer `base`,
 * with its own stack, so any depth is written; throws NOT_JSON with the pointer of a place JSON
 * cannot state. A cycle is found when it comes back to a container still open.
 */
function writeExact(value: unknown, base: string): string {
  const frames: Frame[] = [];
  const open = new Set<object>();
  let text = '';

  /** The pointer of the member at `key` of the innermost open container (`value` when none). */
  function at(key: string): string {
    if (frames.length === 0) return base;
    let path = base;
    for (let index = 1; index < frames.length; index += 1) {
      path += `/${escapePointerSegment((frames[index] as Frame).key)}`;
    }
    return `${path}/${escapePointerSegment(key)}`;
  }

  /** Writes a scalar, or opens a container and pushes its frame. */
  function enter(item: unknown, key: string): void {
    switch (typeof item) {
      case 'string':
        text += JSON.stringify(item);
        return;
      case 'boolean':
        text += item ? 'true' : 'false';
        return;
      case 'bigint':
        // `String`, not `item.toString()`: a primitive's conversion consults no prototype.
        text += String(item);
        return;
      case 'number':
        if (!Number.isFinite(item)) break;
        // A finite number's JSON spelling is its shortest round-trip form, `-0` written `0`.
        text += String(item);
        return;
      case 'object': {
        if (item === null) {
          text += 'null';
          return;
        }
        if (open.has(item)) break;
        if (Array.isArray(item)) {
          open.add(item);
          frames.push({ array: item, object: undefined, keys: [], next: 0, key, wrote: false });
          text += '[';
          return;
        }
        const proto = Object.getPrototypeOf(item);
        if (proto !== Object.prototype && proto !== null) break;
        open.add(item);
        const members = item as Record<string, unknown>;
        const names = Object.keys(members);
        frames.push({ array: undefined, object: members, keys: names, next: 0, key, wrote: false });
        text += '{';
        return;
      }
    }
    throw notJson(at(key));
  }

  enter(value, '');
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const { array, object } = frame;
    if (array !== undefined) {
      if (frame.next < array.length) {
        const index = frame.next;
        frame.next += 1;
        const key = String(index);
        // An absent index is a hole, even when a prototype holds something at that index.
        if (!Object.hasOwn(array, index)) throw notJson(at(key));
        if (index > 0) text += ',';
        enter(resolve(array[index], key), key);
        continue;
      }
      text += ']';
      open.delete(array);
    } else if (object !== undefined) {
      if (frame.next < frame.keys.length) {
        const key = frame.keys[frame.next] as string;
        frame.next += 1;
        const member = resolve(object[key], key);
        if (member === undefined) continue;
        text += `${frame.wrote ? ',' : ''}${JSON.stringify(key)}:`;
        frame.wrote = true;
        enter(member, key);
        continue;
      }
      text += '}';
      open.delete(object);
    }
    frames.pop();
  }
  return text;
}

/** `value` as JSON.stringify sees it at `key`: what its `toJSON` returns, if it has one. */
function resolve(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(value, key);
  }
  return value;
}

function notJson(path: string): SchemaDefectError {
  return new SchemaDefectError(
    SCHEMA_ERROR_CODES.NOT_JSON,
    'The value holds something JSON cannot state exactly (a non-finite number, a function, a symbol, an array element that is `undefined`, a class instance without `toJSON`, or a cycle); give plain JSON there.',
    { path },
  );
}
