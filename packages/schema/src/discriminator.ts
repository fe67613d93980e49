import { isJsonObject } from './json.ts';

/** The property that selects a member of a discriminated object union, and which literal selects which. */
export interface Discriminator {
  /** The property every member requires with a distinct string literal. */
  readonly property: string;
  /** Each literal, mapped to the index of the member it selects. */
  readonly members: ReadonlyMap<string, number>;
}

function literalOf(node: unknown): string | undefined {
  if (!isJsonObject(node)) return undefined;
  if (typeof node['const'] === 'string') return node['const'];
  const values = node['enum'];
  if (Array.isArray(values) && values.length === 1 && typeof values[0] === 'string') {
    return values[0];
  }
  return undefined;
}

function requires(member: { readonly [key: string]: unknown }, property: string): boolean {
  const required = member['required'];
  return Array.isArray(required) && required.includes(property);
}

/**
 * The discriminator of an `anyOf` whose members are all inline object schemas: the FIRST property,
 * in the first member's `properties` order, that every member lists in `required` with a string
 * `const` (or a one-value `enum`) of its own, the literals pairwise distinct. `undefined` when the
 * node is no such union. This is the one reading of the rule: the publisher refuses an object union
 * without a discriminator, and the gate, the dialects and `conform` select a member through it.
 */
export function discriminatorOf(node: unknown): Discriminator | undefined {
  if (!isJsonObject(node)) return undefined;
  const anyOf = node['anyOf'];
  if (!Array.isArray(anyOf) || anyOf.length === 0) return undefined;
  const members: { readonly [key: string]: unknown }[] = [];
  for (const member of anyOf) {
    if (!isJsonObject(member) || member['type'] !== 'object') return undefined;
    if (!isJsonObject(member['properties'])) return undefined;
    members.push(member);
  }
  const first = members[0] as { readonly [key: string]: unknown };
  for (const property of Object.keys(first['properties'] as object)) {
    const selected = new Map<string, number>();
    let fits = true;
    for (const [index, member] of members.entries()) {
      const properties = member['properties'] as { readonly [key: string]: unknown };
      const literal = Object.hasOwn(properties, property)
        ? literalOf(properties[property])
        : undefined;
      if (literal === undefined || !requires(member, property) || selected.has(literal)) {
        fits = false;
        break;
      }
      selected.set(literal, index);
    }
    if (fits) return Object.freeze({ property, members: selected });
  }
  return undefined;
}
