/*
 * Longer than 400 lines: the walk over every kind of declaration (objects, maps with their key
 * rule, arrays, unions, recursion) is one class whose methods call one another and share its
 * `$defs`; split, each part would reach into the others' state.
 */
import { IsCodec, IsOptional, IsRefine } from 'typebox';
import { ARTIFACT_REFS_PROPERTY } from '../artifact-refs.ts';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { STRING_KEY_PATTERN } from '../map.ts';
import { defRef, escapePointerSegment } from '../ref.ts';
import { defineEntry, sameJson } from './json-copy.ts';
import {
  annotated,
  arrayBounds,
  checkKeys,
  type Declared,
  enumNode,
  JSON_SCHEMA_2020_12,
  type Mode,
  malformed,
  mapBounds,
  type Node,
  type Position,
  publishInt64,
  publishInteger,
  publishNumber,
  publishString,
  unsupported,
} from './publish-leaves.ts';
import { publishUnion } from './publish-union.ts';

interface Scope {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly parent: Scope | undefined;
}

/** Why a TypeBox kind outside the vocabulary is refused, in words an author can act on. */
const REFUSED_KINDS: Readonly<Record<string, string>> = {
  Function: 'A function is not a JSON value; declare the data it would produce instead.',
  Constructor: 'A constructor is not a JSON value; declare the data it would produce instead.',
  Undefined: '`undefined` is not a JSON value; declare the property optional instead.',
  Void: '`void` is not a JSON value; declare the property optional instead.',
  Null: 'A null alone is outside the vocabulary; declare a nullable value with `Type.Union([T, Type.Null()])`, or spell absence by an optional property.',
  Never: 'A type that admits nothing cannot be published; remove it.',
  Symbol: 'A symbol is not a JSON value; declare a string instead.',
  Intersect: 'An intersection is outside the vocabulary; declare one object instead.',
  Tuple:
    'A tuple is outside the vocabulary, because vendor dialects cannot render it; declare an object with one named property per position instead.',
  TemplateLiteral:
    'A template literal is outside the vocabulary; declare a string or a union of literals instead.',
  Promise: 'A promise is not a JSON value; declare the value it resolves to instead.',
  Iterator: 'An iterator is not a JSON value; declare an array instead.',
  AsyncIterator: 'An iterator is not a JSON value; declare an array instead.',
};

const NOT_AN_OBJECT =
  'The root of a published document is not an object; declare an object, a map, or a recursive type whose entry is one.';

/** A definition reached again under a name it already has in `$defs`, to compare at the end. */
interface Claim {
  readonly name: string;
  readonly published: JsonValue;
  readonly path: string;
}

/**
 * Publishes one declaration as one canonical document. The leaves (strings, numbers, integers,
 * enums, annotations) are in `publish-leaves.ts`; this class walks the structure and keeps the
 * `$defs` of recursive types.
 */
export class Publisher {
  readonly #mode: Mode;
  /** What each `$defs` name publishes (undefined while its own definition is being published). */
  readonly #defs = new Map<string, { published: JsonValue | undefined }>();
  /** The names already reached in each recursive type's definitions (keyed by its `$defs`). */
  readonly #reached = new Map<object, Set<string>>();
  readonly #claims: Claim[] = [];

  constructor(mode: Mode) {
    this.#mode = mode;
  }

  document(schema: unknown): JsonObject {
    const declared = this.#declared(schema, '');
    const kind = declared['~kind'];
    let body: Node;
    if (kind === 'Object' || kind === 'Record') {
      body = this.#node(declared, '', 'root', undefined);
    } else if (kind === 'Cyclic') {
      this.#checkRootEntry(declared);
      body = { type: 'object', ...this.#node(declared, '', 'root', undefined) };
    } else {
      throw unsupported('', NOT_AN_OBJECT);
    }
    for (const claim of this.#claims) {
      const first = this.#defs.get(claim.name)?.published;
      if (first === undefined || !sameJson(first, claim.published)) {
        throw new SchemaDefectError(
          SCHEMA_ERROR_CODES.CONFLICTING_DEFINITION,
          `Two different recursive types are both named \`${claim.name}\`; give each its own name.`,
          { path: claim.path },
        );
      }
    }
    const doc: Node = { $schema: JSON_SCHEMA_2020_12, ...body };
    if (this.#defs.size > 0) {
      const defs: Node = {};
      for (const [name, entry] of this.#defs) defineEntry(defs, name, entry.published ?? {});
      doc['$defs'] = defs;
    }
    return doc;
  }

  /**
   * Refuses a recursive root whose entry is a declaration of other than an object or a map, and
   * the reserved input property in its entry. A recursive type missing its definitions, its entry
   * or the entry's declaration is left to the walk, which refuses it as anywhere else.
   */
  #checkRootEntry(cyclic: Declared): void {
    const defs = cyclic['$defs'];
    const ref = cyclic['$ref'];
    if (!isJsonObject(defs) || typeof ref !== 'string' || !Object.hasOwn(defs, ref)) return;
    const target = defs[ref];
    if (!isJsonObject(target)) return;
    const kind = target['~kind'];
    if (kind !== 'Object' && kind !== 'Record') throw unsupported('', NOT_AN_OBJECT);
    if (
      this.#mode === 'input' &&
      kind === 'Object' &&
      isJsonObject(target['properties']) &&
      Object.hasOwn(target['properties'], ARTIFACT_REFS_PROPERTY)
    ) {
      throw unsupported(
        `/$defs/${escapePointerSegment(ref)}/properties/${ARTIFACT_REFS_PROPERTY}`,
        `The reserved input property \`${ARTIFACT_REFS_PROPERTY}\` sits in a recursive root type; declare it on a root object that is not recursive.`,
      );
    }
  }

  #declared(schema: unknown, path: string): Declared {
    if (!isJsonObject(schema)) {
      throw malformed(
        path,
        'The declared schema is not a TypeBox schema object; build it with TypeBox and the vocabulary.',
      );
    }
    return schema;
  }

  /** The declaration, refused when it carries a transform, a refinement or a misplaced optional. */
  #plain(schema: unknown, path: string, position: Position): Declared {
    const declared = this.#declared(schema, path);
    if (IsCodec(declared)) {
      throw unsupported(
        path,
        'A transform (codec) is outside the vocabulary; declare the wire shape and convert in the handler.',
      );
    }
    if (IsRefine(declared)) {
      throw unsupported(
        path,
        'A refinement is a check the published document cannot state; declare the shape alone and check the rest in the handler.',
      );
    }
    if (IsOptional(declared) && position !== 'property') {
      throw unsupported(
        path,
        'An optional marker sits outside an object property; only a property can be optional.',
      );
    }
    return declared;
  }

  #node(schema: unknown, path: string, position: Position, scope: Scope | undefined): Node {
    const declared = this.#plain(schema, path, position);
    const kind = declared['~kind'];
    switch (kind) {
      case 'String':
        return publishString(declared, path, position);
      case 'Number':
        return publishNumber(declared, path, position);
      case 'Boolean':
        checkKeys(declared, path, position, ['type'], 'a boolean');
        return annotated({ type: 'boolean' }, declared, path);
      case 'Integer':
        return publishInteger(declared, path, position);
      case 'BigInt':
        return publishInt64(declared, path, position);
      case 'Literal':
      case 'Enum':
        return annotated(enumNode(this.#literals(declared, path, position), path), declared, path);
      case 'Union':
        return publishUnion(declared, path, position, {
          mode: this.#mode,
          plain: (member, at) => this.#plain(member, at, 'member'),
          publish: (member, at) => this.#node(member, at, 'member', scope),
          literals: (member, at) => this.#literals(member, at, 'member'),
        });
      case 'Array':
        return this.#array(declared, path, position, scope);
      case 'Object':
        return this.#object(declared, path, position, scope);
      case 'Record':
        return this.#map(declared, path, position, scope);
      case 'Unknown':
      case 'Any':
        checkKeys(declared, path, position, [], 'an open value');
        return annotated({}, declared, path);
      case 'Cyclic':
        return this.#cyclic(declared, path, position, scope);
      case 'Ref':
        return this.#ref(declared, path, position, scope);
      default: {
        const reason =
          typeof kind === 'string' && Object.hasOwn(REFUSED_KINDS, kind)
            ? REFUSED_KINDS[kind]
            : undefined;
        throw unsupported(
          path,
          reason ??
            (typeof kind === 'string'
              ? `The TypeBox type \`${kind}\` is outside the vocabulary; declare the value with the vocabulary's builders.`
              : 'The schema was not built with TypeBox and the vocabulary, so it cannot be published; build it with them.'),
        );
      }
    }
  }

  /**
   * The values of a literal, an enum or a union of them. Members are held to the same rules as any
   * declaration (no transform, refinement, optional marker or foreign keyword); their annotations
   * have nowhere to go in one `enum` and are dropped. A union path names the union itself.
   */
  #literals(declared: Declared, path: string, position: Position): unknown[] {
    switch (declared['~kind']) {
      case 'Literal':
        checkKeys(declared, path, position, ['type', 'const'], 'a literal');
        return [declared['const']];
      case 'Enum':
        checkKeys(declared, path, position, ['enum'], 'an enum');
        if (!Array.isArray(declared['enum'])) {
          throw malformed(path, 'The enum holds no array of values; build it with `Type.Enum`.');
        }
        return declared['enum'];
      case 'Union': {
        checkKeys(declared, path, position, ['anyOf'], 'a union');
        const members = declared['anyOf'];
        if (!Array.isArray(members)) {
          throw malformed(path, 'The union holds no array of members; build it with `Type.Union`.');
        }
        return members.flatMap((member: unknown) =>
          this.#literals(this.#plain(member, path, 'member'), path, 'member'),
        );
      }
      default:
        throw unsupported(
          path,
          'A union other than of literals is outside the vocabulary; declare a union of literals, or one object with optional properties.',
        );
    }
  }

  #array(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    checkKeys(
      declared,
      path,
      position,
      ['type', 'items', 'minItems', 'maxItems', 'uniqueItems'],
      'an array',
    );
    const items = declared['items'];
    if (!isJsonObject(items)) {
      throw unsupported(
        path,
        'The array declares no single item schema; declare one with `Type.Array(item)`.',
      );
    }
    const node: Node = { type: 'array', items: this.#node(items, `${path}/items`, 'item', scope) };
    return annotated(arrayBounds(node, declared, path), declared, path);
  }

  #object(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    checkKeys(
      declared,
      path,
      position,
      ['type', 'properties', 'required', 'additionalProperties'],
      'an object',
    );
    const additional = declared['additionalProperties'];
    if (additional !== undefined && additional !== false) {
      throw unsupported(
        path,
        'An object open to extra properties is outside the vocabulary; declare every property, or use `Map`.',
      );
    }
    const declaredProperties = declared['properties'];
    if (!isJsonObject(declaredProperties)) {
      throw malformed(path, 'The object holds no properties table; build it with `Type.Object`.');
    }
    const properties: Node = {};
    const required: string[] = [];
    for (const [name, property] of Object.entries(declaredProperties)) {
      if (this.#mode === 'input' && position === 'root' && name === ARTIFACT_REFS_PROPERTY)
        continue;
      const at = `${path}/properties/${escapePointerSegment(name)}`;
      defineEntry(properties, name, this.#node(property, at, 'property', scope));
      if (!IsOptional(property)) required.push(name);
    }
    const node: Node =
      this.#mode === 'input'
        ? { type: 'object', properties, required, additionalProperties: false }
        : { type: 'object', properties, additionalProperties: false };
    return annotated(node, declared, path);
  }

  #map(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    checkKeys(
      declared,
      path,
      position,
      ['type', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
      'a map',
    );
    const patterns = declared['patternProperties'];
    if (!isJsonObject(patterns)) {
      throw malformed(path, 'The record holds no value schema; build it with `Map(value)`.');
    }
    const keys = Object.keys(patterns);
    if (keys.length !== 1 || keys[0] !== STRING_KEY_PATTERN) {
      throw unsupported(
        path,
        'A record keyed by anything but any string is outside the vocabulary; use `Map(value)`.',
      );
    }
    const value = this.#node(
      patterns[STRING_KEY_PATTERN],
      `${path}/additionalProperties`,
      'value',
      scope,
    );
    const node: Node = { type: 'object' };
    const rule = declared['propertyNames'];
    if (rule !== undefined) node['propertyNames'] = this.#keys(rule, `${path}/propertyNames`);
    mapBounds(node, declared, path);
    node['additionalProperties'] = Object.keys(value).length === 0 ? true : value;
    return annotated(node, declared, path);
  }

  /** The rule of a map's keys: a string declaration, published as the map's `propertyNames`. */
  #keys(keys: unknown, path: string): Node {
    const declared = this.#plain(keys, path, 'value');
    if (declared['~kind'] !== 'String') {
      throw unsupported(
        path,
        'The keys of a map are strings; declare their rule with `Type.String({ pattern, minLength, maxLength })`.',
      );
    }
    return publishString(declared, path, 'value');
  }

  #cyclic(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    checkKeys(declared, path, position, ['$defs', '$ref'], 'a recursive type');
    const defs = declared['$defs'];
    const ref = declared['$ref'];
    if (!isJsonObject(defs) || typeof ref !== 'string') {
      throw malformed(
        path,
        'The recursive type names no definitions or no entry; build it with `Recursive` or `Type.Cyclic`.',
      );
    }
    const name = this.#define(ref, { defs, parent: scope }, path);
    return annotated({ $ref: defRef(name) }, declared, path);
  }

  #ref(declared: Declared, path: string, position: Position, scope: Scope | undefined): Node {
    checkKeys(declared, path, position, ['$ref'], 'a reference');
    const ref = declared['$ref'];
    if (typeof ref !== 'string') {
      throw malformed(path, 'The reference names no target; build it with `Type.Ref(name)`.');
    }
    const name = this.#define(ref, scope, path);
    return annotated({ $ref: defRef(name) }, declared, path);
  }

  /**
   * Publishes the definition `ref` names (once) and returns its name under `$defs`. Another
   * recursive type may reach the same name (the same declaration built twice): it shares the entry
   * only if its definition, with everything it refers to, publishes the same; that is checked once
   * the whole document is published.
   */
  #define(ref: string, scope: Scope | undefined, path: string): string {
    let owner = scope;
    while (owner !== undefined && !Object.hasOwn(owner.defs, ref)) owner = owner.parent;
    if (owner === undefined) {
      throw new SchemaDefectError(
        SCHEMA_ERROR_CODES.UNRESOLVABLE_REF,
        `The reference to \`${ref}\` names no definition of an enclosing recursive type; define it in the \`Type.Cyclic\` that holds the reference.`,
        { path },
      );
    }
    let reached = this.#reached.get(owner.defs);
    if (reached === undefined) {
      reached = new Set();
      this.#reached.set(owner.defs, reached);
    }
    if (reached.has(ref)) return ref;
    reached.add(ref);
    const at = `/$defs/${escapePointerSegment(ref)}`;
    const existing = this.#defs.get(ref);
    if (existing !== undefined) {
      const published = this.#node(owner.defs[ref], at, 'definition', owner);
      this.#claims.push({ name: ref, published, path });
      return ref;
    }
    const entry: { published: JsonValue | undefined } = { published: undefined };
    this.#defs.set(ref, entry);
    entry.published = this.#node(owner.defs[ref], at, 'definition', owner);
    return ref;
  }
}
