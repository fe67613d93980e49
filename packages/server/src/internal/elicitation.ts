/**
 * The form an `elicit` schema becomes, and the judgement of the content a client returns for it.
 * A schema is a vocabulary object whose properties are MCP's primitive form fields
 * (`PrimitiveSchemaDefinition` of 2025-11-25): strings (plain, `Date`, `DateTime`), integers up to
 * `SafeInteger`, numbers, booleans, and enums of strings in every form the specification names:
 *
 * - a union of literals is a single-select, `{ type: "string", enum }`; when every literal has a
 *   `title`, a titled single-select, `{ type: "string", oneOf: [{ const, title }] }`; with
 *   `enumNames` on the union, the legacy titled form `{ type: "string", enum, enumNames }`;
 * - an array of such a union is a multi-select, `{ type: "array", items: { type: "string", enum } }`
 *   or, titled, `{ type: "array", items: { anyOf: [{ const, title }] } }`, with the `minItems` and
 *   `maxItems` it declares.
 *
 * The canonical document of the schema (the option titles, `enumNames` and the array bounds, which
 * the vocabulary does not carry, set aside) is compiled by the gate; the content is judged by it,
 * then each multi-select's count and distinctness here, then converted to its declared types.
 * Everything is prepared once per schema object.
 */
import type { TObject } from 'typebox';
import { SERVER_ERROR_CODES, ServerError } from '../errors.ts';
import { isObject, own } from './jsonrpc.ts';
import { type CompiledGate, compileGate } from './siblings/gate.ts';
import { conform, publishCanonical, type SchemaObject } from './siblings/schema.ts';

/** A multi-select's bounds, judged beside the gate. */
interface Selection {
  readonly name: string;
  readonly minItems: number;
  readonly maxItems: number;
}

/** An elicitation schema, prepared once. */
interface Elicitation {
  /** The `requestedSchema` sent to the client. */
  readonly requested: SchemaObject;
  readonly gate: CompiledGate;
  /** The declaration without what the vocabulary does not carry: what the content converts to. */
  readonly declaration: TObject;
  readonly selections: readonly Selection[];
}

/** What a property declares beyond the vocabulary, read from the declaration itself. */
interface Extras {
  /** `[{ const, title }]` when every option is a titled literal. */
  readonly titled: readonly { readonly const: string; readonly title: string }[] | undefined;
  readonly enumNames: readonly string[] | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
}

const prepared = new WeakMap<object, Elicitation>();

const FIELD_KEYS = ['type', 'title', 'description', 'default'];
const PRIMITIVE_KEYS = [...FIELD_KEYS, 'format', 'minimum', 'maximum', 'enum'];
const OPTION_KEYS = ['type', 'enum'];

function notElicitable(path: string): ServerError {
  return new ServerError(
    SERVER_ERROR_CODES.INVALID_ELICITATION_SCHEMA,
    'An elicitation schema may hold only strings (plain, `Date`, `DateTime`), integers up to `SafeInteger`, numbers, booleans, unions of string literals (titled, or with `enumNames`) and arrays of them at its top level.',
    { path },
  );
}

/** A copy of a TypeBox declaration without `keys`, its hidden markers (`~kind`, `~optional`) kept. */
function without<T extends object>(declared: T, keys: readonly string[]): T {
  const descriptors = Object.getOwnPropertyDescriptors(declared) as Record<
    string,
    PropertyDescriptor
  >;
  for (const key of keys) delete descriptors[key];
  return Object.create(Object.getPrototypeOf(declared), descriptors) as T;
}

function count(value: unknown, path: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw notElicitable(path);
  return value as number;
}

/** The option titles of a union of literals: all of them, or none. */
function titlesOf(union: unknown, path: string): { const: string; title: string }[] | undefined {
  const members = isObject(union) ? own(union, 'anyOf') : undefined;
  if (!Array.isArray(members)) return undefined;
  const titled = members.filter((member) => isObject(member) && own(member, 'title') !== undefined);
  if (titled.length === 0) return undefined;
  if (titled.length !== members.length) throw notElicitable(path);
  return members.map((member: Readonly<Record<string, unknown>>) => {
    const value = own(member, 'const');
    const title = own(member, 'title');
    if (typeof value !== 'string' || typeof title !== 'string') throw notElicitable(path);
    return { const: value, title };
  });
}

/** Reads and sets aside what one property declares beyond the vocabulary. */
function extrasOf(name: string, declared: unknown): { declared: unknown; extras: Extras } {
  const path = `/properties/${name}`;
  if (!isObject(declared)) throw notElicitable(path);
  const enumNames = own(declared, 'enumNames');
  if (enumNames !== undefined) {
    if (!Array.isArray(enumNames) || !enumNames.every((item) => typeof item === 'string')) {
      throw notElicitable(path);
    }
    if (titlesOf(declared, path) !== undefined) throw notElicitable(path);
    return {
      declared: without(declared, ['enumNames']),
      extras: { titled: undefined, enumNames, minItems: undefined, maxItems: undefined },
    };
  }
  if (own(declared, 'type') === 'array') {
    const minItems = count(own(declared, 'minItems'), path);
    const maxItems = count(own(declared, 'maxItems'), path);
    const unique = own(declared, 'uniqueItems');
    if (unique !== undefined && unique !== true) throw notElicitable(path);
    if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
      throw notElicitable(path);
    }
    return {
      declared: without(declared, ['minItems', 'maxItems', 'uniqueItems']),
      extras: {
        titled: titlesOf(own(declared, 'items'), `${path}/items`),
        enumNames: undefined,
        minItems,
        maxItems,
      },
    };
  }
  return {
    declared,
    extras: {
      titled: titlesOf(declared, path),
      enumNames: undefined,
      minItems: undefined,
      maxItems: undefined,
    },
  };
}

function onlyKeys(node: Readonly<Record<string, unknown>>, keys: readonly string[], path: string) {
  for (const key of Object.keys(node)) if (!keys.includes(key)) throw notElicitable(path);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The field's annotations as MCP carries them. */
function fieldOf(node: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const field: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'default']) {
    if (Object.hasOwn(node, key)) field[key] = node[key];
  }
  return field;
}

/** Projects one published property into the form field MCP defines for it. */
function project(name: string, node: unknown, extras: Extras): Record<string, unknown> {
  const path = `/properties/${name}`;
  if (!isObject(node)) throw notElicitable(path);
  const type = own(node, 'type');
  if (type === 'array') {
    onlyKeys(node, [...FIELD_KEYS, 'items'], path);
    const items = own(node, 'items');
    if (!isObject(items) || own(items, 'type') !== 'string') throw notElicitable(`${path}/items`);
    onlyKeys(items, OPTION_KEYS, `${path}/items`);
    const values = own(items, 'enum');
    if (!isStringList(values)) throw notElicitable(`${path}/items`);
    return {
      type: 'array',
      ...fieldOf(node),
      ...(extras.minItems === undefined ? {} : { minItems: extras.minItems }),
      ...(extras.maxItems === undefined ? {} : { maxItems: extras.maxItems }),
      items:
        extras.titled === undefined
          ? { type: 'string', enum: [...values] }
          : { anyOf: extras.titled.map((option) => ({ ...option })) },
    };
  }
  onlyKeys(node, PRIMITIVE_KEYS, path);
  const format = own(node, 'format');
  const values = own(node, 'enum');
  const bounds = [own(node, 'minimum'), own(node, 'maximum')];
  const fine =
    (type === 'string' && (format === undefined || format === 'date' || format === 'date-time')) ||
    ((type === 'integer' || type === 'number') &&
      bounds.every((b) => b === undefined || typeof b === 'number')) ||
    type === 'boolean';
  if (!fine || (values !== undefined && (type !== 'string' || !isStringList(values)))) {
    throw notElicitable(path);
  }
  if (extras.titled !== undefined) {
    if (values === undefined) throw notElicitable(path);
    return {
      type: 'string',
      ...fieldOf(node),
      oneOf: extras.titled.map((option) => ({ ...option })),
    };
  }
  if (extras.enumNames !== undefined) {
    if (!isStringList(values) || values.length !== extras.enumNames.length) {
      throw notElicitable(path);
    }
    return { ...node, enumNames: [...extras.enumNames] };
  }
  return { ...node };
}

/**
 * The form of `schema`, prepared once per schema object. Throws {@link ServerError}
 * `INVALID_ELICITATION_SCHEMA` (a defect of the tool) for a schema outside the form vocabulary.
 */
export function elicitationOf(schema: TObject): Elicitation {
  const known = prepared.get(schema);
  if (known !== undefined) return known;
  const declaredProperties = isObject(schema) ? own(schema, 'properties') : undefined;
  if (!isObject(declaredProperties)) throw notElicitable('/properties');
  const extras = new Map<string, Extras>();
  const kept: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(declaredProperties)) {
    const read = extrasOf(name, declared);
    extras.set(name, read.extras);
    kept[name] = read.declared;
  }
  const declaration = without(schema, ['properties']);
  Object.defineProperty(declaration, 'properties', {
    value: kept,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  const canonical = publishCanonical(declaration) as SchemaObject;
  if (Object.hasOwn(canonical, '$defs')) throw notElicitable('/$defs');
  const properties = isObject(canonical.properties) ? canonical.properties : {};
  const projected: Record<string, unknown> = {};
  const selections: Selection[] = [];
  for (const [name, node] of Object.entries(properties)) {
    const declared = extras.get(name)!;
    projected[name] = project(name, node, declared);
    if ((node as { type?: unknown }).type === 'array') {
      selections.push({
        name,
        minItems: declared.minItems ?? 0,
        maxItems: declared.maxItems ?? Number.POSITIVE_INFINITY,
      });
    }
  }
  const requested = {
    type: 'object',
    properties: projected,
    ...(Array.isArray(canonical.required) ? { required: [...canonical.required] } : {}),
  };
  const made: Elicitation = {
    requested,
    gate: compileGate(canonical),
    declaration: declaration as TObject,
    selections,
  };
  prepared.set(schema, made);
  return made;
}

/** Accepted content in its declared types, or not conforming (nothing of it kept). */
type ContentJudgement = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/**
 * Judges accepted content against its form: the gate over the canonical document, then every
 * multi-select's count within its bounds and its options distinct, then the conversion to the
 * declared types.
 */
export function judgeContent(elicitation: Elicitation, content: unknown): ContentJudgement {
  if (!elicitation.gate.judge(content).ok || !isObject(content)) return { ok: false };
  for (const selection of elicitation.selections) {
    const chosen = own(content, selection.name);
    if (chosen === undefined) continue;
    if (
      !Array.isArray(chosen) ||
      chosen.length < selection.minItems ||
      chosen.length > selection.maxItems ||
      new Set(chosen).size !== chosen.length
    ) {
      return { ok: false };
    }
  }
  const converted = conform(elicitation.declaration, content);
  return converted.ok ? { ok: true, value: converted.value } : { ok: false };
}
