/**
 * The generated hostile corpus: walks a published input document place by place (properties, array
 * items, map entries, union members, references followed {@link REF_DEPTH} levels down) and, at
 * each place, applies every entry of {@link KEYWORD_RULES} whose keyword the place carries. Each
 * case is a whole argument object: the place's hostile value inside the smallest valid body, every
 * free string of that body a canary of the case's own.
 */
import {
  isJsonObject,
  refOf,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema/document';
import { baseline, resolved, typesOf, type Value } from './baseline.ts';
import type { CanaryMint } from './canary.ts';
import { KEYWORD_RULES, withKey } from './keywords.ts';

/**
 * How many times one reference is followed down one path: the recursive node itself and four
 * levels below it, so a fault four levels down has cases.
 */
export const REF_DEPTH = 5;

/** The carrier placeholder of the body; each case gets its own canary in its place. */
const CARRIER = 'CNRY000000';

/** One generated hostile call. */
export interface HostileCase {
  /** The tool the arguments are for. */
  readonly tool: string;
  /** The place, as a pointer of declared names and indices (`<entry>` for a map entry). */
  readonly path: string;
  /** The keyword whose rule made it. */
  readonly keyword: string;
  readonly label: string;
  /** The whole argument object. */
  readonly arguments: Value;
  /** Every canary it carries (values, invented keys, hostile numbers, the body's strings). */
  readonly canaries: readonly string[];
  /** How it must be refused: by the gate (an `isError` result), or as bytes (`-32700`). */
  readonly expect: 'gate' | 'parse';
}

function replaceCarrier(value: Value, canary: string): Value {
  if (typeof value === 'string') return value.replaceAll(CARRIER, canary);
  if (Array.isArray(value)) return value.map((item) => replaceCarrier(item, canary));
  if (isJsonObject(value)) {
    const out: Record<string, Value> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key.replaceAll(CARRIER, canary), {
        value: replaceCarrier(item as Value, canary),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

function carries(value: Value): boolean {
  if (typeof value === 'string') return value.includes(CARRIER);
  if (Array.isArray(value)) return value.some(carries);
  if (isJsonObject(value))
    return Object.entries(value).some(([k, v]) => k.includes(CARRIER) || carries(v as Value));
  return false;
}

function replaceAt(array: Value, index: number, value: Value): Value {
  const copy = [...(array as Value[])];
  copy[index] = value;
  return copy;
}

interface Walk {
  readonly root: SchemaObject;
  readonly tool: string;
  readonly mint: CanaryMint;
  readonly out: HostileCase[];
  readonly expanded: Set<string>;
}

function visit(
  walk: Walk,
  node: SchemaNode,
  valid: Value,
  path: string,
  put: (value: Value) => Value,
  refs: readonly string[],
  carried: readonly string[],
  inUnionMember: boolean,
): void {
  const ref = refOf(node);
  if (ref !== undefined) {
    const count = refs.filter((seen) => seen === ref).length;
    if (count >= REF_DEPTH) return;
    // Below its first level, a recursion is followed down one path only (the first place that
    // reaches it), so a definition referred to from several places does not multiply the cases.
    const level = `${ref}#${count}`;
    if (count > 0 && walk.expanded.has(level)) return;
    walk.expanded.add(level);
    refs = [...refs, ref];
  }
  const n = resolved(node, walk.root);
  const place = { node: n, valid, mint: walk.mint, inUnionMember };
  for (const rule of KEYWORD_RULES) {
    if (!(rule.keyword in n)) continue;
    for (const hostile of rule.cases(place)) {
      // Arguments that are not an object are unreadable params, not a judged call: PROTOCOL_CASES.
      if (path === '' && !isJsonObject(hostile.value)) continue;
      const whole = put(hostile.value);
      const own = walk.mint.string();
      walk.out.push({
        tool: walk.tool,
        path,
        keyword: rule.keyword,
        label: hostile.label,
        arguments: replaceCarrier(whole, own),
        canaries: [...(carries(whole) ? [own] : []), ...carried, ...hostile.canaries],
        expect: hostile.expect ?? 'gate',
      });
    }
  }
  const types = typesOf(n) ?? [];
  if (types.includes('object') && isJsonObject(valid)) {
    const properties = isJsonObject(n['properties']) ? n['properties'] : {};
    for (const [name, child] of Object.entries(properties)) {
      const childValid = Object.hasOwn(valid, name)
        ? (valid[name] as Value)
        : baseline(child as SchemaNode, walk.root, CARRIER);
      visit(
        walk,
        child as SchemaNode,
        childValid,
        `${path}/${name}`,
        (v) => put(withKey(valid, name, v)),
        refs,
        carried,
        false,
      );
    }
    const entry = n['additionalProperties'];
    if (isJsonObject(entry)) {
      const key = walk.mint.key();
      visit(
        walk,
        entry,
        baseline(entry, walk.root, CARRIER),
        `${path}/<entry>`,
        (v) => put(withKey(valid, key, v)),
        refs,
        [...carried, key],
        false,
      );
    }
  }
  if (types.includes('array') && Array.isArray(valid) && isJsonObject(n['items'])) {
    const items = n['items'] as SchemaNode;
    const first = valid.length > 0 ? (valid[0] as Value) : baseline(items, walk.root, CARRIER);
    visit(
      walk,
      items,
      first,
      `${path}/0`,
      (v) => put(replaceAt(valid, 0, v)),
      refs,
      carried,
      false,
    );
  }
  if (Array.isArray(n['anyOf'])) {
    for (const member of n['anyOf'] as SchemaNode[]) {
      if (isJsonObject(member) && member['type'] === 'null') continue;
      visit(walk, member, baseline(member, walk.root, CARRIER), path, put, refs, carried, true);
    }
  }
}

/**
 * Every hostile case of one tool's published input document, in document order. `mint` gives the
 * canaries (share one mint across tools so no two cases share a canary).
 */
export function hostileCases(
  tool: string,
  document: SchemaObject,
  mint: CanaryMint,
): HostileCase[] {
  const walk: Walk = { root: document, tool, mint, out: [], expanded: new Set() };
  visit(walk, document, baseline(document, document, CARRIER), '', (v) => v, [], [], false);
  return walk.out;
}

/** The smallest valid arguments of a document, free strings set to `text` (no canary). */
export function smallestValid(document: SchemaObject, text = 'plain'): Value {
  return baseline(document, document, text);
}
