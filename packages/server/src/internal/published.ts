/**
 * What the server publishes, rendered and compiled once at start: for every exposed tool and every
 * dialect, the listed tool and the gate of its input document, plus the canonical gates. Anything
 * that cannot be rendered or compiled stops the start with the tool and dialect named, and so do
 * vendor budgets a consumer's granted tools would pass when listed together.
 */
import { SERVER_ERROR_CODES, ServerError } from '../errors.ts';
import { NARROWED_META_KEY } from '../texts.ts';
import { type Conversion, conversionOf } from './conversion.ts';
import {
  type CatalogEntry,
  guardrailsOf,
  KIND_META_KEY,
  WEIGHT_META_KEY,
} from './siblings/catalog.ts';
import {
  ANTHROPIC_STRICT_LIMITS,
  DIALECT_NAMES,
  type DialectName,
  limitOf,
  measure,
  OPENAI_STRICT_LIMITS,
  type Publication,
  publishEveryDialect,
  type SchemaMeasure,
} from './siblings/dialects.ts';
import type { Guardrails } from './siblings/dispatcher.ts';
import { type CompiledGate, compileGate } from './siblings/gate.ts';
import { type SchemaObject, stringifyCanonical } from './siblings/schema.ts';

/** A tool as `tools/list` publishes it in one dialect. Frozen. */
export type ListedTool = Readonly<Record<string, unknown>> & { readonly name: string };

/** One dialect's view of a tool. */
export interface DialectView {
  readonly listed: ListedTool;
  /**
   * The gate of the input document this dialect publishes: the canonical gate itself when the
   * rendering is the canonical document (always for `canonical`, and for any dialect that changed
   * nothing).
   */
  readonly inputGate: CompiledGate;
}

/** An exposed tool with everything a request needs, computed once. */
export interface ServedTool {
  readonly name: string;
  readonly entry: CatalogEntry;
  readonly canonicalInput: SchemaObject;
  readonly canonicalGate: CompiledGate;
  /** The gate of the canonical output document, when the tool publishes one. */
  readonly outputGate: CompiledGate | undefined;
  readonly dialects: Readonly<Record<DialectName, DialectView>>;
  readonly measures: { readonly openai: SchemaMeasure; readonly anthropic: SchemaMeasure };
  /** The guardrails the definition declares, judged at dispatch. */
  readonly guardrails: Guardrails | undefined;
  /** When admitted arguments must be converted to their declared types (decided once, at start). */
  readonly conversion: Conversion;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function renderings(
  entry: CatalogEntry,
  document: SchemaObject,
  side: 'input' | 'output',
): Record<DialectName, Publication> {
  const all = publishEveryDialect(document, side);
  const out = {} as Record<DialectName, Publication>;
  for (const dialect of DIALECT_NAMES) {
    const rendered = all[dialect];
    if (!rendered.ok) {
      const limit = limitOf(rendered.error);
      throw new ServerError(
        SERVER_ERROR_CODES.UNRENDERABLE_TOOL,
        `The ${side} document of tool \`${entry.name}\` cannot be rendered in dialect \`${dialect}\`${limit === undefined ? '' : ` (it passes the limit \`${limit}\`)`}. Change the declaration or leave the tool unexposed.`,
        {
          tool: entry.name,
          dialect,
          side,
          ...(limit === undefined ? {} : { limit }),
          cause: rendered.error,
        },
      );
    }
    out[dialect] = rendered.value;
  }
  return out;
}

function compiled(entry: CatalogEntry, dialect: string, document: SchemaObject): CompiledGate {
  try {
    const gate = compileGate(document);
    return gate;
  } catch (cause) {
    throw new ServerError(
      SERVER_ERROR_CODES.UNCOMPILABLE_TOOL,
      `A document of tool \`${entry.name}\` in dialect \`${dialect}\` cannot be compiled by the gate. Change the declaration or leave the tool unexposed.`,
      { tool: entry.name, dialect, cause },
    );
  }
}

function listedTool(
  entry: CatalogEntry,
  input: Publication,
  output: Publication | undefined,
): ListedTool {
  const definition = entry.definition;
  const narrowed = [
    ...input.narrowed.map((pointer) => `/inputSchema${pointer}`),
    ...(output?.narrowed ?? []).map((pointer) => `/outputSchema${pointer}`),
  ];
  return deepFreeze({
    name: entry.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    description: definition.description,
    inputSchema: input.schema,
    ...(output === undefined ? {} : { outputSchema: output.schema }),
    ...(definition.annotations === undefined ? {} : { annotations: { ...definition.annotations } }),
    _meta: {
      [WEIGHT_META_KEY]: { ...entry.weight },
      [KIND_META_KEY]: entry.kind,
      ...(narrowed.length === 0 ? {} : { [NARROWED_META_KEY]: narrowed }),
    },
  });
}

/** Renders and compiles one exposed tool in every dialect; throws {@link ServerError} naming it. */
export function serveTool(entry: CatalogEntry): ServedTool {
  const canonicalInput = entry.canonicalInput as SchemaObject;
  const canonicalOutput = entry.canonicalOutput as SchemaObject | undefined;
  const inputs = renderings(entry, canonicalInput, 'input');
  const outputs =
    canonicalOutput === undefined ? undefined : renderings(entry, canonicalOutput, 'output');
  const canonicalGate = compiled(entry, 'canonical', canonicalInput);
  const canonicalText = stringifyCanonical(canonicalInput as never);
  const dialects = {} as Record<DialectName, DialectView>;
  for (const dialect of DIALECT_NAMES) {
    const input = inputs[dialect];
    // A rendering that is the canonical document is judged by the canonical gate itself.
    const same = stringifyCanonical(input.schema as never) === canonicalText;
    dialects[dialect] = Object.freeze({
      listed: listedTool(entry, input, outputs?.[dialect]),
      inputGate: same ? canonicalGate : compiled(entry, dialect, input.schema),
    });
  }
  return Object.freeze({
    name: entry.name,
    entry,
    canonicalInput,
    canonicalGate,
    outputGate:
      canonicalOutput === undefined ? undefined : compiled(entry, 'canonical', canonicalOutput),
    dialects: Object.freeze(dialects),
    measures: {
      openai: measure(inputs.openai_strict.schema),
      anthropic: measure(inputs.anthropic_strict.schema),
    },
    guardrails: guardrailsOf(entry.definition),
    conversion: conversionOf(canonicalInput),
  });
}

/** Limits counted across every tool of one request, per vendor dialect. */
const SUMMED = [
  ['openai_strict', 'openai', 'properties', OPENAI_STRICT_LIMITS.properties],
  ['openai_strict', 'openai', 'characters', OPENAI_STRICT_LIMITS.characters],
  ['openai_strict', 'openai', 'enumValues', OPENAI_STRICT_LIMITS.enumValues],
  [
    'anthropic_strict',
    'anthropic',
    'optionalProperties',
    ANTHROPIC_STRICT_LIMITS.optionalProperties,
  ],
  ['anthropic_strict', 'anthropic', 'unionProperties', ANTHROPIC_STRICT_LIMITS.unionProperties],
] as const;

/**
 * Refuses grants whose tools, listed together in one request, pass OpenAI's or Anthropic's
 * per-request budgets (each tool alone was checked when it was rendered).
 */
export function checkBudgets(consumer: string, tools: readonly ServedTool[]): void {
  for (const [dialect, vendor, limit, bound] of SUMMED) {
    let total = 0;
    for (const tool of tools) total += tool.measures[vendor][limit];
    if (total > bound) {
      throw new ServerError(
        SERVER_ERROR_CODES.BUDGET_EXCEEDED,
        `The tools granted to consumer \`${consumer}\` state ${total} of \`${limit}\` together in dialect \`${dialect}\`, over the per-request limit of ${bound}. Grant fewer tools or simplify their inputs.`,
        { consumer, dialect, limit },
      );
    }
  }
}
