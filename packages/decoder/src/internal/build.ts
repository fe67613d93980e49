import type { DecodedValue } from '../refusal.ts';

/*
 * The building parser, used only where native JSON.parse cannot be exact: a document with an
 * integer literal beyond ±(2^53-1), which must become a bigint. It reads text that the validating
 * scan has ALREADY accepted, so it checks nothing; it is iterative, so depth cannot overflow the
 * stack. Values match JSON.parse's in every other respect: every member and every element is
 * defined as an own data property (`__proto__` included), and nothing a prototype holds (a setter,
 * a read-only property, an index on `Array.prototype`) is called or can make it throw. Its own
 * stacks have no prototype, for the same reason.
 */

const MAX_SAFE_DIGITS = '9007199254740991';

type Container = DecodedValue[] | { [name: string]: DecodedValue };

/** A stack without a prototype: writing to it consults no property any code put on a prototype. */
type Stack<TValue> = { [index: number]: TValue };

function emptyStack<TValue>(): Stack<TValue> {
  return Object.create(null) as Stack<TValue>;
}

/**
 * The descriptor of an own data property as JSON.parse defines it. It has no prototype: a `get` or
 * `set` that `Object.prototype` holds would otherwise be read as part of it.
 */
function ownData(value: DecodedValue): PropertyDescriptor {
  const descriptor = {
    __proto__: null,
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  };
  return descriptor as PropertyDescriptor;
}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

let end = 0;

function readString(text: string, i: number): string {
  let j = i + 1;
  let escaped = false;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 0x22) break;
    if (c === 0x5c) {
      escaped = true;
      j += 2;
    } else j++;
  }
  end = j + 1;
  return escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
}

function isNumberPart(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c | 0x20) === 0x65;
}

function readNumber(text: string, i: number): number | bigint {
  let j = i;
  let integer = true;
  while (isNumberPart(text.charCodeAt(j))) {
    const c = text.charCodeAt(j);
    if (c === 0x2e || (c | 0x20) === 0x65) integer = false;
    j++;
  }
  end = j;
  const literal = text.slice(i, j);
  if (integer) {
    const digits = literal.charCodeAt(0) === 0x2d ? literal.slice(1) : literal;
    if (digits.length > 16 || (digits.length === 16 && digits > MAX_SAFE_DIGITS)) {
      return BigInt(literal);
    }
  }
  return Number(literal);
}

/**
 * Sets a member as JSON.parse does: an own data property, whatever the prototype chain holds. A
 * plain assignment would call the `__proto__` setter, and throws for a name the prototype holds
 * read-only (`constructor`, `toString` once `Object.prototype` is frozen). Names are never repeated
 * (the scan refused duplicates), so a name already `in` the object is an inherited one.
 */
function setMember(object: { [name: string]: DecodedValue }, name: string, value: DecodedValue) {
  if (name in object) Object.defineProperty(object, name, ownData(value));
  else object[name] = value;
}

/**
 * Appends an element as JSON.parse does: an own data property at the next index. `push` would call
 * a setter `Array.prototype` (or `Object.prototype`) holds for that index, and throws for a
 * read-only one. With the ordinary chain (`Array.prototype` inheriting from `Object.prototype`, two
 * ordinary objects) an index no object on it holds is assigned directly, which is the fast path;
 * any other chain might hold a proxy, whose traps even the `in` test would call, so there every
 * element is defined.
 */
function appendElement(array: DecodedValue[], value: DecodedValue, ordinaryChain: boolean) {
  const index = array.length;
  if (ordinaryChain && !(index in array)) array[index] = value;
  else Object.defineProperty(array, index, ownData(value));
}

/** Reads the member name at `i` and its colon; returns the name, with `end` at the value. */
function readName(text: string, i: number): string {
  const name = readString(text, i);
  end = skipWhitespace(text, skipWhitespace(text, end) + 1);
  return name;
}

/** Builds the value of `text`, which the validating scan has accepted. */
export function build(text: string): DecodedValue {
  const containers = emptyStack<Container>();
  const names = emptyStack<string>();
  let top = -1;
  const ordinaryChain = Object.getPrototypeOf(Array.prototype) === Object.prototype;
  let i = 0;
  for (;;) {
    i = skipWhitespace(text, i);
    const c = text.charCodeAt(i);
    let value: DecodedValue;
    if (c === 0x5b || c === 0x7b) {
      const next = skipWhitespace(text, i + 1);
      const closer = text.charCodeAt(next);
      if (c === 0x5b) {
        value = [];
        if (closer !== 0x5d) {
          top++;
          containers[top] = value;
          names[top] = '';
          i = next;
          continue;
        }
      } else {
        value = {};
        if (closer !== 0x7d) {
          top++;
          containers[top] = value;
          names[top] = readName(text, next);
          i = end;
          continue;
        }
      }
      i = next + 1;
    } else if (c === 0x22) {
      value = readString(text, i);
      i = end;
    } else if (c === 0x74) {
      value = true;
      i += 4;
    } else if (c === 0x66) {
      value = false;
      i += 5;
    } else if (c === 0x6e) {
      value = null;
      i += 4;
    } else {
      value = readNumber(text, i);
      i = end;
    }
    for (;;) {
      if (top < 0) return value;
      const container = containers[top]!;
      if (Array.isArray(container)) appendElement(container, value, ordinaryChain);
      else setMember(container, names[top]!, value);
      i = skipWhitespace(text, i);
      if (text.charCodeAt(i) === 0x2c) {
        i = skipWhitespace(text, i + 1);
        if (!Array.isArray(container)) {
          names[top] = readName(text, i);
          i = end;
        }
        break;
      }
      i++;
      value = container;
      top--;
    }
  }
}
