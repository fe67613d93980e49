/*
 * Invariant: a map spelled as a list of `{ key, value }` entries changes nothing the gate decides.
 * For fixture maps (bounded with a key rule, of objects with optional properties, of maps, nullable
 * and optional, inside an array) and generated canonical values near them, valid or not, spelling
 * each map as entries (and, under openai_strict, each omitted optional as null) and judging the
 * way a server does (the dialect's document, the inverse, the canonical document) gives the same
 * verdict as judging the canonical value against the canonical document; when it admits, the
 * inverse gives back exactly the canonical value. The judging is the real gate's, both paths.
 */
import { DIALECTS } from '@portcullis/dialects';
import { compileGate } from '@portcullis/gate';
import { Map as MapOf, publishCanonical } from '@portcullis/schema';
import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import fc from 'fast-check';
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';

const Priority = Type.Union([Type.Literal('low'), Type.Literal('high')]);

const FIXTURES: Readonly<Record<string, TSchema>> = {
  bounded: Type.Object({
    tags: MapOf(Priority, {
      minProperties: 1,
      maxProperties: 3,
      keys: Type.String({ pattern: '^[a-z][a-z0-9]*$', maxLength: 6 }),
    }),
  }),
  objects: Type.Object({
    people: MapOf(Type.Object({ age: Type.Integer(), note: Type.Optional(Type.String()) })),
  }),
  nested: Type.Object({ grid: MapOf(MapOf(Type.Integer(), { maxProperties: 2 })) }),
  optional: Type.Object({
    extra: Type.Optional(Type.Union([MapOf(Type.Boolean()), Type.Null()])),
    name: Type.String(),
  }),
  listed: Type.Object({ rows: Type.Array(MapOf(Type.String(), { minProperties: 1 })) }),
};

const key = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b2', 'cc', 'd', 'e5'), weight: 4 },
  { arbitrary: fc.constantFrom('Zed', 'toolongkey', '', '__proto__'), weight: 1 },
);
const scalar = fc.constantFrom<unknown>('low', 'high', 'mid', 1, -3, true, null, 'x');

/** Values near the fixture's shape: the right shapes mostly, wrong scalars and keys at times. */
function near(schema: SchemaNode, root: SchemaObject, depth = 0): fc.Arbitrary<unknown> {
  if (!isJsonObject(schema) || depth > 4) return scalar;
  if (typeof schema.$ref === 'string') return scalar;
  if (Array.isArray(schema.anyOf)) {
    return fc.oneof(
      ...(schema.anyOf as SchemaNode[]).map((branch) => near(branch, root, depth + 1)),
    );
  }
  const additional = schema.additionalProperties;
  if (schema.properties === undefined && isJsonObject(additional)) {
    return fc.dictionary(key, near(additional, root, depth + 1), { maxKeys: 4 });
  }
  if (isJsonObject(schema.properties)) {
    const properties = schema.properties as Record<string, SchemaNode>;
    const required = (schema.required ?? []) as string[];
    return fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, near(child, root, depth + 1)]),
      ),
      { requiredKeys: required },
    );
  }
  if (schema.type === 'array')
    return fc.array(near(schema.items as SchemaNode, root, depth + 1), { maxLength: 3 });
  if (Array.isArray(schema.enum))
    return fc.oneof(
      { arbitrary: fc.constantFrom(...(schema.enum as unknown[])), weight: 4 },
      { arbitrary: scalar, weight: 1 },
    );
  if (schema.type === 'integer') return fc.oneof(fc.integer({ min: -5, max: 5 }), scalar);
  if (schema.type === 'boolean') return fc.oneof(fc.boolean(), scalar);
  return scalar;
}

/** The schema a value at `node` is judged by: through a nullable union to its one other member. */
function judgedBy(node: SchemaNode | undefined): SchemaObject | undefined {
  if (!isJsonObject(node)) return undefined;
  if (!Array.isArray(node.anyOf)) return node;
  const members = (node.anyOf as SchemaNode[]).filter(
    (member) => !(isJsonObject(member) && member.type === 'null'),
  );
  return members.length === 1 ? judgedBy(members[0]) : undefined;
}

/** True when `value` holds a null at a property the schema does not require (strict: "absent"). */
function holdsOptionalNull(value: unknown, node: SchemaNode | undefined): boolean {
  const schema = judgedBy(node);
  if (schema === undefined || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value))
    return value.some((item) => holdsOptionalNull(item, schema.items as SchemaNode));
  const additional = schema.additionalProperties;
  if (schema.properties === undefined && isJsonObject(additional))
    return Object.values(value).some((item) => holdsOptionalNull(item, additional));
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const required = (schema.required ?? []) as string[];
  return Object.entries(value).some(([name, item]) =>
    item === null
      ? Object.hasOwn(properties, name) && !required.includes(name)
      : holdsOptionalNull(item, properties[name]),
  );
}

/** `back` without the nulls it holds where `value` has no name (strict's nullable optionals). */
function withoutAddedNulls(back: unknown, value: unknown): unknown {
  if (Array.isArray(back) && Array.isArray(value))
    return back.map((item, index) => withoutAddedNulls(item, value[index]));
  if (!isJsonObject(back) || !isJsonObject(value)) return back;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(back)) {
    if (item === null && !Object.hasOwn(value, name)) continue;
    Object.defineProperty(out, name, {
      value: withoutAddedNulls(item, value[name]),
      enumerable: true,
    });
  }
  return out;
}

/** The test's own spelling: maps as entry lists, and (strict) each omitted optional as null. */
function spell(value: unknown, node: SchemaNode | undefined, strict: boolean): unknown {
  const schema = judgedBy(node);
  if (schema === undefined || value === null) return value;
  if (Array.isArray(value))
    return value.map((item) => spell(item, schema.items as SchemaNode, strict));
  if (!isJsonObject(value)) return value;
  const additional = schema.additionalProperties;
  if (schema.properties === undefined && isJsonObject(additional)) {
    return Object.entries(value).map(([entry, item]) => ({
      key: entry,
      value: spell(item, additional, strict),
    }));
  }
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const out: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(properties), ...Object.keys(value)])) {
    const present = Object.hasOwn(value, name);
    if (present)
      Object.defineProperty(out, name, {
        value: spell(value[name], properties[name], strict),
        enumerable: true,
      });
    else if (strict && Object.hasOwn(properties, name)) out[name] = null;
  }
  return out;
}

describe.each(['openai_strict', 'anthropic_strict', 'gemini'] as const)('%s', (name) => {
  const dialect = DIALECTS[name];

  it.each(Object.keys(FIXTURES))(
    'judges the %s fixture as canonical does, and round-trips it',
    (fixture) => {
      const canonical = publishCanonical(FIXTURES[fixture]) as SchemaObject;
      const published = dialect.publish(canonical, 'input').schema;
      const canonicalGate = compileGate(canonical);
      const dialectGate = compileGate(published);
      let admitted = 0;
      let refused = 0;
      fc.assert(
        fc.property(near(canonical, canonical), (value) => {
          // Under openai_strict a null at an optional property means "absent": another call.
          fc.pre(name !== 'openai_strict' || !holdsOptionalNull(value, canonical));
          const verdict = canonicalGate.judge(value).ok;
          const wire = spell(value, canonical, name === 'openai_strict');
          const first = dialectGate.judge(wire).ok;
          const back = first ? dialect.arguments(wire as never, canonical) : undefined;
          const twoPass = first && canonicalGate.judge(back).ok;
          expect({ value, twoPass }).toEqual({ value, twoPass: verdict });
          if (verdict) {
            admitted++;
            // openai_strict hands a nullable optional it had to spell as null on as null.
            expect(name === 'openai_strict' ? withoutAddedNulls(back, value) : back).toEqual(value);
          } else refused++;
        }),
        { numRuns: 300 },
      );
      expect(admitted).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(10);
    },
  );
});
