import type { GateIssueCode } from '../issue-codes.ts';
import type { GateIssue } from '../refusal.ts';
import { renderNames, renderValues } from './wording.ts';

/** How much of the value an interpretation has walked: one visit per value judged. */
export interface VisitCounter {
  visits: number;
}

/**
 * Where the interpreter puts the faults it finds, and what bounds its work. Identical faults (the
 * same code and the same line of text, as every entry of a map failing one way) are kept once; the
 * sameness is read from the issue's fields, not from its written line, so a fault repeated on every
 * entry of a map costs a short key whatever the length of the enum or of the accepted names it
 * carries (each list is written once per sink, to learn which lists read alike).
 * Once `limit` distinct faults are kept, the next distinct one sets `more` and stops the walk: the
 * sink throws itself, and whoever created it catches exactly that object. A refusal therefore costs
 * at most the walk up to its last kept fault, and holds at most `limit` issues, whatever the value.
 *
 * A sink of limit 0 is a probe: its first fault stops the walk (it answers "does this admit?").
 */
export class IssueSink {
  readonly issues: GateIssue[] = [];
  /** True once a distinct fault beyond the limit was found (and left undescribed). */
  more = false;
  readonly limit: number;
  readonly counter: VisitCounter;
  #told: Set<string> | undefined;
  #sources: Map<number, Map<GateIssueCode, Set<string>>> | undefined;
  /** A number per list an issue carries; two lists that read alike share theirs. */
  #lists: Map<readonly unknown[], number> | undefined;
  #readings: Map<string, number> | undefined;

  constructor(limit: number, counter: VisitCounter = { visits: 0 }) {
    this.limit = limit;
    this.counter = counter;
  }

  /** A probe sharing this sink's visit counter. */
  probe(): IssueSink {
    return new IssueSink(0, this.counter);
  }

  /**
   * True when a fault of `code` from the same `source` at the same `path` was added before; records
   * it otherwise. A source stands for what alone determines an issue besides its code and path (the
   * plan node its facts come from and whether the place is optional, or -1 for a fault with no
   * facts), so a repeat is the same issue and is dropped before it is described: every entry of a
   * map failing one way costs three lookups and no allocation (the entries share one path string).
   */
  toldBefore(code: GateIssueCode, source: number, path: string): boolean {
    if (this.limit === 0) return false;
    this.#sources ??= new Map();
    let byCode = this.#sources.get(source);
    if (byCode === undefined) {
      byCode = new Map();
      this.#sources.set(source, byCode);
    }
    let paths = byCode.get(code);
    if (paths === undefined) {
      paths = new Set();
      byCode.set(code, paths);
    }
    if (paths.has(path)) return true;
    paths.add(path);
    return false;
  }

  add(issue: GateIssue): void {
    if (this.limit === 0) {
      this.more = true;
      throw this;
    }
    const key = this.#keyOf(issue);
    this.#told ??= new Set();
    if (this.#told.has(key)) return;
    if (this.issues.length >= this.limit) {
      this.more = true;
      throw this;
    }
    this.#told.add(key);
    this.issues.push(frozenIssue(issue));
  }

  /**
   * What the issue's line is a function of, as a short text: its code, its path and its facts, with
   * each list (`values`, `names`) by the number of its reading. Two issues share a key exactly when
   * their lines read alike.
   */
  #keyOf(issue: GateIssue): string {
    const values = issue.values === undefined ? '' : this.#listNumber(issue.values, renderValues);
    const names = issue.names === undefined ? '' : this.#listNumber(issue.names, renderNames);
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = issue;
    const types = issue.types?.join(' ') ?? '';
    const bounds = `${minimum}\n${maximum}\n${exclusiveMinimum}\n${exclusiveMaximum}`;
    const { minLength, maxLength, pattern, minItems, maxItems, multipleOf, indexes } = issue;
    const shape = `${minLength}\n${maxLength}\n${pattern}\n${minItems}\n${maxItems}\n${multipleOf}\n${indexes}`;
    return `${issue.code}\n${issue.path}\n${types}\n${issue.format}\n${bounds}\n${values}\n${names}\n${issue.count}\n${issue.optional}\n${shape}`;
  }

  #listNumber<TItem>(list: readonly TItem[], read: (list: readonly TItem[]) => string): number {
    this.#lists ??= new Map();
    const known = this.#lists.get(list);
    if (known !== undefined) return known;
    this.#readings ??= new Map();
    const reading = read(list);
    const number = this.#readings.get(reading) ?? this.#readings.size;
    this.#readings.set(reading, number);
    this.#lists.set(list, number);
    return number;
  }
}

/** An issue and the lists it carries, frozen: a refusal is a value the caller may share freely. */
function frozenIssue(issue: GateIssue): GateIssue {
  for (const list of [issue.types, issue.values, issue.names, issue.indexes])
    if (list !== undefined) Object.freeze(list);
  return Object.freeze(issue);
}
