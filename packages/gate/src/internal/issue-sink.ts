import type { GateIssue } from '../refusal.ts';
import { describeIssue } from '../refusal-text.ts';

/** How much of the value an interpretation has walked: one visit per value judged. */
export interface VisitCounter {
  visits: number;
}

/**
 * Where the interpreter puts the faults it finds, and what bounds its work. Identical faults (the
 * same code and the same line of text, as every entry of a map failing one way) are kept once.
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
  #sources: Set<string> | undefined;

  constructor(limit: number, counter: VisitCounter = { visits: 0 }) {
    this.limit = limit;
    this.counter = counter;
  }

  /** A probe sharing this sink's visit counter. */
  probe(): IssueSink {
    return new IssueSink(0, this.counter);
  }

  /**
   * True when a fault from the same source was added before; records it otherwise. A source names
   * what alone determines an issue (its code, the plan node its facts come from, whether the place
   * is optional, its path), so a repeat is the same issue and is dropped before it is described:
   * every entry of a map failing one way costs a lookup, not a sentence.
   */
  toldBefore(source: string): boolean {
    if (this.limit === 0) return false;
    this.#sources ??= new Set();
    if (this.#sources.has(source)) return true;
    this.#sources.add(source);
    return false;
  }

  add(issue: GateIssue): void {
    if (this.limit === 0) {
      this.more = true;
      throw this;
    }
    const key = `${issue.code}\n${describeIssue(issue)}`;
    this.#told ??= new Set();
    if (this.#told.has(key)) return;
    if (this.issues.length >= this.limit) {
      this.more = true;
      throw this;
    }
    this.#told.add(key);
    this.issues.push(frozenIssue(issue));
  }
}

/** An issue and the lists it carries, frozen: a refusal is a value the caller may share freely. */
function frozenIssue(issue: GateIssue): GateIssue {
  for (const list of [issue.types, issue.values, issue.names])
    if (list !== undefined) Object.freeze(list);
  return Object.freeze(issue);
}
