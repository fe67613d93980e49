import { IsOptional } from 'typebox';
import { discriminatorOf } from '../discriminator.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import {
  annotated,
  checkKeys,
  type Declared,
  enumNode,
  type Mode,
  malformed,
  type Node,
  type Position,
  unsupported,
} from './publish-leaves.ts';

/** How the publisher hands a union its members: plain declarations, and publishing one. */
export interface UnionContext {
  readonly mode: Mode;
  /** The declaration of a member, refused when it carries a transform, a refinement or a marker. */
  plain(schema: unknown, path: string): Declared;
  /** Publishes a member's declaration at `path`. */
  publish(declared: Declared, path: string): Node;
  /** The values of a literal, an enum or a union of them. */
  literals(declared: Declared, path: string): unknown[];
}

/** The kinds whose published node states one `type`, so a nullable one publishes `[type, "null"]`. */
const SINGLE_TYPED = new Set([
  'String',
  'Number',
  'Integer',
  'BigInt',
  'Boolean',
  'Array',
  'Object',
  'Record',
]);

const NULL_ONLY =
  'A union of nulls alone admits only null, which is outside the vocabulary; declare a nullable value with `Type.Union([T, Type.Null()])`, or spell absence by an optional property.';
const NULLABLE_OPEN =
  'An open value (`Unknown`) already admits null, so a nullable one says nothing more; declare `Unknown` alone.';
const OPEN_MEMBER =
  'An open value (`Unknown`) in a union admits every value, so no member could be selected; declare `Unknown` alone, or list the members it stands for.';
const NESTED =
  'A union nests another union of other than literals; declare one flat `Type.Union` of all the members (with `Type.Null()` once, at its level, for a nullable one).';
const REFERENCE_MEMBER =
  'A reference to a recursive type as a member of a union of several members is outside the vocabulary, because a member is selected by its inline shape; declare the member inline, or hold the reference in a property of an object member.';
const MIXED_OBJECTS =
  'A union holds two or more object shapes beside members of other types, which the vocabulary cannot judge; make every member an object with a discriminator, or keep one object member.';
const UNDISCRIMINATED =
  'A union of object shapes has no discriminator, so a value cannot select its member; give every member one required property of the same name holding a string literal distinct per member (for example `kind: Type.Literal(...)`), declared inline in each member.';

function isLiteralish(declared: Declared): boolean {
  const kind = declared['~kind'];
  if (kind === 'Literal' || kind === 'Enum') return true;
  if (kind !== 'Union' || !Array.isArray(declared['anyOf'])) return false;
  return declared['anyOf'].every((member) => isJsonObject(member) && isLiteralish(member));
}

/** The JSON type a value of a published member has; integers and numbers are one. */
function jsonTypeOf(node: Node): string {
  const type = node['type'];
  return type === 'integer' ? 'number' : typeof type === 'string' ? type : 'unknown';
}

function jsonTypeOfValue(value: unknown): string {
  return typeof value === 'string' || typeof value === 'boolean' ? typeof value : 'number';
}

type Entry =
  | { readonly literals: unknown[]; readonly type: string }
  | { readonly declared: Declared };

/**
 * A `Type.Union` of other than literals alone: a nullable value (`[type, "null"]`, or `anyOf` with a
 * null member where the value states no single type), a discriminated union of object shapes, or a
 * union of members of pairwise distinct JSON types, each published as `anyOf` with one null member
 * last when the union admits null. Literal members are gathered into one enum per JSON type, in the
 * place of the first. Member defects of the declaration's structure name the union's path; defects
 * inside a published member name the member's path under `anyOf`.
 */
export function publishUnion(
  declared: Declared,
  path: string,
  position: Position,
  context: UnionContext,
): Node {
  checkKeys(declared, path, position, ['anyOf'], 'a union');
  const members = declared['anyOf'];
  if (!Array.isArray(members)) {
    throw malformed(path, 'The union holds no array of members; build it with `Type.Union`.');
  }
  let nullable = false;
  const entries: Entry[] = [];
  for (const member of members) {
    const plain = context.plain(member, path);
    if (plain['~kind'] === 'Null') {
      checkKeys(plain, path, 'member', ['type'], 'a null');
      nullable = true;
    } else if (isLiteralish(plain)) {
      for (const value of context.literals(plain, path)) {
        const type = jsonTypeOfValue(value);
        const group = entries.find((entry) => 'literals' in entry && entry.type === type);
        if (group !== undefined && 'literals' in group) group.literals.push(value);
        else entries.push({ literals: [value], type });
      }
    } else {
      entries.push({ declared: plain });
    }
  }
  if (entries.length === 0) {
    throw unsupported(
      path,
      nullable ? NULL_ONLY : 'The union has no members, so it admits nothing; give it a member.',
    );
  }
  if (entries.every((entry) => 'literals' in entry)) {
    // Literals alone: one enum (refused as today when their JSON types differ), maybe nullable.
    const values = entries.flatMap((entry) => ('literals' in entry ? entry.literals : []));
    if (!nullable) return annotated(enumNode(values, path), declared, path);
    const node: Node = { anyOf: [enumNode(values, `${path}/anyOf/0`), { type: 'null' }] };
    return annotated(node, declared, path);
  }
  if (entries.length === 1) {
    const only = entries[0] as Entry;
    if ('declared' in only) {
      const kind = only.declared['~kind'];
      if (kind === 'Unknown' || kind === 'Any')
        throw unsupported(path, nullable ? NULLABLE_OPEN : OPEN_MEMBER);
      if (kind === 'Union') throw unsupported(path, NESTED);
      if (!nullable) return annotated(context.publish(only.declared, path), declared, path);
      if (SINGLE_TYPED.has(kind as string)) {
        const node = context.publish(only.declared, path);
        node['type'] = [node['type'] as string, 'null'];
        return annotated(node, declared, path);
      }
    }
  }
  const anyOf: Node[] = entries.map((entry, index) => {
    const at = `${path}/anyOf/${index}`;
    if ('literals' in entry) return enumNode(entry.literals, at);
    const kind = entry.declared['~kind'];
    if (kind === 'Unknown' || kind === 'Any') throw unsupported(path, OPEN_MEMBER);
    if (kind === 'Union') throw unsupported(path, NESTED);
    if ((kind === 'Cyclic' || kind === 'Ref') && entries.length > 1) {
      throw unsupported(path, REFERENCE_MEMBER);
    }
    return context.publish(entry.declared, at);
  });
  if (anyOf.length > 1) checkMembers(anyOf, entries, path, context.mode);
  const node: Node = { anyOf: nullable ? [...anyOf, { type: 'null' }] : anyOf };
  return annotated(node, declared, path);
}

/**
 * Refuses a union whose members a value could not select: two or more objects without a
 * discriminator (or beside other types), or two members of one JSON type. In an output document
 * (which publishes no `required`), each member of a discriminated union states its discriminator as
 * its one `required` property, so every reader finds it the same way.
 */
function checkMembers(anyOf: Node[], entries: readonly Entry[], path: string, mode: Mode): void {
  const types = anyOf.map(jsonTypeOf);
  const objects = types.filter((type) => type === 'object').length;
  if (objects >= 2) {
    if (objects !== anyOf.length) throw unsupported(path, MIXED_OBJECTS);
    const views = anyOf.map((member, index) => {
      const entry = entries[index] as Entry;
      if (mode === 'input' || !('declared' in entry)) return member;
      const properties = entry.declared['properties'];
      const required = isJsonObject(properties)
        ? Object.keys(properties).filter((name) => !IsOptional(properties[name]))
        : [];
      return { ...member, required };
    });
    const discriminator = discriminatorOf({ anyOf: views });
    if (discriminator === undefined) throw unsupported(path, UNDISCRIMINATED);
    if (mode === 'output') {
      for (const [index, member] of anyOf.entries())
        anyOf[index] = withRequired(member, discriminator.property);
    }
    return;
  }
  const seen = new Set<string>();
  for (const type of types) {
    if (seen.has(type)) {
      throw unsupported(
        path,
        `A union holds two members of the JSON type \`${type}\`, and a union of other than objects selects its member by the value's type; keep one member per JSON type (integers and numbers are one), or make the members objects with a discriminator.`,
      );
    }
    seen.add(type);
  }
}

/** An output member with `required: [property]` after its `properties`, keys otherwise in order. */
function withRequired(member: Node, property: string): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(member)) {
    out[key] = value as JsonValue;
    if (key === 'properties') out['required'] = [property];
  }
  return out;
}
