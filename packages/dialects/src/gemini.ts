import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import type { SchemaSide } from './dialect.ts';
import { expandOptions } from './inline-refs.ts';
import { type Drops, dropConstraints, parentsFirst } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { entriesToMaps, mapsAsEntries } from './internal/entries.ts';
import { describedBreak, expandRefs } from './internal/inline.ts';
import {
  deepCopy,
  fromEntries,
  isMap,
  isObjectSchema,
  isOpen,
  isValuePosition,
  joinSentences,
  literal,
  type Pass,
  pointer,
  propertiesOf,
  renameKeyword,
  rewrite,
  withKeyword,
} from './internal/rewrite.ts';

/**
 * The fields of Gemini's `Schema` message (the OpenAPI subset of `parameters`) that a canonical
 * document can use; any other field is a 400 (`Unknown name ... Cannot find field`).
 */
export const GEMINI_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'anyOf',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minProperties',
  'maxProperties',
  'default',
  'example',
]);

const STRING_FORMATS = new Set(['date-time', 'enum']);
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

function describe(node: SchemaObject, sentence: string): Record<string, unknown> {
  return withKeyword(node, 'description', joinSentences(node.description, sentence));
}

function valueSummary(value: SchemaNode): string {
  if (typeof value === 'boolean' || Object.keys(value).length === 0) return 'any JSON value';
  const type = value.type;
  if (Array.isArray(value.enum)) {
    return `one of ${(value.enum as unknown[]).map(literal).join(', ')}`;
  }
  if (typeof type !== 'string') return 'a value of the declared shape';
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function inferType(values: readonly unknown[]): string | undefined {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'bigint' || Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number' || typeof v === 'bigint')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

/**
 * The described break of {@link describedBreak}, which Gemini can read whatever the definition's
 * type: Gemini refuses an array without `items` (`items: missing field`), and the items of a
 * recursive array cannot be stated without another level, so an array the recursion reaches a
 * second time is stated closed, empty (`maxItems: 0`), with placeholder `items` it never holds.
 */
function geminiBreak(name: string, definition: SchemaNode | undefined): SchemaObject {
  const broken = describedBreak(name, definition);
  const type = broken.type;
  const types = Array.isArray(type) ? type : [type];
  if (!types.includes('array') || types.includes('object')) return broken;
  return { ...broken, maxItems: 0, items: { type: 'string' } };
}

/** True for a schema whose type admits `null` (a `type` list holding it). */
function typedNullable(node: SchemaNode): boolean {
  return typeof node !== 'boolean' && Array.isArray(node.type) && node.type.includes('null');
}

const isNullBranch = (branch: unknown): boolean =>
  isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;

/** Lookaround and backreferences, which Gemini's regular expressions may not run. */
const UNPORTABLE_PATTERN = /\(\?<?[=!]|\\[1-9]|\\k</;

/**
 * The value constraints of `node` the OpenAPI subset cannot state: `exclusiveMinimum`,
 * `exclusiveMaximum`, `multipleOf` and `uniqueItems` (no such field), integer `minimum`/`maximum`
 * (doubles cannot state int64 bounds exactly), a string format but `date-time` (and a number
 * format but Gemini's), a pattern with lookaround or a backreference.
 */
const drops: Drops = (keyword, node) => {
  switch (keyword) {
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
    case 'uniqueItems':
    case 'propertyNames':
      return true;
    case 'minimum':
    case 'maximum':
      return typesOf(node).includes('integer');
    case 'format': {
      const types = typesOf(node);
      const format = String(node.format);
      return !(
        (types.includes('string') && STRING_FORMATS.has(format)) ||
        ((types.includes('integer') || types.includes('number')) && NUMBER_FORMATS.has(format))
      );
    }
    case 'pattern':
      return UNPORTABLE_PATTERN.test(String(node.pattern));
    default:
      return false;
  }
};

function typesOf(node: SchemaObject): readonly unknown[] {
  const type = node.type;
  return Array.isArray(type) ? type : [type];
}

function geminiPass(side: SchemaSide): Pass {
  return {
    before: (node, at, ctx) => {
      if (isMap(node)) {
        ctx.narrowed.push(pointer(at));
        const value = node.additionalProperties as SchemaNode;
        return describe(
          {
            type: 'object',
            ...(typedNullable(node) ? { nullable: true } : {}),
            ...fromEntries(Object.entries(node).filter(([key]) => key === 'description')),
          },
          `An object mapping names to values; each value is ${valueSummary(value)}. Its entries cannot be stated in this schema.`,
        );
      }
      if (
        side === 'input' &&
        (isValuePosition(at) || at[at.length - 2] === 'anyOf') &&
        isOpen(node)
      ) {
        ctx.narrowed.push(pointer(at));
        const base = typeof node === 'boolean' ? {} : node;
        return {
          type: 'object',
          ...fromEntries(Object.entries(base).filter(([key]) => key === 'description')),
        };
      }
      return undefined;
    },
    after: (node, at, ctx) => {
      // An output narrows nothing: its drops are stated in words, never listed.
      const place = side === 'input' ? ctx : { narrowed: [] };
      let out: Record<string, unknown> = { ...dropConstraints(node, drops, at, place) };
      if (Object.hasOwn(out, 'oneOf')) {
        out = renameKeyword(out, 'oneOf', 'anyOf');
      }
      if (Object.hasOwn(out, 'const')) {
        out = fromEntries(
          Object.entries(out).map(([k, v]) => (k === 'const' ? ['enum', [v]] : [k, v])),
        );
      }
      const type = out.type;
      if (Array.isArray(type)) {
        const nonNull = type.filter((t) => t !== 'null');
        if (nonNull.length !== type.length) out.nullable = true;
        if (nonNull.length === 1) {
          out.type = nonNull[0];
        } else {
          delete out.type;
          out.anyOf = nonNull.map((t) => ({ type: t }));
        }
      }
      const values = out.enum;
      if (Array.isArray(values)) {
        const inferred = inferType(values);
        if (out.type === undefined && inferred !== undefined) out.type = inferred;
        if (inferred !== 'string') {
          delete out.enum;
          out = describe(out, `Allowed values: ${values.map(literal).join(', ')}.`);
        }
      }
      const anyOf = out.anyOf;
      if (Array.isArray(anyOf) && anyOf.some(isNullBranch)) {
        // OpenAPI has no null schema: each other member admits null instead (the gate reads
        // `nullable: true` beside a type as admitting null). Null is the last member, so the
        // members' paths stay as they were.
        out.anyOf = anyOf
          .filter((branch) => !isNullBranch(branch))
          .map((branch) =>
            // A member with no type admits null already (and `nullable` needs a type beside it).
            isJsonObject(branch) && Object.hasOwn(branch, 'type')
              ? { ...branch, nullable: true }
              : branch,
          );
      }
      const properties = propertiesOf(out);
      if (properties !== undefined && Object.keys(properties).length === 0) {
        delete out.properties;
        delete out.required;
      } else if (properties !== undefined && out.type === undefined) {
        out.type = 'object';
      }
      if (isObjectSchema(out) && Array.isArray(out.required)) {
        const names = (out.required as unknown[]).filter(
          (name) =>
            typeof name === 'string' && properties !== undefined && Object.hasOwn(properties, name),
        );
        if (names.length === 0) delete out.required;
        else out.required = names;
      }
      return fromEntries(Object.entries(out).filter(([key]) => GEMINI_FIELDS.has(key)));
    },
  };
}

function render(canonical: SchemaObject, side: SchemaSide) {
  const narrowed: string[] = [];
  // An input's maps below the root are lists of entries: Gemini's `Schema` cannot state a map.
  const copy = deepCopy(canonical);
  const inlined = expandRefs(side === 'input' ? (mapsAsEntries(copy) as SchemaObject) : copy, {
    ...expandOptions('canonical'),
    breakNode: geminiBreak,
    dialect: 'gemini',
  }).schema;
  const schema = objectRoot(rewrite(inlined, geminiPass(side), { narrowed }), 'gemini', side);
  return { schema, narrowed: parentsFirst(narrowed) };
}

/**
 * Gemini function declarations through `parameters` (the OpenAPI subset). References inlined, a
 * cycle broken to an object whose description names the definition (no `title`: Gemini drops it;
 * `nullable` when the definition admits null; a recursive array closed empty, with the `items`
 * Gemini requires);
 * no `additionalProperties`, `$defs`, `title` or `$schema`;
 * integer `minimum`/`maximum` dropped (doubles cannot state int64 bounds exactly: the canonical
 * pass still judges them); `format` kept only for `date-time`; a non-string enum moved into the
 * description, never stringified; in input, a map below the root published as a list of
 * `{ key, value }` entries; a map at the root or in an output (and, in input, an open value)
 * published as `{"type": "object"}` with no `properties`, since Gemini refuses an OBJECT whose
 * `properties` is empty, and reported. Inverse: each list of entries turned back into the map.
 */
export const geminiDialect = defineDialect({
  name: 'gemini',
  audience: 'Gemini function declarations, `parameters` (OpenAPI subset)',
  render,
  arguments: (wire, canonicalInput) => entriesToMaps(wire, canonicalInput, canonicalInput),
});
