import {
  isJsonObject,
  mapSubschemas,
  refOf,
  refSegments,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema';
import { fromEntries, withKeyword } from './rewrite.ts';

/** Rewrites every `$ref` equal to `from` (in keyword position) to `to`. */
function retarget(node: SchemaNode, from: string, to: string): SchemaNode {
  if (typeof node === 'boolean') return node;
  const mapped = mapSubschemas(node, (child) => retarget(child, from, to));
  return refOf(mapped) === from ? withKeyword(mapped, '$ref', to) : mapped;
}

/**
 * A root that is a `$ref` becomes the definition itself (OpenAI needs `type: "object"` at the root):
 * the definition's keywords take the place of `$ref` under the root's own, the definition leaves
 * `$defs`, and every reference to it becomes `#`.
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
  return retarget(fromEntries(merged), ref, '#') as SchemaObject;
}
