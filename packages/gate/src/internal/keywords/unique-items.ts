import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { numberKey } from '../enum-index.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

/** A piece of a key's text pushed among the values still to write (see {@link containerKey}). */
class Piece {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const COMMA = new Piece(',');
const CLOSE_ARRAY = new Piece(']');
const CLOSE_OBJECT = new Piece('}');

function exactNumber(value: number | bigint): string {
  return typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value === 0 ? 0 : value)
    : (numberKey(value) ?? 'NaN');
}

/**
 * A container's canonical text: JSON with every object's names sorted and every number by its exact
 * mathematical value (`1`, `1.0` and `1n` alike), so two containers are equal as JSON exactly when
 * their texts are equal. Written from a stack of its own: an item nested however deep is read
 * without recursion.
 */
function containerKey(container: object): string {
  let text = '';
  const pending: unknown[] = [container];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value instanceof Piece) {
      text += value.text;
      continue;
    }
    switch (typeof value) {
      case 'string':
        text += JSON.stringify(value);
        break;
      case 'number':
      case 'bigint':
        text += exactNumber(value);
        break;
      case 'boolean':
        text += value ? 'true' : 'false';
        break;
      case 'object': {
        if (value === null) {
          text += 'null';
        } else if (Array.isArray(value)) {
          text += '[';
          pending.push(CLOSE_ARRAY);
          for (let i = value.length - 1; i >= 0; i--) {
            pending.push(value[i]);
            if (i > 0) pending.push(COMMA);
          }
        } else {
          text += '{';
          pending.push(CLOSE_OBJECT);
          const names = Object.keys(value).sort();
          for (let i = names.length - 1; i >= 0; i--) {
            const name = names[i] as string;
            pending.push((value as Record<string, unknown>)[name]);
            pending.push(new Piece(`${JSON.stringify(name)}:`));
            if (i > 0) pending.push(COMMA);
          }
        }
        break;
      }
      default:
        text += '?';
    }
  }
  return text;
}

/** How deep {@link shallowKey} follows on the engine's stack before handing over to {@link containerKey}. */
const SHALLOW_DEPTH = 32;

/** {@link containerKey} by recursion, for the common item a few levels deep. */
function shallowKey(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
    case 'bigint':
      return exactNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth >= SHALLOW_DEPTH) return containerKey(value);
      if (Array.isArray(value)) {
        let text = '[';
        for (let i = 0; i < value.length; i++)
          text += `${i === 0 ? '' : ','}${shallowKey(value[i], depth + 1)}`;
        return `${text}]`;
      }
      const names = Object.keys(value).sort();
      let text = '{';
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        text += `${i === 0 ? '' : ','}${JSON.stringify(name)}:${shallowKey((value as Record<string, unknown>)[name], depth + 1)}`;
      }
      return `${text}}`;
    }
    default:
      return '?';
  }
}

/** An item's key: equal exactly when the items are equal as JSON (each kind with its own first letter). */
function itemKey(item: unknown): string {
  switch (typeof item) {
    case 'string':
      return `s${item}`;
    case 'number':
    case 'bigint':
      return `n${exactNumber(item)}`;
    case 'boolean':
      return item ? 't' : 'f';
    case 'object':
      return item === null ? 'z' : `c${shallowKey(item, 0)}`;
    default:
      return '?';
  }
}

/**
 * The indexes of the first two items equal as JSON (object names in any order, numbers by exact
 * value), or `undefined`: one pass, each item keyed once, so the cost is linear in the array's size.
 */
export function firstDuplicate(items: readonly unknown[]): readonly [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = itemKey(items[i]);
    const earlier = seen.get(key);
    if (earlier !== undefined) return Object.freeze([earlier, i] as const);
    seen.set(key, i);
  }
  return undefined;
}

/** Up to this many items of strings, numbers, booleans and null are compared pairwise. */
const PAIRWISE = 16;

/**
 * True when no two items are equal as JSON. A short array of strings, numbers, booleans and null
 * (no `bigint`, where `===` would not be JSON equality) is compared pairwise, with `===` (`-0` equals
 * `0`); anything else is keyed by {@link firstDuplicate}.
 */
function hasNoDuplicate(items: readonly unknown[]): boolean {
  const length = items.length;
  if (length < 2) return true;
  if (length <= PAIRWISE) {
    let plain = true;
    for (let i = 0; i < length && plain; i++) {
      const item = items[i];
      const kind = typeof item;
      plain = kind === 'string' || kind === 'number' || kind === 'boolean' || item === null;
    }
    if (plain) {
      for (let i = 1; i < length; i++)
        for (let j = 0; j < i; j++) if (items[i] === items[j]) return false;
      return true;
    }
  }
  return firstDuplicate(items) === undefined;
}

const check: Check<true> = {
  on: 'array',
  emit: (_state, v, constant) => `${constant(hasNoDuplicate)}(${v})`,
  fault: (_state, value) =>
    hasNoDuplicate(value as readonly unknown[]) ? undefined : GATE_ISSUE_CODES.DUPLICATE_ITEMS,
  facts: (_state, _node, value) => {
    const indexes = firstDuplicate(value as readonly unknown[]);
    return indexes === undefined ? {} : { indexes };
  },
};

/**
 * `uniqueItems: true`: no two items are equal as JSON. The refusal names the indexes of the first
 * two equal items, never the items. `false` asserts nothing.
 */
export const uniqueItemsKeyword: Keyword = {
  keywords: ['uniqueItems'],
  read(schema, node, reader) {
    const unique = schema.uniqueItems;
    if (unique === undefined) return;
    if (typeof unique !== 'boolean')
      defect(
        'MALFORMED_SCHEMA',
        reader.at('uniqueItems'),
        'The keyword `uniqueItems` does not hold a boolean; make it `true` or drop it.',
      );
    if (unique) addCheck(node, check, true);
  },
  lines: {
    DUPLICATE_ITEMS: (issue) => {
      const [first, second] = issue.indexes ?? [];
      const which =
        first === undefined ? '' : `; the items at indexes ${first} and ${second} are equal`;
      return `${subject(issue.path)} must hold distinct items${which}.`;
    },
  },
};
