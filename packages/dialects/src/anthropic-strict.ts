import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import type { Publication, SchemaSide } from './dialect.ts';
import { DIALECT_ERROR_CODES, DialectError } from './errors.ts';
import { expandOptions } from './inline-refs.ts';
import { type Drops, dropConstraints } from './internal/constraints.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
import { entriesToMaps, mapsAsEntries } from './internal/entries.ts';
import { expandRefs } from './internal/inline.ts';
import { measureSchema } from './internal/measure.ts';
import {
  deepCopy,
  inDocumentOrder,
  isMap,
  isObjectSchema,
  isOpen,
  isValuePosition,
  labels,
  omit,
  type Pass,
  pointer,
  primitiveUnion,
  type RewriteContext,
  renameKeyword,
  rewrite,
  withKeyword,
} from './internal/rewrite.ts';
import { ANTHROPIC_STRICT_LIMITS, ANTHROPIC_STRICT_UNROLL_DEPTH } from './limits.ts';

/** The string formats Claude's strict mode supports; any other `format` is dropped. */
export const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords Claude's strict mode does not support: dropped (the canonical pass still judges). */
const UNSUPPORTED = new Set([
  '$schema',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'maxItems',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
  'prefixItems',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  // Outside strict mode's closed list; the server does not expect the header here.
  'x-mcp-header',
]);

/**
 * The value constraints of `node` strict mode cannot state: number bounds and `multipleOf`, string
 * lengths and `pattern`, `maxItems`, `uniqueItems`, a `minItems` other than 0 or 1, a format outside
 * {@link ANTHROPIC_STRICT_FORMATS}.
 */
const drops: Drops = (keyword, node) => {
  switch (keyword) {
    case 'minItems':
      return node.minItems !== 0 && node.minItems !== 1;
    case 'format':
      return !ANTHROPIC_STRICT_FORMATS.has(String(node.format));
    default:
      return true;
  }
};

/**
 * The closed last level of an unrolled recursion: an object that accepts no names (so a deeper
 * value is refused at this declared path), its description naming the definition and the depth.
 * The definition's other types are kept beside it (a nullable definition still admits null there;
 * an array admits an array, whose items the canonical pass judges).
 */
function lastLevel(
  depth: number,
): (name: string, definition: SchemaNode | undefined) => SchemaObject {
  return (name, definition) => closedLevel(depth, name, definition);
}

function closedLevel(
  depth: number,
  name: string,
  definition: SchemaNode | undefined,
): SchemaObject {
  const description = `Deeper than this schema states: ${name} is accepted to ${depth} ${depth === 1 ? 'level' : 'levels'} of nesting, and level ${depth + 1} accepts no names.`;
  const declared = isJsonObject(definition) ? definition.type : undefined;
  const types =
    typeof declared === 'string'
      ? [declared]
      : Array.isArray(declared) && declared.length > 0
        ? declared.map(String)
        : ['object'];
  const type = types.length === 1 ? types[0]! : types;
  if (!types.includes('object')) return { type, description };
  return { type, description, properties: {}, additionalProperties: false };
}

/** What the pass collects beyond the narrowed paths: where a nullable type split into `anyOf`. */
interface AnthropicContext extends RewriteContext {
  readonly splits: { readonly at: string; readonly branches: number }[];
}

function anthropicPass(side: SchemaSide): Pass {
  return {
    before: (node, at, ctx) => {
      if (side === 'output') return undefined;
      if (isMap(node)) {
        ctx.narrowed.push(pointer(at));
        const closed = { type: 'object', properties: {}, additionalProperties: false };
        // A nullable map keeps its null, spelled with `anyOf` as every nullable type is here.
        return Array.isArray(node.type) && node.type.includes('null')
          ? { ...labels(node), anyOf: [closed, { type: 'null' }] }
          : { ...labels(node), ...closed };
      }
      if (isValuePosition(at) && isOpen(node)) {
        ctx.narrowed.push(pointer(at));
        return { ...labels(node), anyOf: primitiveUnion() };
      }
      return undefined;
    },
    after: (node, at, ctx) => {
      // An output narrows nothing: its drops are stated in words, never listed.
      const place = side === 'input' ? ctx : { narrowed: [] };
      let out: Record<string, unknown> = omit(dropConstraints(node, drops, at, place), UNSUPPORTED);
      if (Object.hasOwn(out, 'oneOf')) {
        out = renameKeyword(out, 'oneOf', 'anyOf');
      }
      // Closed before a nullable type array splits, so the object branch carries the closure.
      if (side === 'input' && isObjectSchema(out) && !isMap(out)) {
        out = withKeyword(out, 'additionalProperties', false);
      }
      const type = out.type;
      if (Array.isArray(type) && type.includes('null')) {
        const rest = omit(out, new Set(['type', 'title', 'description']));
        const branches = type.filter((t) => t !== 'null').map((t) => ({ ...rest, type: t }));
        out = { ...labels(out), anyOf: [...branches, { type: 'null' }] };
        (ctx as AnthropicContext).splits.push({ at: pointer(at), branches: branches.length });
      }
      return out;
    },
  };
}

/**
 * Where each pointer collected before a nullable split now stands: below the split node, once
 * under each of its non-null branches. Splits are applied deepest first, as the walk made them.
 */
function relocate(pointers: readonly string[], splits: AnthropicContext['splits']): string[] {
  let out = [...pointers];
  for (const { at, branches } of splits) {
    out = out.flatMap((p) =>
      p.startsWith(`${at}/`)
        ? Array.from({ length: branches }, (_, i) => `${at}/anyOf/${i}${p.slice(at.length)}`)
        : [p],
    );
  }
  return out;
}

/** A rendering over Anthropic's budget because recursion was unrolled; never leaves this module. */
class OverBudgetUnrolled extends Error {
  readonly error: DialectError;

  constructor(error: DialectError) {
    super(error.message);
    this.error = error;
  }
}

/**
 * Renders at the deepest unroll the vendor's limits allow: {@link ANTHROPIC_STRICT_UNROLL_DEPTH}
 * levels, or fewer when the unrolled document would pass Anthropic's optional-property or union
 * budget (a recursive filter of a dozen optional fields cannot be stated three times). A document
 * without recursion, or one over budget even at one level, is refused as it stands.
 */
function render(canonical: SchemaObject, side: SchemaSide): Publication {
  for (let depth = ANTHROPIC_STRICT_UNROLL_DEPTH; ; depth -= 1) {
    try {
      return renderAt(canonical, side, depth);
    } catch (error) {
      if (!(error instanceof OverBudgetUnrolled)) throw error;
      if (depth === 1) throw error.error;
    }
  }
}

function renderAt(canonical: SchemaObject, side: SchemaSide, depth: number): Publication {
  // An output is never closed narrower than a result: its cycles break to a described object.
  const unrolled = side === 'input' ? { unroll: depth, breakNode: lastLevel(depth) } : {};
  // An input's maps below the root are lists of entries: strict mode cannot state a map's values.
  const copy = deepCopy(canonical);
  const inlined = expandRefs(side === 'input' ? (mapsAsEntries(copy) as SchemaObject) : copy, {
    ...expandOptions('canonical'),
    ...unrolled,
    dialect: 'anthropic_strict',
  });
  const ctx: AnthropicContext = { narrowed: [], splits: [] };
  const schema = objectRoot(
    rewrite(inlined.schema, anthropicPass(side), ctx),
    'anthropic_strict',
    side,
  );
  if (side === 'output') return { schema, narrowed: [] };
  try {
    measureSchema(schema, ANTHROPIC_STRICT_LIMITS, 'anthropic_strict');
  } catch (error) {
    // Over budget with recursion unrolled: `render` tries a shallower unroll before refusing.
    const overBudget =
      error instanceof DialectError && error.code === DIALECT_ERROR_CODES.LIMIT_EXCEEDED;
    if (overBudget && inlined.breaks.length > 0) throw new OverBudgetUnrolled(error);
    throw error;
  }
  // A last level below a map that narrowed whole is gone from the rendering; the rest, in order.
  const wanted = relocate([...inlined.breaks, ...ctx.narrowed], ctx.splits);
  return { schema, narrowed: inDocumentOrder(schema, new Set(wanted)) };
}

/**
 * Claude `strict: true` tools (and Bedrock strict). References inlined; strict mode refuses
 * recursion, so each recursive definition is unrolled {@link ANTHROPIC_STRICT_UNROLL_DEPTH} levels
 * deep on every path (fewer when that would pass the budgets below) and the next level is a closed object whose description says how deep the
 * dialect accepts; `additionalProperties: false` on every object; optional properties stay
 * optional; number bounds, `multipleOf`, string lengths,
 * `pattern`, `maxItems`, `uniqueItems` and a `minItems` above 1 dropped, stated in words and
 * reported; unions kept; nullable spelled with `anyOf`; a map below the root published as a list
 * of `{ key, value }` entries (the inverse turns it back into the map), one at the root narrowed
 * to the empty closed object, and an open value to a primitive union. Every last level, root map and open value is listed in `narrowed`. Refused with
 * `DialectError` LIMIT_EXCEEDED when the rendering (unrolled) exceeds Anthropic's optional-property
 * or union budget. Output: the vocabulary rewrites alone.
 */
export const anthropicStrictDialect = defineDialect({
  name: 'anthropic_strict',
  audience: 'Claude strict tools (Anthropic API and Bedrock strict)',
  render,
  arguments: (wire, canonicalInput) => entriesToMaps(wire, canonicalInput, canonicalInput),
});
