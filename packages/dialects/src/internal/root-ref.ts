import {
  isJsonObject,
  mapSubschemas,
  refOf,
  refSegments,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import { fromEntries, pointer, withKeyword } from './rewrite.ts';

/** The segments of a local reference, or `undefined` for one that is not (left for the gate). */
function segmentsOf(ref: string): readonly string[] | undefined {
  try {
    return refSegments(ref);
  } catch {
    return undefined;
  }
}

/** The reference a definition consists of alone (`{"$ref": ...}`), or `undefined`. */
function aliasOf(definition: SchemaNode | undefined): string | undefined {
  if (!isJsonObject(definition)) return undefined;
  const keys = Object.keys(definition);
  return keys.length === 1 && keys[0] === '$ref' ? refOf(definition) : undefined;
}

/**
 * Rewrites every `$ref` (in keyword position) into the definition that moved to the root, however
 * it is spelled (`#/$defs/A`, `#/%24defs/A`), to the same place under the root: `#` for the
 * definition itself, `#/properties/x` for `#/$defs/A/properties/x`.
 */
function retarget(node: SchemaNode, moved: readonly string[]): SchemaNode {
  if (typeof node === 'boolean') return node;
  const mapped = mapSubschemas(node, (child) => retarget(child, moved));
  const ref = refOf(mapped);
  const segments = ref === undefined ? undefined : segmentsOf(ref);
  if (segments === undefined || !moved.every((segment, i) => segments[i] === segment)) {
    return mapped;
  }
  return withKeyword(mapped, '$ref', `#${pointer(segments.slice(moved.length))}`);
}

/**
 * A root that is a `$ref` becomes the definition itself (OpenAI needs `type: "object"` at the root):
 * the definition's keywords take the place of `$ref` under the root's own, the definition leaves
 * `$defs`, and every reference to it becomes `#` (a reference into it, the same place under `#`).
 * A chain of definitions that are each only a reference is followed to the one it ends at.
 */
export function mergeRootRef(root: SchemaObject): SchemaObject {
  const ref = refOf(root);
  if (ref === undefined) return root;
  let segments: readonly string[] = refSegments(ref);
  let definition = tryResolveRef(root, ref);
  // A definition that is only a reference to another (a `$defs` chain) stands for that one: the
  // root merges what the chain ends at, and the links stay, now pointing at `#`.
  const seen = new Set([ref]);
  for (let next = aliasOf(definition); next !== undefined; next = aliasOf(definition)) {
    const nextSegments = segmentsOf(next);
    if (seen.has(next) || nextSegments === undefined) break;
    seen.add(next);
    segments = nextSegments;
    definition = tryResolveRef(root, next);
  }
  if (!isJsonObject(definition) || segments.length !== 2 || segments[0] !== '$defs') return root;
  const name = segments[1]!;
  const own = new Set(Object.keys(root));
  const merged: [string, unknown][] = [];
  for (const [key, value] of Object.entries(root)) {
    if (key === '$ref') {
      for (const entry of Object.entries(definition)) if (!own.has(entry[0])) merged.push(entry);
    } else if (key === '$defs' && isJsonObject(value)) {
      const rest = Object.entries(value).filter(([defName]) => defName !== name);
      if (rest.length > 0) merged.push([key, fromEntries(rest)]);
    } else {
      merged.push([key, value]);
    }
  }
  return retarget(fromEntries(merged), segments) as SchemaObject;
}
