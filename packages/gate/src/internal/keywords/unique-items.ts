import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { numberKey } from '../enum-index.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

/** A number's key: its exact value in decimal (`-0` is `0`; a safe integer skips the `bigint`). */
function exactNumber(value: number | bigint): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a fast path; numberKey writes a safe integer in the same digits
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  // Stryker disable next-line StringLiteral: NaN is no JSON value and never keyed; numberKey answers every other number
  return numberKey(value) ?? 'NaN';
}

/**
 * Canonical ids of the values one judgement reads: two values get the same id exactly when they are
 * equal as JSON (object names in any order, numbers by exact value, `1`, `1.0` and `1n` alike). A
 * container's id is found from its children's ids (its shape, a few characters per child), and kept
 * by identity for the rest of the judgement, so arrays of `uniqueItems` nested in one another key
 * each value once however deep: the work is linear in the whole value, not in its size times its
 * depth (keying every level's subtree anew made a 1 MB body nested 1000 deep take seconds).
 */
export class Canon {
  readonly #strings = new Map<string, number>();
  readonly #numbers = new Map<string, number>();
  readonly #shapes = new Map<string, number>();
  readonly #containers = new Map<object, number>();
  #next = FIRST_ID;

  #intern<K>(table: Map<K, number>, key: K): number {
    const known = table.get(key);
    if (known !== undefined) return known;
    const id = this.#next++;
    table.set(key, id);
    return id;
  }

  /** The id of a value that is not an object or an array (a non-JSON value is {@link OTHER}). */
  #scalar(value: unknown): number {
    switch (typeof value) {
      case 'string':
        return this.#intern(this.#strings, value);
      case 'number':
      case 'bigint':
        return this.#intern(this.#numbers, exactNumber(value));
      case 'boolean':
        return value ? TRUE : FALSE;
      default:
        // Stryker disable next-line EqualityOperator: swapping the ids of null and of a value that is not JSON keeps them apart
        return value === null ? NULL : OTHER;
    }
  }

  /**
   * The id of `value`, read from a stack of its own (an item nested however deep is read without
   * recursion), each container's children read once. Throws on a cycle: the judgement then refuses
   * the value as unjudgeable.
   */
  idOf(value: unknown): number {
    if (typeof value !== 'object' || value === null) return this.#scalar(value);
    const known = this.#containers.get(value);
    if (known !== undefined) return known;
    const frames: Frame[] = [frameOf(value)];
    const open = new Set<object>([value]);
    let id = OTHER;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      const children = frame.children;
      let descended = false;
      while (frame.ids.length < children.length) {
        const child = children[frame.ids.length];
        if (typeof child !== 'object' || child === null) {
          frame.ids.push(this.#scalar(child));
          continue;
        }
        const childId = this.#containers.get(child);
        if (childId !== undefined) {
          frame.ids.push(childId);
          continue;
        }
        if (open.has(child)) throw new RangeError('A cyclic value has no JSON equality.');
        open.add(child);
        frames.push(frameOf(child));
        descended = true;
        break;
      }
      if (descended) continue;
      frames.pop();
      open.delete(frame.container);
      // Stryker disable next-line EqualityOperator,StringLiteral: every entry of an object holds a `:` and no entry of an array does, so either prefix (or none) keeps their shapes apart
      let shape = frame.names === undefined ? 'a' : 'o';
      for (let i = 0; i < frame.ids.length; i++) {
        const name = frame.names === undefined ? '' : `${this.#scalar(frame.names[i])}:`;
        shape += `${i === 0 ? '' : ','}${name}${frame.ids[i]}`;
      }
      id = this.#intern(this.#shapes, shape);
      this.#containers.set(frame.container, id);
      // Stryker disable next-line ArithmeticOperator: a parent that is not told the id finds it in the table when it reads the child again
      const parent = frames[frames.length - 1];
      if (parent !== undefined) parent.ids.push(id);
    }
    return id;
  }
}

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const OTHER = 3;
const FIRST_ID = 4;

/** A container being keyed: its children (an object's in the order of its sorted names), read once. */
interface Frame {
  readonly container: object;
  readonly names: readonly string[] | undefined;
  readonly children: readonly unknown[];
  readonly ids: number[];
}

function frameOf(container: object): Frame {
  if (Array.isArray(container)) {
    // Stryker disable next-line MethodExpression: each child is read once, from the copy or from the array
    return { container, names: undefined, children: container.slice(), ids: [] };
  }
  const names = Object.keys(container).sort();
  const record = container as Record<string, unknown>;
  return { container, names, children: names.map((name) => record[name]), ids: [] };
}

/**
 * The canonical ids of the judgement under way: `null` until its first `uniqueItems` array makes
 * them, `undefined` outside a judgement (each check then keys its array alone).
 */
let current: Canon | null | undefined;

/**
 * Starts one judgement: every `uniqueItems` check until {@link endJudgement} shares one table of
 * canonical ids. Returns the judgement it interrupts (a getter of the value judging something else),
 * to give back to {@link endJudgement}, so a nested judgement has a table of its own.
 */
export function startJudgement(): Canon | null | undefined {
  const outer = current;
  current = null;
  return outer;
}

/** Ends the judgement {@link startJudgement} started, dropping its table. */
export function endJudgement(outer: Canon | null | undefined): void {
  current = outer;
}

function canon(): Canon {
  if (current === undefined) return new Canon();
  current ??= new Canon();
  return current;
}

/**
 * The indexes of the first two items equal as JSON (object names in any order, numbers by exact
 * value), or `undefined`: one pass, each item keyed once, so the cost is linear in the array's size.
 */
export function firstDuplicate(items: readonly unknown[]): readonly [number, number] | undefined {
  const ids = canon();
  const seen = new Map<number, number>();
  for (let i = 0; i < items.length; i++) {
    const id = ids.idOf(items[i]);
    const earlier = seen.get(id);
    if (earlier !== undefined) return Object.freeze([earlier, i] as const);
    seen.set(id, i);
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
  // The pairwise comparison is a fast path; an array it does not take is keyed by firstDuplicate,
  // with the same verdict (the marks below leave out the mutants that only choose the path).
  const length = items.length;
  // Stryker disable next-line ConditionalExpression: a fast path (above)
  if (length < 2) return true;
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: a fast path (above)
  if (length <= PAIRWISE) {
    // Stryker disable next-line BooleanLiteral: a fast path (above)
    let plain = true;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,UpdateOperator: a fast path (above)
    for (let i = 0; i < length && plain; i++) {
      const item = items[i];
      const kind = typeof item;
      // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: a fast path (above)
      plain = kind === 'string' || kind === 'number' || kind === 'boolean' || item === null;
    }
    // Stryker disable next-line BlockStatement,ConditionalExpression: a fast path (above)
    if (plain) {
      // Stryker disable next-line EqualityOperator: items[length] is undefined, equal to no earlier item
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
    // Stryker disable next-line BooleanLiteral: the check reads no value of its own
    if (unique) addCheck(node, check, true);
  },
  lines: {
    DUPLICATE_ITEMS: (issue) => {
      // Stryker disable next-line ArrayDeclaration: a DUPLICATE_ITEMS issue always carries its indexes
      const [first, second] = issue.indexes ?? [];
      const which =
        first === undefined ? '' : `; the items at indexes ${first} and ${second} are equal`;
      return `${subject(issue.path)} must hold distinct items${which}.`;
    },
  },
};
