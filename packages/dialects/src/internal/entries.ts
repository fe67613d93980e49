import type { JsonValue } from '@portcullis/schema';
import {
  DUPLICATE_KEY,
  isJsonObject,
  refOf,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import {
  copyValue,
  fromEntries,
  isMap,
  joinSentences,
  propertiesOf,
  rewrite,
  type Segments,
} from './rewrite.ts';
import { follow } from './strict-inverse.ts';

/*
 * A map as a list of entries, for the dialects that cannot state `additionalProperties` with a
 * schema: `{"tags": {"a": "low"}}` is sent as `{"tags": [{"key": "a", "value": "low"}]}`. The
 * rendering is written in the canonical vocabulary first (so each dialect then spells the entry
 * shape its own way, dropping in words what it cannot state), and the inverse turns the list back
 * into the map before the canonical pass judges it.
 */

/** The names of an entry's two properties. */
const ENTRY_KEY = 'key';
const ENTRY_VALUE = 'value';

/** The sentence a map's entry list carries: how the list spells the map, and the one rule of keys. */
export const ENTRIES_SENTENCE =
  'A list of entries, each a `key` and its `value`; give each key at most once.';

/** The sentence a key carries before its own description. */
const KEY_SENTENCE = 'The key of this entry.';

/** The entry list standing for the map `node` (its value shape and key rule already rendered). */
function entryList(node: SchemaObject): SchemaObject {
  const rule = isJsonObject(node.propertyNames) ? node.propertyNames : { type: 'string' };
  const own = typeof rule.description === 'string' ? rule.description : '';
  const key: Record<string, unknown> = {
    ...copyValue(rule),
    description: own === '' ? KEY_SENTENCE : joinSentences(KEY_SENTENCE, own),
  };
  const value = node.additionalProperties === true ? {} : node.additionalProperties;
  const nullable = Array.isArray(node.type) && node.type.includes('null');
  const list: [string, unknown][] = [
    ['type', nullable ? ['array', 'null'] : 'array'],
    [
      'items',
      {
        type: 'object',
        properties: fromEntries([
          [ENTRY_KEY, key],
          [ENTRY_VALUE, value],
        ]),
        required: [ENTRY_KEY, ENTRY_VALUE],
        additionalProperties: false,
      },
    ],
  ];
  if (node.minProperties !== undefined) list.push(['minItems', node.minProperties]);
  if (node.maxProperties !== undefined) list.push(['maxItems', node.maxProperties]);
  if (typeof node.title === 'string') list.push(['title', node.title]);
  list.push(['description', joinSentences(node.description, ENTRIES_SENTENCE)]);
  return fromEntries(list);
}

/**
 * `canonical` with every map below the root (in properties, items, map values, definitions and
 * union members) rewritten as its list of entries, in the canonical vocabulary. A map at the root
 * stays: a vendor's root must be an object.
 */
export function mapsAsEntries(canonical: SchemaObject): SchemaNode {
  return rewrite(
    canonical,
    {
      after: (node: SchemaObject, at: Segments) =>
        at.length > 0 && isMap(node) ? entryList(node) : node,
    },
    { narrowed: [] },
  );
}

/** Defines `key` on `target` as a data property (a key `__proto__` stays a key). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** True for `{ "key": <string>, "value": <any> }`, with no other name. */
function isEntry(item: JsonValue): item is { readonly key: string; readonly value: JsonValue } {
  if (!isJsonObject(item)) return false;
  const names = Object.keys(item);
  return (
    names.length === 2 &&
    Object.hasOwn(item, ENTRY_KEY) &&
    Object.hasOwn(item, ENTRY_VALUE) &&
    typeof item[ENTRY_KEY] === 'string'
  );
}

/** The map `node` stands for (through references and the object member of a union), if any. */
function mapOf(root: SchemaObject, node: SchemaNode): SchemaObject | undefined {
  const found = follow(root, node, {});
  return found !== undefined && typeof found !== 'boolean' && isMap(found) ? found : undefined;
}

/**
 * False only for a schema that declares its value a list whose items are never objects (so it can
 * never admit a list of entries).
 */
function mayHoldObjects(root: SchemaObject, schema: SchemaNode): boolean {
  if (typeof schema === 'boolean' || schema.type !== 'array') return true;
  const items = schema.items === undefined ? true : follow(root, schema.items as SchemaNode, {});
  if (items === undefined || typeof items === 'boolean') return true;
  const type = items.type;
  if (typeof type === 'string') return type === 'object';
  return !Array.isArray(type) || type.includes('object');
}

/**
 * The schema that judges `value` at `node`, as {@link follow} selects it; where a union selects no
 * member for a non-empty list of entries, or only a list member whose items are never objects (the
 * map member is published as a list but declares an object), the one member that is a map.
 */
function followEntries(
  root: SchemaObject,
  node: SchemaNode,
  value: JsonValue,
): SchemaNode | undefined {
  const found = follow(root, node, value);
  if (!Array.isArray(value) || !value.every(isEntry)) return found;
  if (found !== undefined && (value.length === 0 || mayHoldObjects(root, found))) return found;
  let current: SchemaNode | undefined = node;
  for (let hops = 0; current !== undefined && refOf(current) !== undefined; hops++) {
    if (hops > 32) return undefined;
    current = tryResolveRef(root, refOf(current)!);
  }
  if (current === undefined || typeof current === 'boolean' || !Array.isArray(current.anyOf)) {
    return undefined;
  }
  const maps = (current.anyOf as SchemaNode[])
    .map((member) => mapOf(root, member))
    .filter((map) => map !== undefined);
  return maps.length === 1 ? maps[0] : undefined;
}

/**
 * The inverse of {@link mapsAsEntries}: turns each list of entries standing where `node` (a
 * canonical schema) declares a map back into the map, through properties, items, map values,
 * references and unions (the member a value selects). A key given twice takes the value
 * `DUPLICATE_KEY`, which the canonical pass refuses at the map's path; a list that is not all
 * entries, and everything the walk cannot place, is returned as it came for the gate to judge.
 */
export function entriesToMaps(value: JsonValue, node: SchemaNode, root: SchemaObject): JsonValue {
  const schema: SchemaObject | boolean | undefined = followEntries(root, node, value);
  if (schema === undefined || typeof schema === 'boolean') return value;
  if (isMap(schema as SchemaNode)) {
    if (!Array.isArray(value) || !(value as readonly JsonValue[]).every(isEntry)) return value;
    const inner = schema.additionalProperties as SchemaNode;
    const map: Record<string, unknown> = {};
    for (const entry of value as readonly { key: string; value: JsonValue }[]) {
      const given = Object.hasOwn(map, entry.key);
      define(map, entry.key, given ? DUPLICATE_KEY : entriesToMaps(entry.value, inner, root));
    }
    return map as JsonValue;
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (typeof items !== 'boolean' && !isJsonObject(items)) return value;
    let changed = false;
    const out = value.map((item: JsonValue) => {
      const next = entriesToMaps(item, items as SchemaNode, root);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  const properties = propertiesOf(schema);
  if (!isJsonObject(value) || properties === undefined) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as { readonly [key: string]: JsonValue })) {
    const next = Object.hasOwn(properties, key)
      ? entriesToMaps(item, properties[key]!, root)
      : item;
    if (next !== item) changed = true;
    define(out, key, next);
  }
  return changed ? (out as JsonValue) : value;
}
