import { createRequire } from 'node:module';
import type { JsonObject } from '@portcullis/schema';
import {
  escapePointerSegment,
  isArraySubschemaKeyword,
  isJsonObject,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
} from '@portcullis/schema/document';
import type { Diagnostics, Parameters } from 'recheck';

type CheckSync = (source: string, flags: string, params?: Parameters) => Diagnostics;

let loaded: CheckSync | undefined;

/**
 * recheck's pure-JavaScript checker, run synchronously in this thread: the same analysis on every
 * machine, with no worker, child process, JVM or native binary (the package's default entry picks
 * one of those at run time). Loaded on the first pattern: it is a large module, and a catalog
 * without patterns never needs it.
 */
function checkSync(source: string, flags: string, params: Parameters): Diagnostics {
  loaded ??= (createRequire(import.meta.url)('recheck/lib/browser.js') as { checkSync: CheckSync })
    .checkSync;
  return loaded(source, flags, params);
}

/**
 * The budget of one pattern's check, in milliseconds. First recheck's automaton checker, which
 * decides exactly (a pattern is safe or has a super-linear attack), within
 * {@link PATTERN_BUDGET.exact}; a pattern whose automaton is too large for that gets recheck's own
 * choice of checker (its fuzzer, for large automata) within {@link PATTERN_BUDGET.fuzz}. So no
 * pattern costs the build more than their sum, and one still undecided is refused.
 */
export const PATTERN_BUDGET: PatternBudget = Object.freeze({ exact: 1_000, fuzz: 4_000 });

/** Milliseconds for recheck's exact (automaton) check, then for its own choice of checker. */
export interface PatternBudget {
  readonly exact: number;
  readonly fuzz: number;
}

/** What the check says of one pattern. */
export type PatternVerdict =
  | { readonly status: 'safe' }
  | { readonly status: 'vulnerable'; readonly complexity: 'polynomial' | 'exponential' }
  | { readonly status: 'undecided' }
  | { readonly status: 'unanalysable' };

/** A bounded repetition `{m,n}`, read where it stands. */
const BOUNDED = /\{(\d+),(\d+)\}/y;

/**
 * `source` with every bounded repetition that may repeat more than once (`{m,n}` with `n` of 2 or
 * more) widened to `{m,}`: a language no smaller, whose backtracking takes every path the bounded
 * one takes. recheck's automaton reads a bounded repetition as finite, so a nesting of them is
 * `safe` to it however much it backtracks below its bounds: `^(?:[a-z0-9]{1,60}-?){1,30}x$` is
 * safe as written, yet 30 letters take seconds to refuse. Widened, the nesting is what it is, an
 * exponential pattern. An exact count (`{n}`) is kept; escapes (`\u{...}`, `\p{...}`) and
 * character classes are copied as they stand.
 */
export function widenBoundedRepeats(source: string): string {
  let widened = '';
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      const braced = (next === 'u' || next === 'p' || next === 'P') && source[i + 2] === '{';
      const close = braced ? source.indexOf('}', i + 3) : -1;
      const end = close === -1 ? i + 2 : close + 1;
      widened += source.slice(i, end);
      i = end;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '{') {
      BOUNDED.lastIndex = i;
      const bounded = BOUNDED.exec(source);
      if (bounded !== null && Number(bounded[2]) >= 2) {
        widened += `{${bounded[1]},}`;
        i += bounded[0].length;
        continue;
      }
    }
    widened += char;
    i += 1;
  }
  return widened;
}

/** Verdicts by pattern source: a pattern is checked once per process, however many tools use it. */
const verdicts = new Map<string, PatternVerdict>();

/**
 * Whether `source`, run with the `u` flag as every reader runs a published `pattern`, can take
 * super-linear time on some text: recheck's verdict within `budget`, on the pattern with its bounded
 * repetitions widened ({@link widenBoundedRepeats}). A pattern its exact (automaton)
 * checker cannot analyse (a lookaround, a back-reference) is `unanalysable`, never left to the
 * fuzzer; one that recheck cannot decide in time is `undecided`.
 */
export function checkPattern(
  source: string,
  budget: PatternBudget = PATTERN_BUDGET,
): PatternVerdict {
  const known = budget === PATTERN_BUDGET ? verdicts.get(source) : undefined;
  if (known !== undefined) return known;
  const analysed = widenBoundedRepeats(source);
  let diagnostics = checkSync(analysed, 'u', { checker: 'automaton', timeout: budget.exact });
  // A lookaround or a back-reference is outside the automaton: only the fuzzer could look at it, and
  // its `safe` is a search that found no attack (`^(?:a(?=a*$))*b` passes it and is quadratic).
  if (diagnostics.status === 'unknown' && diagnostics.error.kind === 'unsupported') {
    const verdict: PatternVerdict = { status: 'unanalysable' };
    if (budget === PATTERN_BUDGET) verdicts.set(source, verdict);
    return verdict;
  }
  if (diagnostics.status === 'unknown') {
    diagnostics = checkSync(analysed, 'u', { checker: 'auto', timeout: budget.fuzz });
  }
  const verdict: PatternVerdict =
    diagnostics.status === 'safe'
      ? { status: 'safe' }
      : diagnostics.status === 'vulnerable'
        ? { status: 'vulnerable', complexity: diagnostics.complexity.type }
        : { status: 'undecided' };
  if (budget === PATTERN_BUDGET) verdicts.set(source, verdict);
  return verdict;
}

/** One `pattern` of a published document and the pointer of the node that holds it. */
export interface PublishedPattern {
  readonly source: string;
  readonly path: string;
}

/**
 * Every `pattern` in keyword position of `document` (its `$defs` included), in document order. Only
 * values at subschema keywords are followed, so a `pattern` inside `default` or `examples` data, or
 * a property named `pattern`, is not taken for one; nothing is copied on the way.
 */
export function patternsOf(document: JsonObject): PublishedPattern[] {
  const found: PublishedPattern[] = [];
  visit(document, [], found);
  return found;
}

/** Walks `node`; `segments` (unescaped, pushed and popped in place) is its place. */
function visit(node: unknown, segments: string[], found: PublishedPattern[]): void {
  if (!isJsonObject(node)) return;
  const pattern = node['pattern'];
  if (typeof pattern === 'string') {
    const path = segments.map((segment) => `/${escapePointerSegment(segment)}`).join('');
    found.push({ source: pattern, path });
  }
  for (const keyword in node) {
    if (!Object.hasOwn(node, keyword)) continue;
    const value = node[keyword];
    segments.push(keyword);
    if (isSingleSubschemaKeyword(keyword)) {
      visit(value, segments, found);
    } else if (isArraySubschemaKeyword(keyword) && Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        segments.push(String(index));
        visit(value[index], segments, found);
        segments.pop();
      }
    } else if (isMapSubschemaKeyword(keyword) && isJsonObject(value)) {
      for (const name in value) {
        if (!Object.hasOwn(value, name)) continue;
        segments.push(name);
        visit(value[name], segments, found);
        segments.pop();
      }
    }
    segments.pop();
  }
}
