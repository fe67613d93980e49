import { SchemaDefectError } from '@portcullis/schema';
import {
  defRef,
  isArraySubschemaKeyword,
  isJsonObject,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  refSegments,
  resolveRef,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import { DIALECT_ERROR_CODES, DialectError } from '../errors.ts';
import type { DialectName } from '../names.ts';
import { copyValue, joinSentences, pointer } from './rewrite.ts';

/**
 * What the inlining walk does with what it cannot inline (see `InlineOptions` in `inline-refs.ts`,
 * whose fields these extend):
 * - `unroll`: how many times one definition may be expanded on one expansion path before the next
 *   reference to it is broken (1: a reference back into its own expansion is the break);
 * - `breakNode`: what takes the place of a broken reference, given the definition's name and the
 *   definition (followed through definitions that are themselves a bare reference, so an alias
 *   gives the type of what it names; a use-site description is joined in front of the node's own);
 * - `dialect`: the wire name a {@link DialectError} carries in its details.
 */
export interface ExpandOptions {
  readonly references: 'canonical' | 'foreign';
  readonly cycles: 'break' | 'keep';
  readonly maxNodes: number;
  readonly unroll: number;
  readonly breakNode: (name: string, definition: SchemaNode | undefined) => SchemaObject;
  readonly dialect?: DialectName;
}

/** An inlined document and the JSON pointers (into it) of every broken reference. */
export interface Expansion {
  readonly schema: SchemaNode;
  readonly breaks: readonly string[];
}

const DEFINITIONS = new Set(['$defs', 'definitions']);

/**
 * The break every dialect but anthropic_strict uses: an object (or the definition's own type)
 * whose description names the definition. No `title`: Gemini drops it, and a break must say what
 * it stands for wherever it is read. A definition typed with a list keeps the list, so a nullable
 * definition still admits `null` where the recursion ends (each dialect then spells the list its
 * own way).
 */
export function describedBreak(name: string, definition: SchemaNode | undefined): SchemaObject {
  const declared = isJsonObject(definition) ? definition.type : undefined;
  const type =
    typeof declared === 'string'
      ? declared
      : Array.isArray(declared) &&
          declared.length > 0 &&
          declared.every((t) => typeof t === 'string')
        ? [...declared]
        : 'object';
  return {
    type,
    description: `A recursive reference to ${name}, whose shape is not restated here.`,
  };
}

/** True where `mapSubschemas` rebuilds a keyword's value, so it needs no copy of its own. */
function isSubschemaKeyword(keyword: string): boolean {
  return (
    isSingleSubschemaKeyword(keyword) ||
    isArraySubschemaKeyword(keyword) ||
    isMapSubschemaKeyword(keyword)
  );
}

/** The last segment of a reference (the definition's name), `root` for `#`. */
export function definitionName(ref: string): string {
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
 * only (a property NAMED `$ref` is data). A reference is a cycle when its definition is already
 * expanded `unroll` times on the current expansion path (a definition shared by two branches is
 * inlined in both); `cycles` then breaks it to `breakNode` or keeps it under the root `$defs`. The
 * input is never mutated; every inlined copy is fresh.
 *
 * Throws `SchemaDefectError` for an unresolvable reference under `references: 'canonical'`, and
 * {@link DialectError} INLINE_BUDGET_EXCEEDED when the output would exceed `maxNodes`.
 */
export function expandRefs(schema: SchemaNode, options: ExpandOptions): Expansion {
  const breaks: string[] = [];
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

  /** What a reference finally names: through definitions that are themselves a reference. */
  const resolveThrough = (ref: string): SchemaNode | undefined => {
    const seen = new Set<string>();
    let target = resolve(ref);
    for (let next = ref; isJsonObject(target) && typeof target.$ref === 'string'; ) {
      seen.add(next);
      next = target.$ref;
      if (seen.has(next)) return target;
      target = resolve(next);
    }
    return target;
  };

  const keepName = (ref: string): string => {
    const known = kept.get(ref);
    if (known !== undefined) return known;
    const base = definitionName(ref);
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
        `Inlining the references would produce more than ${options.maxNodes} subschemas (\`maxNodes\`). Share fewer definitions or nest them less deeply, or publish the tool in a dialect that keeps \`$defs\`.`,
        { dialect: options.dialect, limit: 'maxNodes', path: pointer(at) },
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
    const expanded = path.filter((entry) => entry === ref).length;
    if (options.cycles === 'keep' && expanded > 0) {
      return { ...useSite, $ref: ref === '#' ? '#' : defRef(keepName(ref)) };
    }
    if (options.cycles === 'break' && expanded >= options.unroll) {
      breaks.push(pointer(at));
      const broken = options.breakNode(definitionName(ref), resolveThrough(ref));
      const own = useSite.description;
      const text = broken.description;
      const site =
        typeof own === 'string' && typeof text === 'string'
          ? { ...useSite, description: joinSentences(own, text) }
          : useSite;
      return mergeUseSite(site, broken);
    }
    const target = resolve(ref);
    if (target === undefined) return mergeUseSite(useSite, { type: 'object' });
    return mergeUseSite(useSite, expand(target, [...path, ref], at));
  };

  const root = expand(schema, ['#'], []);
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
