import {
  defRef,
  isArraySubschemaKeyword,
  isJsonObject,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  refSegments,
  resolveRef,
  SchemaDefectError,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema';
import { DIALECT_ERROR_CODES, DialectError } from './errors.ts';
import { copyValue, pointer } from './internal/rewrite.ts';

/**
 * How {@link inlineRefs} treats what it cannot inline.
 * - `references`: `canonical` for a document this process published (an unresolvable reference is
 *   our defect and throws `SchemaDefectError`), `foreign` for another server's schema (such a
 *   reference collapses to a bare object, since a tool we cannot fully read is still worth offering).
 * - `cycles`: `break` replaces a reference back into the current expansion path with a titled
 *   shapeless object (for consumers that forbid recursion); `keep` keeps that reference and its
 *   definition under the root `$defs`.
 * - `maxNodes`: the most subschemas the output may hold (inlining a shared definition copies it at
 *   every use, and diamonds compound); default {@link INLINE_NODE_BUDGET}.
 */
export interface InlineOptions {
  readonly references: 'canonical' | 'foreign';
  readonly cycles: 'break' | 'keep';
  readonly maxNodes?: number;
}

/**
 * A policy for {@link inlineRefs}: `'canonical'` (throw on an unresolvable reference, break
 * cycles), `'foreign'` (collapse it, keep cycles under `$defs`), or explicit options.
 */
export type InlinePolicy = 'canonical' | 'foreign' | InlineOptions;

/** The default bound on the subschemas one inlined document may hold. */
export const INLINE_NODE_BUDGET = 100_000;

const DEFINITIONS = new Set(['$defs', 'definitions']);

function optionsOf(policy: InlinePolicy): Required<InlineOptions> {
  if (policy === 'canonical') {
    return { references: 'canonical', cycles: 'break', maxNodes: INLINE_NODE_BUDGET };
  }
  if (policy === 'foreign') {
    return { references: 'foreign', cycles: 'keep', maxNodes: INLINE_NODE_BUDGET };
  }
  return { maxNodes: INLINE_NODE_BUDGET, ...policy };
}

/** True where `mapSubschemas` rebuilds a keyword's value, so it needs no copy of its own. */
function isSubschemaKeyword(keyword: string): boolean {
  return (
    isSingleSubschemaKeyword(keyword) ||
    isArraySubschemaKeyword(keyword) ||
    isMapSubschemaKeyword(keyword)
  );
}

function nameOf(ref: string): string {
  let segments: string[];
  try {
    segments = refSegments(ref);
  } catch {
    return 'reference';
  }
  return segments[segments.length - 1] ?? 'root';
}

/**
 * Merges a use site over the definition it refers to: the use site's keywords win (JSON Schema
 * 2020-12 applies both; the vendors read only one, and the use site is the more specific), the
 * definition's keywords take the place of `$ref`, order otherwise kept.
 */
function mergeUseSite(useSite: SchemaObject, definition: SchemaNode): SchemaNode {
  const siblings = Object.keys(useSite).filter((key) => key !== '$ref');
  if (typeof definition === 'boolean') {
    if (siblings.length === 0) return definition;
    const rest = Object.entries(useSite).filter(([key]) => key !== '$ref');
    return Object.fromEntries(definition ? rest : [...rest, ['not', {}]]);
  }
  const own = new Set(siblings);
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(useSite)) {
    if (key === '$ref') {
      for (const entry of Object.entries(definition)) {
        if (!own.has(entry[0])) out.push(entry);
      }
    } else {
      out.push([key, value]);
    }
  }
  return Object.fromEntries(out);
}

/**
 * Replaces every local `$ref` in `schema` with the definition it names, walking keyword positions
 * only (a property NAMED `$ref` is data). A cycle is detected on the current expansion path (a
 * definition shared by two branches is inlined in both; only a reference back into its own
 * expansion is a cycle) and handled by `policy.cycles`. The input is never mutated; every inlined
 * copy is fresh. `$defs` and `definitions` are dropped from the output (with `cycles: 'keep'`, the
 * root `$defs` holds exactly the kept definitions, renamed as needed).
 *
 * Throws `SchemaDefectError` (UNRESOLVABLE_REF, NON_LOCAL_REF) under the canonical policy, and
 * {@link DialectError} INLINE_BUDGET_EXCEEDED when the output would exceed `maxNodes`.
 */
export function inlineRefs(schema: SchemaNode, policy: InlinePolicy): SchemaNode {
  return inlineTracingBreaks(schema, policy).schema;
}

/**
 * {@link inlineRefs}, also returning the JSON pointers (into the output) of every broken cycle, for
 * a dialect that must report them as narrowed.
 */
export function inlineTracingBreaks(
  schema: SchemaNode,
  policy: InlinePolicy,
): { readonly schema: SchemaNode; readonly breaks: readonly string[] } {
  const breaks: string[] = [];
  const options = optionsOf(policy);
  let nodes = 0;
  const kept = new Map<string, string>();
  const keptNames = new Set<string>();
  const pending: string[] = [];

  const resolve = (ref: string): SchemaNode | undefined => {
    if (options.references === 'canonical') return resolveRef(schema, ref);
    try {
      return tryResolveRef(schema, ref);
    } catch (error) {
      if (error instanceof SchemaDefectError) return undefined;
      throw error;
    }
  };

  const keepName = (ref: string): string => {
    const known = kept.get(ref);
    if (known !== undefined) return known;
    const base = nameOf(ref);
    let name = base;
    for (let n = 2; keptNames.has(name); n++) name = `${base}_${n}`;
    kept.set(ref, name);
    keptNames.add(name);
    pending.push(ref);
    return name;
  };

  const expand = (node: SchemaNode, path: readonly string[], at: readonly string[]): SchemaNode => {
    nodes += 1;
    if (nodes > options.maxNodes) {
      throw new DialectError(
        DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED,
        `inlining would produce more than ${options.maxNodes} subschemas (limit: maxNodes)`,
        { limit: 'maxNodes' },
      );
    }
    if (typeof node === 'boolean') return node;
    // Every other value (`required`, `enum`, `type` arrays, `default`...) is copied here, so two
    // inlined copies of one definition share nothing with each other or with the input.
    const bare = Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => !DEFINITIONS.has(key))
        .map(([key, value]) => [key, isSubschemaKeyword(key) ? value : copyValue(value)]),
    );
    const ref = bare.$ref;
    const down = (child: SchemaNode, rel: readonly string[]) =>
      expand(child, path, [...at, ...rel]);
    if (typeof ref !== 'string') return mapSubschemas(bare, down);
    const useSite = mapSubschemas(bare, down);
    if (path.includes(ref)) {
      if (options.cycles === 'keep') {
        return { ...useSite, $ref: ref === '#' ? '#' : defRef(keepName(ref)) };
      }
      const target = resolve(ref);
      const type = isJsonObject(target) && typeof target.type === 'string' ? target.type : 'object';
      const name = nameOf(ref);
      breaks.push(pointer(at));
      return mergeUseSite(useSite, {
        type,
        title: name,
        description: `A ${name}: a recursive reference whose shape is not restated here.`,
      });
    }
    const target = resolve(ref);
    if (target === undefined) return mergeUseSite(useSite, { type: 'object' });
    return mergeUseSite(useSite, expand(target, [...path, ref], at));
  };

  const rootPath: readonly string[] = ['#'];
  const root = expand(schema, rootPath, []);
  if (pending.length === 0 || typeof root === 'boolean') return { schema: root, breaks };

  const defs: [string, SchemaNode][] = [];
  for (let i = 0; i < pending.length; i++) {
    const ref = pending[i]!;
    const target = resolve(ref);
    const name = kept.get(ref)!;
    defs.push([
      name,
      target === undefined ? { type: 'object' } : expand(target, ['#', ref], ['$defs', name]),
    ]);
  }
  return { schema: { ...root, $defs: Object.fromEntries(defs) }, breaks };
}
