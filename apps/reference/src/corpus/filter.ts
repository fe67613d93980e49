/**
 * Compiles a search filter (a tree of `and` / `or` / `not` over path, tag and modification-date
 * predicates) into one SQL condition over the `documents` table aliased `d`, in SQL that SQLite
 * and PostgreSQL both read (`?` placeholders; PostgreSQL's store numbers them), with its parameters
 * in order. Caller text only ever travels as a bound parameter, never inside the SQL. A node's
 * fields combine with AND; an empty node is true, an empty `or` false, an empty `and` true.
 */
import {
  MS_PER_DAY,
  parseDate,
  parseDateTime,
  parseTimeOfDay,
  subtractDuration,
} from './temporal.ts';

/** The filter as the `search_documents` tool declares it (strings already admitted by the gate). */
export interface DocumentFilter {
  readonly and?: readonly DocumentFilter[];
  readonly or?: readonly DocumentFilter[];
  readonly not?: DocumentFilter;
  readonly path_prefix?: string;
  readonly tag?: string;
  readonly modified_after?: string;
  readonly modified_before?: string;
  readonly modified_on?: string;
  readonly modified_within?: string;
  readonly modified_time?: { readonly from: string; readonly to: string };
}

/** The deepest filter the search accepts (the root is depth 1). */
export const FILTER_MAX_DEPTH = 12;

/** The most predicate nodes one filter may hold. */
export const FILTER_MAX_NODES = 200;

/** A compiled filter: a condition to AND into a query and its parameters, in order. */
export interface CompiledFilter {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

/** Why a filter was not compiled: the words tell the caller how to fix it. */
export interface FilterRefusal {
  readonly ok: false;
  readonly refusal: { readonly text: string };
}

// Truth values both SQLite and PostgreSQL read (PostgreSQL has no integer truth).
const TRUE = '(1 = 1)';
const FALSE = '(1 = 0)';

/** Numbers SQLite compares exactly; an instant outside them is clamped (it is before or after everything). */
function clamp(ms: number): number {
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, ms));
}

/**
 * Compiles `filter` against the clock reading `now` (for `modified_within`). Refuses a tree deeper
 * than {@link FILTER_MAX_DEPTH} or larger than {@link FILTER_MAX_NODES}: SQLite bounds the depth
 * of an expression, and the words say so before it would.
 */
export function compileFilter(
  filter: DocumentFilter,
  now: number,
): { readonly ok: true; readonly value: CompiledFilter } | FilterRefusal {
  const params: (string | number)[] = [];
  let nodes = 0;
  let tooDeep = false;

  const compile = (node: DocumentFilter, depth: number): string => {
    nodes++;
    if (depth > FILTER_MAX_DEPTH) tooDeep = true;
    if (tooDeep || nodes > FILTER_MAX_NODES) return TRUE;
    const parts: string[] = [];
    if (node.path_prefix !== undefined) {
      parts.push('substr(d.path, 1, length(CAST(? AS TEXT))) = ?');
      params.push(node.path_prefix, node.path_prefix);
    }
    if (node.tag !== undefined) {
      parts.push(
        '(d.id IN (SELECT document_id FROM tags WHERE tag = ?) OR d.id IN (SELECT document_id FROM file_tags WHERE tag = ?))',
      );
      params.push(node.tag, node.tag);
    }
    if (node.modified_after !== undefined) {
      parts.push('d.mtime_ms > ?');
      params.push(clamp(parseDateTime(node.modified_after)));
    }
    if (node.modified_before !== undefined) {
      parts.push('d.mtime_ms < ?');
      params.push(clamp(parseDateTime(node.modified_before)));
    }
    if (node.modified_on !== undefined) {
      const start = parseDate(node.modified_on);
      parts.push('(d.mtime_ms >= ? AND d.mtime_ms < ?)');
      params.push(clamp(start), clamp(start + MS_PER_DAY));
    }
    if (node.modified_within !== undefined) {
      parts.push('d.mtime_ms >= ?');
      params.push(clamp(subtractDuration(now, node.modified_within)));
    }
    if (node.modified_time !== undefined) {
      const from = parseTimeOfDay(node.modified_time.from);
      const to = parseTimeOfDay(node.modified_time.to);
      // A window that crosses midnight (from 22:00 to 06:00) is the two ends of the day.
      const joiner = from <= to ? 'AND' : 'OR';
      parts.push(`(d.mtime_ms % ${MS_PER_DAY} >= ? ${joiner} d.mtime_ms % ${MS_PER_DAY} <= ?)`);
      params.push(from, to);
    }
    if (node.and !== undefined) {
      const inner = node.and.map((child) => compile(child, depth + 1));
      parts.push(inner.length === 0 ? TRUE : `(${inner.join(' AND ')})`);
    }
    if (node.or !== undefined) {
      const inner = node.or.map((child) => compile(child, depth + 1));
      parts.push(inner.length === 0 ? FALSE : `(${inner.join(' OR ')})`);
    }
    if (node.not !== undefined) parts.push(`NOT (${compile(node.not, depth + 1)})`);
    return parts.length === 0 ? TRUE : parts.join(' AND ');
  };

  const sql = compile(filter, 1);
  if (tooDeep) {
    return {
      ok: false,
      refusal: {
        text: `The \`filter\` nests deeper than ${FILTER_MAX_DEPTH} levels. Flatten it: \`and\` and \`or\` take lists.`,
      },
    };
  }
  if (nodes > FILTER_MAX_NODES) {
    return {
      ok: false,
      refusal: {
        text: `The \`filter\` holds more than ${FILTER_MAX_NODES} nodes. Send a smaller filter.`,
      },
    };
  }
  return { ok: true, value: { sql, params } };
}
