/**
 * Builds a call from a published input document the way a careful model would: every property the
 * document declares is given (a map as the document spells it, recursion as deep as the document
 * states it, an optional spelled as a nullable type given a value), each value read off the
 * document alone (its type, format, bounds, enum, item counts; a bound a dialect moved into words
 * is read from those words). Values the document cannot tell (an existing id, a folder, a string
 * with a pattern) come from `hints`, by property name; a string with a pattern and no hint throws,
 * so a new rule cannot pass unseen.
 */

type Schema = Readonly<Record<string, unknown>>;

/** Values by property name, for what a document cannot tell. */
export type Hints = Readonly<Record<string, unknown>>;

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-05-01T12:00:00Z',
  date: '2024-05-01',
  time: '08:00:00+01:00',
  duration: 'P3650D',
};

function resolve(root: Schema, ref: string): Schema {
  let target: unknown = root;
  for (const segment of ref.slice(2).split('/')) target = (target as Schema)[segment];
  return target as Schema;
}

function typesOf(schema: Schema): readonly string[] {
  const type = schema['type'];
  return typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : [];
}

/** A bound stated in words by a dialect that dropped the keyword ("At least 4 and at most 64."). */
function boundInWords(schema: Schema): number | undefined {
  const words = typeof schema['description'] === 'string' ? schema['description'] : '';
  const match = /At least (-?\d+)/.exec(words);
  return match === null ? undefined : Number(match[1]);
}

/** A temporal format a dialect that dropped the keyword states in words. */
function formatInWords(schema: Schema): string | undefined {
  const words = typeof schema['description'] === 'string' ? schema['description'] : '';
  if (words.includes('A date and time (RFC 3339)')) return 'date-time';
  if (words.includes('A full date, YYYY-MM-DD')) return 'date';
  if (words.includes('A time of day with its offset')) return 'time';
  if (words.includes('An ISO 8601 duration')) return 'duration';
  return undefined;
}

/**
 * A value `schema` admits, using every declared property. `name` is the property the value stands
 * for (for hints); `seen` counts how often each reference was followed on this path: a reference
 * followed `depth` times already is given its smallest value (null where admitted, else `{}`).
 */
export function buildValue(
  root: Schema,
  schema: Schema,
  hints: Hints,
  name = '',
  seen: ReadonlyMap<string, number> = new Map(),
  depth = 2,
): unknown {
  if (Object.hasOwn(hints, name)) return hints[name];
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const count = seen.get(ref) ?? 0;
    if (count >= depth) return {};
    return buildValue(
      root,
      resolve(root, ref),
      hints,
      name,
      new Map(seen).set(ref, count + 1),
      depth,
    );
  }
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf)) {
    const members = anyOf as Schema[];
    const nullable = members.some((member) => typesOf(member).includes('null'));
    const branch = members.find((member) => !typesOf(member).includes('null'));
    const ref = branch?.['$ref'];
    // Where the recursion is as deep as it goes and the place may be null, null ends it.
    if (
      branch === undefined ||
      (nullable && typeof ref === 'string' && (seen.get(ref) ?? 0) >= depth)
    )
      return null;
    return buildValue(root, branch, hints, name, seen, depth);
  }
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[])[0];
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string': {
      const format = schema['format'] ?? formatInWords(schema);
      if (typeof format === 'string' && FORMAT_SAMPLES[format] !== undefined)
        return FORMAT_SAMPLES[format];
      if (
        schema['pattern'] !== undefined ||
        /regular expression/.test(String(schema['description']))
      )
        throw new Error(`No hint for the patterned string \`${name}\`.`);
      return 'text';
    }
    case 'integer':
    case 'number': {
      const minimum = schema['minimum'];
      if (typeof minimum === 'number' || typeof minimum === 'bigint') return Number(minimum);
      return boundInWords(schema) ?? 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = schema['items'] as Schema;
      const ref = items['$ref'];
      if (typeof ref === 'string' && (seen.get(ref) ?? 0) >= depth)
        return typesOf(schema).includes('null') ? null : [];
      const count = Math.max(1, Number(schema['minItems'] ?? 1));
      return Array.from({ length: count }, () =>
        buildValue(root, items, hints, `${name}[]`, seen, depth),
      );
    }
    case 'object': {
      const additional = schema['additionalProperties'];
      if (schema['properties'] === undefined && typeof additional === 'object') {
        // A map the document states as one: one entry, its key from the hints.
        return {
          [String(hints['key'] ?? 'key')]: buildValue(
            root,
            additional as Schema,
            hints,
            `${name}{}`,
            seen,
            depth,
          ),
        };
      }
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties))
        out[key] = buildValue(root, property, hints, key, seen, depth);
      return out;
    }
    default:
      // An open value: a string fits every spelling of one.
      return 'any';
  }
}

/** The whole arguments of a call from the input document `schema`. */
export function buildCall(schema: Schema, hints: Hints): Record<string, unknown> {
  return buildValue(schema, schema, hints) as Record<string, unknown>;
}
