import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';
import { isJsonObject, type SchemaNode, type SchemaObject } from './json.ts';

/**
 * Splits a local reference (`#`, `#/$defs/Name`, `#/properties/a~1b`) into its unescaped segments:
 * percent-escapes are decoded first, then `~1` to `/` and `~0` to `~` (RFC 6901 order). A reference
 * that is not local (a URL, a file, an anchor name) throws NON_LOCAL_REF: documents here refer only
 * within themselves.
 */
export function refSegments(ref: string): string[] {
  if (!ref.startsWith('#')) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.NON_LOCAL_REF,
      'The reference points outside the document; refer only within it (`#/$defs/Name`).',
      { path: ref },
    );
  }
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch (cause) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.UNRESOLVABLE_REF,
      'The reference is not a valid URI fragment; percent-encode it as RFC 3986 says.',
      { path: ref, cause },
    );
  }
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.NON_LOCAL_REF,
      'The reference names an anchor, which is not supported; refer by a JSON pointer instead.',
      { path: ref },
    );
  }
  return fragment
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Escapes one segment for a JSON pointer (`~` to `~0`, `/` to `~1`). */
export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

// Everything a URI fragment holds as itself (RFC 3986 pchar, `/` and `?`); the rest is
// percent-encoded, `%` included, so that {@link refSegments} reads the name back unchanged.
const NOT_FRAGMENT = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The local reference to a definition under `$defs`: `#/$defs/<name>`, the name escaped for a JSON
 * pointer and then percent-encoded where a URI fragment cannot hold it (`%`, spaces, `#`,
 * non-ASCII), so that `refSegments(defRef(name))` is `['$defs', name]` for every name. A name with
 * a lone surrogate has no encoding and throws MALFORMED_SCHEMA.
 */
export function defRef(name: string): string {
  const pointer = `/$defs/${escapePointerSegment(name)}`;
  if (LONE_SURROGATE.test(pointer)) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
      'The definition name holds a lone surrogate, which no reference can encode; rename the definition.',
      { path: pointer },
    );
  }
  return `#${pointer.replace(NOT_FRAGMENT, encodeURIComponent)}`;
}

/**
 * Follows a local reference within `root`, or returns `undefined` when the location does not exist
 * or holds no schema. A non-local reference still throws ({@link refSegments}).
 */
export function tryResolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  let node: unknown = root;
  for (const segment of refSegments(ref)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isJsonObject(node) && Object.hasOwn(node, segment)) {
      node = node[segment];
    } else {
      return undefined;
    }
  }
  return typeof node === 'boolean' || isJsonObject(node) ? (node as SchemaNode) : undefined;
}

/**
 * Follows a local reference within `root`. A reference the document cannot resolve is a defect of
 * the document's author and throws {@link SchemaDefectError} with code UNRESOLVABLE_REF.
 */
export function resolveRef(root: SchemaNode, ref: string): SchemaNode {
  const found = tryResolveRef(root, ref);
  if (found === undefined) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.UNRESOLVABLE_REF,
      'The reference resolves to no schema within the document; define its target or correct it.',
      { path: ref },
    );
  }
  return found;
}

/** The `$ref` of a schema object, when it has a string one. */
export function refOf(node: SchemaNode): string | undefined {
  if (typeof node === 'boolean') return undefined;
  const ref = (node as SchemaObject)['$ref'];
  return typeof ref === 'string' ? ref : undefined;
}
