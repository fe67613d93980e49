import type { SchemaObject } from '@portcullis/schema';
import type { Dialect, SchemaSide } from './dialect.ts';
import { inlineTracingBreaks } from './inline-refs.ts';
import { defineDialect, objectRoot } from './internal/define.ts';
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
  renameKeyword,
  rewrite,
  withKeyword,
} from './internal/rewrite.ts';
import { ANTHROPIC_STRICT_LIMITS, measureSchema } from './limits.ts';

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
]);

function anthropicPass(side: SchemaSide): Pass {
  return {
    before: (node, at, ctx) => {
      if (side === 'output') return undefined;
      if (isMap(node)) {
        ctx.narrowed.push(pointer(at));
        return { ...labels(node), type: 'object', properties: {}, additionalProperties: false };
      }
      if (isValuePosition(at) && isOpen(node)) {
        ctx.narrowed.push(pointer(at));
        return { ...labels(node), anyOf: primitiveUnion() };
      }
      return undefined;
    },
    after: (node) => {
      let out: Record<string, unknown> = omit(node, UNSUPPORTED);
      if (Object.hasOwn(out, 'oneOf')) {
        out = renameKeyword(out, 'oneOf', 'anyOf');
      }
      const minItems = out.minItems;
      if (typeof minItems === 'number' && minItems > 1) delete out.minItems;
      const format = out.format;
      if (typeof format === 'string' && !ANTHROPIC_STRICT_FORMATS.has(format)) delete out.format;
      // Closed before a nullable type array splits, so the object branch carries the closure.
      if (side === 'input' && isObjectSchema(out) && !isMap(out)) {
        out = withKeyword(out, 'additionalProperties', false);
      }
      const type = out.type;
      if (Array.isArray(type) && type.includes('null')) {
        const rest = omit(out, new Set(['type', 'title', 'description']));
        const branches = type.filter((t) => t !== 'null').map((t) => ({ ...rest, type: t }));
        out = { ...labels(out), anyOf: [...branches, { type: 'null' }] };
      }
      return out;
    },
  };
}

function render(canonical: SchemaObject, side: SchemaSide) {
  const inlined = inlineTracingBreaks(deepCopy(canonical), 'canonical');
  const ctx = { narrowed: [] as string[] };
  const schema = objectRoot(
    rewrite(inlined.schema, anthropicPass(side), ctx),
    'anthropic_strict',
    side,
  );
  if (side === 'output') return { schema, narrowed: [] };
  measureSchema(schema, ANTHROPIC_STRICT_LIMITS, 'anthropic_strict');
  // A break below a map that narrowed whole is gone from the rendering; the rest, in order.
  return {
    schema,
    narrowed: inDocumentOrder(schema, new Set([...inlined.breaks, ...ctx.narrowed])),
  };
}

/**
 * Claude `strict: true` tools (and Bedrock strict). References inlined and cycles broken (strict
 * mode refuses recursion); `additionalProperties: false` on every object; optional properties stay
 * optional (so the inverse is the identity); numeric bounds, length bounds and `pattern` dropped;
 * nullable spelled with `anyOf`; a map narrowed to the empty closed object and an open value to a
 * primitive union, a broken cycle closed (all reported); refused with `DialectError` LIMIT_EXCEEDED when one tool alone
 * exceeds Anthropic's optional-property or union budget. Output: the vocabulary rewrites alone.
 */
export const anthropicStrictDialect: Dialect = defineDialect({
  name: 'anthropic_strict',
  consumer: 'Claude strict tools (Anthropic API and Bedrock strict)',
  render,
});
