/**
 * The context a tool's `run` receives. The catalog declares it structurally and depends on nothing
 * that builds it: the server assembles it from the dispatcher's job context for each call. Only
 * what a tool needs to cooperate is here; everything else (guardrails, admission, refs) happens
 * around it.
 *
 * `TOOL_LOG_LEVELS` and `ToolArtifactRegistry` mirror the dispatcher's `LOG_LEVELS` and
 * `ArtifactRegistry`, because the catalog may not import the dispatcher. The dispatcher's
 * declarations are the source of truth (it enforces them at run time), and
 * `tooling/repo-checks/test/seams.test.ts` proves the two agree.
 */

/**
 * MCP logging severities (RFC 5424 names, as `notifications/message` spells them), lowest first.
 * Mirrors the dispatcher's `LOG_LEVELS`.
 */
export const TOOL_LOG_LEVELS = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const);

/** One of {@link TOOL_LOG_LEVELS}. */
export type ToolLogLevel = (typeof TOOL_LOG_LEVELS)[number];

/** What every tool receives, whatever its kind. */
export interface ToolContext {
  /**
   * Aborted when the call's workflow is cancelled (timeout, `notifications/cancelled`, the consumer
   * gone). Cancellation is cooperative: a tool checks it or passes it on to what it awaits.
   */
  readonly signal: AbortSignal;
  /**
   * Reports progress; the server forwards it as `notifications/progress` when the request asked for
   * it and drops it otherwise. `progress` should increase from call to call.
   */
  reportProgress(progress: number, total?: number, message?: string): void;
  /**
   * Logs a message; the server forwards it as `notifications/message` at or above the consumer's
   * level.
   */
  log(level: ToolLogLevel, message: string, data?: unknown): void;
  /** The consumer name the host resolved: the one every guardrail on this call judges. */
  readonly consumer: string;
  /**
   * True when an outside consumer called this tool directly (the server's call handler ran it),
   * false when a thinker or an orchestrator dispatched it. A thinker reads it to tell a consumer's
   * question from a step of someone else's plan.
   */
  readonly invokedAsTool: boolean;
}

/**
 * What a thinker or an orchestrator receives besides the {@link ToolContext}: a door to the
 * dispatcher, whose sub-jobs join this call's workflow (so they die with it) and, under an
 * orchestrator with a scope, are refused outside that sealed set.
 */
export interface DispatchingContext extends ToolContext {
  /** Runs the catalog tool `toolName` with `input` as a sub-job and resolves with its output. */
  dispatch(toolName: string, input: Readonly<Record<string, unknown>>): Promise<unknown>;
}

/**
 * The artifact registry a registry-aware tool receives, fresh for each served call. It is the
 * structural face of `@portcullis/dispatcher`'s `ArtifactRegistry` (the source of truth, which the
 * server hands over as is, and which must stay assignable to this one): an
 * artifact is an object of a registered artifact type carrying a `ref` that starts `null`;
 * registering mints the ref (`alias:id`, the alias being the artifact type's) and stamps it on the
 * artifact.
 */
export interface ToolArtifactRegistry {
  /** Registers `artifact` (minting and stamping its ref when it has none) and returns the ref. */
  register(artifact: { ref: string | null }): string;
  /** The artifact a ref names in this registry, if any. */
  resolve(ref: string): object | undefined;
}

/** What a registry-aware tool receives besides its kind's context. */
export interface RegistryContext {
  /** The call's artifact registry. */
  readonly registry: ToolArtifactRegistry;
}
