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
 */
export function mergeRootRef(root: SchemaObject): SchemaObject {
  const ref = refOf(root);
  if (ref === undefined) return root;
  const segments = refSegments(ref);
  const definition = tryResolveRef(root, ref);
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
