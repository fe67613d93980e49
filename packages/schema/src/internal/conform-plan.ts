import { IsOptional } from 'typebox';
import { discriminatorOf } from '../discriminator.ts';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../errors.ts';
import { INT64_MAX, INT64_MIN } from '../integers.ts';
import { isJsonObject } from '../json.ts';
import { STRING_KEY_PATTERN } from '../map.ts';
import { publishCanonical } from '../publish.ts';
import { escapePointerSegment } from '../ref.ts';

/** The declared type a conformance refusal names: the vocabulary's word for the place. */
export type ConformType =
  | 'string'
  | 'boolean'
  | 'number'
  | 'integer'
  | 'Int64'
  | 'enum'
  | 'array'
  | 'object'
  | 'map'
  | 'union'
  | 'unknown';

/** One declared property of an object plan. */
export interface Member {
  readonly name: string;
  plan: Plan;
  readonly required: boolean;
}

/**
 * What {@link conform} does at one declared place, prepared once per declaration. While a
 * declaration is prepared, `ref` stands for a recursive definition (its `target` is filled once the
 * definition is prepared); a prepared plan holds no `ref`: every link points at its target, so a
 * recursive type is a cyclic plan and the walk spends nothing on references.
 */
export type Plan =
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'number'; readonly minimum: number; readonly maximum: number }
  | {
      readonly kind: 'integer';
      readonly minimum: number;
      readonly maximum: number;
      readonly low: bigint;
      readonly high: bigint;
    }
  | { readonly kind: 'int64'; readonly low: bigint; readonly high: bigint }
  | { readonly kind: 'enum'; readonly values: ReadonlySet<unknown> }
  | { readonly kind: 'array'; item: Plan }
  | {
      readonly kind: 'object';
      readonly properties: ReadonlyMap<string, Member>;
      readonly members: readonly Member[];
      readonly required: number;
    }
  | { readonly kind: 'map'; value: Plan }
  | { readonly kind: 'open' }
  | { readonly kind: 'nullable'; inner: Plan }
  | {
      readonly kind: 'tagged';
      /** The discriminator, as `discriminatorOf` finds it. */
      readonly property: string;
      /** The member plan each discriminator literal selects. */
      readonly members: Map<string, Plan>;
    }
  | {
      readonly kind: 'typed';
      /** The member plan for each JSON type (`number` for integers too). */
      readonly members: Map<JsonType, Plan>;
    }
  | RefPlan;

/** The JSON type that selects a member of a union of distinct types. */
export type JsonType = 'string' | 'boolean' | 'number' | 'array' | 'object';

interface RefPlan {
  readonly kind: 'ref';
  target: Plan | undefined;
}

type Declared = { readonly [key: string]: unknown };

interface Scope {
  readonly defs: Declared;
  readonly parent: Scope | undefined;
}

const STRING: Plan = { kind: 'string' };
const BOOLEAN: Plan = { kind: 'boolean' };
const OPEN: Plan = { kind: 'open' };

const plans = new WeakMap<object, Plan>();

/**
 * The plan of a declaration, prepared on first use and cached for the declaration's lifetime. The
 * declaration is first published, so a declaration outside the vocabulary throws the publisher's
 * {@link SchemaDefectError} here, and conformance covers exactly what a document can state.
 */
export function planOf(declaration: unknown): Plan {
  if (typeof declaration === 'object' && declaration !== null) {
    const cached = plans.get(declaration);
    if (cached !== undefined) return cached;
  }
  publishCanonical(declaration);
  const plan = link(new Planner().plan(declaration as Declared, undefined), new Set());
  plans.set(declaration as object, plan);
  return plan;
}

/** Replaces every reference in `plan` (and below) by its target; returns the linked plan. */
function link(plan: Plan, seen: Set<Plan>): Plan {
  const place = targetOf(plan);
  if (seen.has(place)) return place;
  seen.add(place);
  switch (place.kind) {
    case 'array':
      place.item = link(place.item, seen);
      break;
    case 'map':
      place.value = link(place.value, seen);
      break;
    case 'object':
      for (const member of place.members) member.plan = link(member.plan, seen);
      break;
    case 'nullable':
      place.inner = link(place.inner, seen);
      break;
    case 'tagged':
    case 'typed':
      for (const [key, member] of place.members) {
        (place.members as Map<unknown, Plan>).set(key, link(member, seen));
      }
      break;
  }
  return place;
}

/** The declared type at a place of a prepared plan. */
export function typeOf(plan: Plan): ConformType {
  switch (plan.kind) {
    case 'int64':
      return 'Int64';
    case 'nullable':
      return typeOf(plan.inner);
    case 'tagged':
    case 'typed':
      return 'union';
    case 'open':
    case 'ref':
      return 'unknown';
    default:
      return plan.kind;
  }
}

/** The plan a reference stands for, once its definition is prepared. */
function targetOf(plan: Plan): Plan {
  let place = plan;
  while (place.kind === 'ref' && place.target !== undefined) place = place.target;
  return place;
}

/** True when following `ref` reaches it again without passing a value (`A` is `Ref('A')`). */
function loops(ref: RefPlan): boolean {
  const seen = new Set<Plan>();
  let place: Plan | undefined = ref;
  while (place?.kind === 'ref') {
    if (seen.has(place)) return true;
    seen.add(place);
    place = place.target;
  }
  return false;
}

class Planner {
  /** The reference plan of each definition, keyed by the `$defs` of its recursive type. */
  readonly #refs = new Map<object, Map<string, RefPlan>>();

  plan(declared: Declared, scope: Scope | undefined): Plan {
    switch (declared['~kind']) {
      case 'String':
        return STRING;
      case 'Boolean':
        return BOOLEAN;
      case 'Number':
        return {
          kind: 'number',
          minimum: typeof declared['minimum'] === 'number' ? declared['minimum'] : -Infinity,
          maximum: typeof declared['maximum'] === 'number' ? declared['maximum'] : Infinity,
        };
      case 'Integer': {
        const minimum = Number(declared['minimum'] ?? Number.MIN_SAFE_INTEGER);
        const maximum = Number(declared['maximum'] ?? Number.MAX_SAFE_INTEGER);
        return { kind: 'integer', minimum, maximum, low: BigInt(minimum), high: BigInt(maximum) };
      }
      case 'BigInt':
        return {
          kind: 'int64',
          low: BigInt((declared['minimum'] as bigint | number | undefined) ?? INT64_MIN),
          high: BigInt((declared['maximum'] as bigint | number | undefined) ?? INT64_MAX),
        };
      case 'Literal':
      case 'Enum':
        return { kind: 'enum', values: new Set(literals(declared)) };
      case 'Union':
        return this.#union(declared, scope);
      case 'Array':
        return { kind: 'array', item: this.plan(declared['items'] as Declared, scope) };
      case 'Object':
        return this.#object(declared, scope);
      case 'Record': {
        const patterns = declared['patternProperties'] as Declared;
        return { kind: 'map', value: this.plan(patterns[STRING_KEY_PATTERN] as Declared, scope) };
      }
      case 'Cyclic':
        return this.#ref(declared['$ref'] as string, {
          defs: declared['$defs'] as Declared,
          parent: scope,
        });
      case 'Ref':
        return this.#ref(declared['$ref'] as string, scope);
      default:
        // Unknown and Any; the publisher has refused every other kind.
        return OPEN;
    }
  }

  #object(declared: Declared, scope: Scope | undefined): Plan {
    const members: Member[] = [];
    for (const [name, property] of Object.entries(declared['properties'] as Declared)) {
      const plan = this.plan(property as Declared, scope);
      members.push({ name, plan, required: !IsOptional(property) });
    }
    return {
      kind: 'object',
      properties: new Map(members.map((member) => [member.name, member])),
      members,
      required: members.filter((member) => member.required).length,
    };
  }

  /**
   * A union as the publisher reads it: nulls make it nullable, literals alone are an enum, several
   * object members are selected by their discriminator, other members by the value's JSON type.
   */
  #union(declared: Declared, scope: Scope | undefined): Plan {
    const members = declared['anyOf'] as Declared[];
    const others = members.filter((member) => member['~kind'] !== 'Null');
    let plan: Plan;
    if (others.every(isLiteralish)) {
      plan = { kind: 'enum', values: new Set(others.flatMap(literals)) };
    } else if (others.length === 1) {
      plan = this.plan(others[0] as Declared, scope);
    } else {
      const discriminator = discriminatorOf({ anyOf: others.map(publishedView) });
      if (discriminator !== undefined) {
        const tagged = new Map<string, Plan>();
        for (const [literal, index] of discriminator.members) {
          tagged.set(literal, this.plan(others[index] as Declared, scope));
        }
        plan = { kind: 'tagged', property: discriminator.property, members: tagged };
      } else {
        const typed = new Map<JsonType, Plan>();
        for (const member of others) {
          if (isLiteralish(member)) {
            for (const value of literals(member)) {
              const type = jsonTypeOf(value);
              const known = typed.get(type);
              if (known?.kind === 'enum') (known.values as Set<unknown>).add(value);
              else typed.set(type, { kind: 'enum', values: new Set([value]) });
            }
          } else {
            typed.set(declaredType(member), this.plan(member, scope));
          }
        }
        plan = { kind: 'typed', members: typed };
      }
    }
    return others.length < members.length ? { kind: 'nullable', inner: plan } : plan;
  }

  #ref(name: string, scope: Scope | undefined): Plan {
    let owner = scope;
    while (owner !== undefined && !Object.hasOwn(owner.defs, name)) owner = owner.parent;
    // The publisher has already refused a reference no enclosing recursive type defines.
    if (owner === undefined) return OPEN;
    let refs = this.#refs.get(owner.defs);
    if (refs === undefined) {
      refs = new Map();
      this.#refs.set(owner.defs, refs);
    }
    const known = refs.get(name);
    if (known !== undefined) return known;
    const ref: RefPlan = { kind: 'ref', target: undefined };
    refs.set(name, ref);
    ref.target = this.plan(owner.defs[name] as Declared, owner);
    if (loops(ref)) {
      throw new SchemaDefectError(
        SCHEMA_ERROR_CODES.UNSUPPORTED_CONSTRUCT,
        `The recursive type \`${name}\` refers to itself without a value between; declare an object, an array or a map on the way.`,
        { path: `/$defs/${escapePointerSegment(name)}` },
      );
    }
    return ref;
  }
}

/**
 * What `discriminatorOf` needs of a declared member, as the publisher states it: an object with its
 * required names, each property that holds one literal value (a literal, a one-value enum or
 * union of literals) as that `const`.
 */
function publishedView(declared: Declared): Declared {
  if (declared['~kind'] !== 'Object') return {};
  const entries = Object.entries(declared['properties'] as Declared);
  // Object.fromEntries defines own data properties, so a property named `__proto__` stays one.
  const properties = Object.fromEntries(
    entries.map(([name, property]) => {
      const values = isLiteralish(property as Declared) ? literals(property as Declared) : [];
      return [name, values.length === 1 ? { const: values[0] } : {}];
    }),
  );
  const required = entries.filter(([, property]) => !IsOptional(property)).map(([name]) => name);
  return { type: 'object', properties, required };
}

function isLiteralish(declared: Declared): boolean {
  const kind = declared['~kind'];
  if (kind === 'Literal' || kind === 'Enum') return true;
  return kind === 'Union' && (declared['anyOf'] as Declared[]).every(isLiteralish);
}

/** The JSON type of a literal value (the publisher admits strings, booleans and numbers). */
function jsonTypeOf(value: unknown): JsonType {
  return typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'boolean' : 'number';
}

/** The JSON type of a declared member of a union of distinct types. */
function declaredType(declared: Declared): JsonType {
  switch (declared['~kind']) {
    case 'String':
      return 'string';
    case 'Boolean':
      return 'boolean';
    case 'Array':
      return 'array';
    case 'Object':
    case 'Record':
      return 'object';
    default:
      // Number, Integer and BigInt; the publisher has refused every other member.
      return 'number';
  }
}

function literals(declared: Declared): unknown[] {
  switch (declared['~kind']) {
    case 'Literal':
      return [declared['const']];
    case 'Enum':
      return declared['enum'] as unknown[];
    default:
      return (declared['anyOf'] as Declared[]).flatMap(literals);
  }
}

/** True for the objects an admitted value holds: plain, not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Declared {
  if (!isJsonObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
