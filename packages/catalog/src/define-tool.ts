import type { Static, TSchema } from 'typebox';
import type { DispatchingContext, RegistryContext, ToolContext } from './context.ts';
import type { ToolGuardrails } from './guardrail.ts';
import type { ToolKind } from './tool-kind.ts';
import type { ToolWeight } from './weight.ts';

/**
 * The MCP tool annotations (hints to a consumer, never guarantees). Published as the tool's
 * `annotations` verbatim; the catalog refuses a key outside this set so a misspelled hint is not
 * silently lost.
 */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * The context `run` receives for a definition of kind `TKind`: thinkers and orchestrators can
 * dispatch, and a registry-aware definition also receives the call's artifact registry.
 */
export type ContextFor<TKind extends ToolKind, TRegistryAware extends boolean> = ([TKind] extends [
  'tool',
]
  ? ToolContext
  : DispatchingContext) &
  ([TRegistryAware] extends [true] ? RegistryContext : unknown);

/** What `run` resolves with: the output schema's static type, or anything when none is declared. */
export type OutputOf<TOutput extends TSchema | undefined> = [TOutput] extends [TSchema]
  ? Static<TOutput>
  : unknown;

/** What a module writes to declare a tool; {@link defineTool} turns it into a definition. */
export interface ToolSpec<
  TInput extends TSchema,
  TOutput extends TSchema | undefined,
  TKind extends ToolKind,
  TRegistryAware extends boolean,
> {
  /** The MCP tool name: 1 to 128 characters of `A-Za-z0-9_-.`, unique in the catalog. */
  readonly name: string;
  /** A human-readable title for consumers that display one. */
  readonly title?: string;
  /** What the tool does, for the model that chooses it. Required and non-empty. */
  readonly description: string;
  /**
   * The input: an object schema with declared properties, built from the `@portcullis/schema`
   * vocabulary (a thinker's starts from `thinkerInput`). A map or an open value at the root is
   * refused: wrap it in a property.
   */
  readonly input: TInput;
  /** The output schema; published only for an object output the vocabulary describes. */
  readonly output?: TOutput;
  /** The expected cost, published as `_meta["portcullis/weight"]`. */
  readonly weight: ToolWeight;
  /** MCP annotations (hints). */
  readonly annotations?: ToolAnnotations;
  /** `tool` when omitted. */
  readonly kind?: TKind;
  /** When true, `run` receives a fresh artifact registry for every served call. */
  readonly registryAware?: TRegistryAware;
  /**
   * For an orchestrator only: the names of the catalog tools its descendants may dispatch. The
   * catalog refuses a name it does not hold; the dispatcher seals the set at run time.
   */
  readonly scope?: readonly string[];
  /**
   * This tool's guardrails, run by the dispatcher after its own at each stage: admission guardrails
   * judge the consumer, input guardrails the admitted input (typed from `input`), output guardrails
   * what `run` returned (typed from `output`). Each is `{ name, judge }` with a non-empty name.
   */
  readonly guardrails?: ToolGuardrails<Static<TInput>, OutputOf<TOutput>>;
  /** The tool's body: the admitted input, typed from `input` (`bigint` for `Int64`). */
  run(
    input: Static<TInput>,
    context: ContextFor<TKind, TRegistryAware>,
  ): OutputOf<TOutput> | Promise<OutputOf<TOutput>>;
}

/** The brand that marks a value as a definition; `Symbol.for` so copies of this package agree. */
const DEFINITION_BRAND: unique symbol = Symbol.for('@portcullis/catalog/tool-definition');

/**
 * An exposable tool definition: what {@link defineTool} returns and a catalog accepts, explicitly
 * or by scanning a module's exports. Its identity is the object: the same definition reached twice
 * is one catalog entry. Nothing is validated here; the catalog validates everything at build, so a
 * fault is reported with the module it came from.
 */
export interface ToolDefinition<
  TInput extends TSchema = TSchema,
  TOutput extends TSchema | undefined = TSchema | undefined,
  TKind extends ToolKind = ToolKind,
  TRegistryAware extends boolean = boolean,
> {
  readonly [DEFINITION_BRAND]: true;
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly input: TInput;
  readonly output?: TOutput;
  readonly weight: ToolWeight;
  readonly annotations?: ToolAnnotations;
  readonly kind: TKind;
  readonly registryAware: TRegistryAware;
  readonly scope?: readonly string[];
  readonly guardrails?: ToolGuardrails<Static<TInput>, OutputOf<TOutput>>;
  run(
    input: Static<TInput>,
    context: ContextFor<TKind, TRegistryAware>,
  ): OutputOf<TOutput> | Promise<OutputOf<TOutput>>;
}

/** Any definition, whatever its schemas and kind. */
export type AnyToolDefinition = ToolDefinition<TSchema, TSchema | undefined, ToolKind, boolean>;

/**
 * A frozen copy of the guardrail grouping and of each stage's list, so nothing pushed onto the
 * author's arrays after the catalog checked them reaches the dispatcher. Anything that is not an
 * object of arrays, or that throws when it is read (a getter, a proxy trap), is kept as given, for
 * the catalog to refuse with its module named: `defineTool` never throws on what it copies.
 */
function freezeGuardrails(guardrails: unknown): unknown {
  if (typeof guardrails !== 'object' || guardrails === null || Array.isArray(guardrails)) {
    return guardrails;
  }
  try {
    const copy: Record<string, unknown> = {};
    for (const [stage, list] of Object.entries(guardrails)) {
      // Defined, not assigned: a stage named `__proto__` stays a key the catalog can refuse.
      Object.defineProperty(copy, stage, {
        value: Array.isArray(list) ? Object.freeze([...list]) : list,
        enumerable: true,
      });
    }
    return Object.freeze(copy);
  } catch {
    return guardrails;
  }
}

/** A frozen copy of an orchestrator's scope, or the scope as given when reading it throws. */
function freezeScope(scope: unknown): unknown {
  try {
    return Array.isArray(scope) ? Object.freeze([...scope]) : scope;
  } catch {
    return scope;
  }
}

/**
 * Declares a tool. Returns a frozen definition that a module exports (for a scan) or a list hands
 * to `createCatalog({ tools })`. `kind` defaults to `tool` and `registryAware` to false. `run` and
 * the guardrails are typed from the schemas: the input is `Static<typeof input>`, the context
 * depends on the kind.
 */
export function defineTool<
  const TInput extends TSchema,
  const TOutput extends TSchema | undefined = undefined,
  const TKind extends ToolKind = 'tool',
  const TRegistryAware extends boolean = false,
>(
  spec: ToolSpec<TInput, TOutput, TKind, TRegistryAware>,
): ToolDefinition<TInput, TOutput, TKind, TRegistryAware> {
  const definition = {
    ...spec,
    kind: spec.kind ?? 'tool',
    registryAware: spec.registryAware ?? false,
    ...(spec.scope === undefined ? {} : { scope: freezeScope(spec.scope) }),
    ...(spec.guardrails === undefined ? {} : { guardrails: freezeGuardrails(spec.guardrails) }),
    [DEFINITION_BRAND]: true,
  };
  return Object.freeze(definition) as ToolDefinition<TInput, TOutput, TKind, TRegistryAware>;
}

/** True when `value` was made by {@link defineTool} (by this or another copy of the package). */
export function isToolDefinition(value: unknown): value is AnyToolDefinition {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return (value as { [DEFINITION_BRAND]?: unknown })[DEFINITION_BRAND] === true;
  } catch {
    // A revoked proxy or a throwing getter is not a definition; a guard answers, it never throws.
    return false;
  }
}
