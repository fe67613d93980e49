import type { SchemaNode } from '@portcullis/schema/document';
import { describedBreak, type ExpandOptions, expandRefs } from './internal/inline.ts';

/**
 * How {@link inlineRefs} treats what it cannot inline.
 * - `references`: `canonical` for a document this process published (an unresolvable reference is
 *   our defect and throws `SchemaDefectError`), `foreign` for another server's schema (such a
 *   reference collapses to a bare object, since a tool we cannot fully read is still worth offering).
 * - `cycles`: `break` replaces a reference back into the current expansion path with an object
 *   whose description names the definition (for audiences that forbid recursion); `keep` keeps
 *   that reference and its definition under the root `$defs`.
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

/** The full options of a policy, with the break every dialect but anthropic_strict uses. */
export function expandOptions(policy: InlinePolicy): ExpandOptions {
  const base = { maxNodes: INLINE_NODE_BUDGET, unroll: 1, breakNode: describedBreak };
  if (policy === 'canonical') return { ...base, references: 'canonical', cycles: 'break' };
  if (policy === 'foreign') return { ...base, references: 'foreign', cycles: 'keep' };
  return { ...base, ...policy, maxNodes: policy.maxNodes ?? INLINE_NODE_BUDGET };
}

/**
 * Replaces every local `$ref` in `schema` with the definition it names, walking keyword positions
 * only (a property NAMED `$ref` is data); use-site keywords win over the definition's. A cycle is
 * detected on the current expansion path (a definition shared by two branches is inlined in both;
 * only a reference back into its own expansion is a cycle) and handled by the policy: broken to
 * `{"type": <the definition's type>, "description": "A <name>: ..."}` (a use-site description
 * joined in front), or kept. The input is never mutated; every inlined copy is fresh. `$defs` and
 * `definitions` are dropped from the output (with `cycles: 'keep'`, the root `$defs` holds exactly
 * the kept definitions, renamed as needed).
 *
 * Throws `SchemaDefectError` (UNRESOLVABLE_REF, NON_LOCAL_REF) under the canonical policy, and
 * `DialectError` INLINE_BUDGET_EXCEEDED when the output would exceed `maxNodes`.
 */
export function inlineRefs(schema: SchemaNode, policy: InlinePolicy): SchemaNode {
  return expandRefs(schema, expandOptions(policy)).schema;
}
