import type { JsonValue } from '@portcullis/schema';
import {
  discriminatorOf,
  isJsonObject,
  refOf,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import { isMap, isOpen, propertiesOf, requiredOf } from './rewrite.ts';

// The inverse of `openai_strict`: strict mode makes every property required, so a model sends
// `null` for an optional property it leaves out; this takes those nulls back out, and nothing else.

/**
 * The JSON type of a value as `type` names it, except that a number is `number` whatever its
 * value: a union's member is selected to take nulls out of an object or an array, so only those
 * two types (and `null`, which an enum may hold) ever need telling apart.
 */
function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * The JSON types a member of a union admits, read from `type`, `enum` or `const` (through a chain
 * of references), or `undefined` when it states none.
 */
function memberTypes(root: SchemaObject, node: SchemaNode): ReadonlySet<string> | undefined {
  let member: SchemaNode | undefined = node;
  for (let hops = 0; member !== undefined && refOf(member) !== undefined; hops++) {
    if (hops > 32) return undefined;
    member = tryResolveRef(root, refOf(member)!);
  }
  if (member === undefined || typeof member === 'boolean') return undefined;
  const type = member.type;
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.map(String));
  const values = Array.isArray(member.enum)
    ? (member.enum as JsonValue[])
    : Object.hasOwn(member, 'const')
      ? [member.const as JsonValue]
      : undefined;
  return values === undefined ? undefined : new Set(values.map(jsonTypeOf));
}

/**
 * The member of the union `anyOf` that judges `value`, when one is selected: by the discriminator
 * of an object union (`discriminatorOf`, the schema's one reading), by JSON type in a union whose
 * members' types are disjoint, or the one branch of a nullable union. `undefined` when no single
 * member is selected (the value is then left as it came).
 */
function selectedMember(
  root: SchemaObject,
  anyOf: readonly SchemaNode[],
  value: JsonValue,
): SchemaNode | undefined {
  const members = anyOf.filter(
    (branch) =>
      !(isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
  );
  if (members.length === 1) return members[0];
  const discriminator = discriminatorOf({ anyOf: members });
  if (discriminator !== undefined) {
    if (!isJsonObject(value)) return undefined;
    const literal = (value as { readonly [key: string]: JsonValue })[discriminator.property];
    const index = typeof literal === 'string' ? discriminator.members.get(literal) : undefined;
    return index === undefined ? undefined : members[index];
  }
  const type = jsonTypeOf(value);
  const matching = members.filter((member) => memberTypes(root, member)?.has(type) === true);
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * Follows references and unions from `node` to the schema that judges `value` there, or
 * `undefined` when none is selected.
 */
export function follow(
  root: SchemaObject,
  node: SchemaNode,
  value: JsonValue,
): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  const seen = new Set<string>();
  while (current !== undefined) {
    const ref = refOf(current);
    if (ref !== undefined) {
      if (seen.has(ref)) return undefined;
      seen.add(ref);
      current = tryResolveRef(root, ref);
      continue;
    }
    if (typeof current === 'boolean' || !Array.isArray(current.anyOf)) return current;
    current = selectedMember(root, current.anyOf as SchemaNode[], value);
  }
  return undefined;
}

/**
 * True when canonical admits `null` at `node`: an open value, a `type` list holding `null`, a
 * union with a member that admits it, an enum or const holding it, through references.
 */
function canonicalAdmitsNull(
  root: SchemaObject,
  node: SchemaNode,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  if (typeof node === 'boolean') return node;
  const ref = refOf(node);
  if (ref !== undefined) {
    if (seen.has(ref)) return false;
    const target = tryResolveRef(root, ref);
    return target !== undefined && canonicalAdmitsNull(root, target, new Set([...seen, ref]));
  }
  if (isOpen(node)) return true;
  const type = node.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if (Object.hasOwn(node, 'const') && node.const === null) return true;
  const anyOf = node.anyOf;
  return (
    Array.isArray(anyOf) &&
    anyOf.some((branch) => canonicalAdmitsNull(root, branch as SchemaNode, seen))
  );
}

/**
 * Removes a null exactly where `schema` declares an optional property that does not admit null,
 * through properties, array items, references and unions (the member the value selects); every
 * other null, and everything the walk cannot place, is returned as it came for the gate to judge.
 */
export function removeOptionalNulls(
  value: JsonValue,
  node: SchemaNode,
  root: SchemaObject,
): JsonValue {
  const schema = follow(root, node, value);
  if (schema === undefined || typeof schema === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (typeof items !== 'boolean' && !isJsonObject(items)) return value;
    let changed = false;
    const out = value.map((item: JsonValue) => {
      const next = removeOptionalNulls(item, items as SchemaNode, root);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (isMap(schema) && isJsonObject(value)) {
    // A map's values are judged by its value shape: their optional properties are taken out too.
    const inner = schema.additionalProperties as SchemaNode;
    let changed = false;
    const out: [string, JsonValue][] = [];
    for (const [key, item] of Object.entries(value as { readonly [key: string]: JsonValue })) {
      const next = removeOptionalNulls(item, inner, root);
      if (next !== item) changed = true;
      out.push([key, next]);
    }
    return changed ? (Object.fromEntries(out) as JsonValue) : value;
  }
  const properties = propertiesOf(schema);
  if (!isJsonObject(value) || properties === undefined) return value;
  const required = requiredOf(schema);
  let changed = false;
  const out: [string, JsonValue][] = [];
  for (const [key, item] of Object.entries(value as { readonly [key: string]: JsonValue })) {
    if (!Object.hasOwn(properties, key)) {
      out.push([key, item]);
    } else if (
      item === null &&
      !required.has(key) &&
      !canonicalAdmitsNull(root, properties[key]!)
    ) {
      changed = true;
    } else {
      const next = removeOptionalNulls(item, properties[key]!, root);
      if (next !== item) changed = true;
      out.push([key, next]);
    }
  }
  return changed ? (Object.fromEntries(out) as JsonValue) : value;
}
