/** What every connection of one tool server shares: built once by `createToolServer`. */
import type { Tracer } from '@opentelemetry/api';
import type { Logger } from '../logger.ts';
import type { InputStates } from './input-state.ts';
import type { ListedTool, ServedTool } from './published.ts';
import type { Catalog, LogLevel } from './siblings/catalog.ts';
import { DIALECT_NAMES, type DialectName } from './siblings/dialects.ts';
import type { ArtifactType, Dispatcher } from './siblings/dispatcher.ts';
import type { RateLimiter } from './siblings/limits.ts';

export interface ServerCore {
  /** Exposed tools by name, in catalog order. */
  readonly tools: ReadonlyMap<string, ServedTool>;
  /** Granted tool names by consumer. */
  readonly grants: ReadonlyMap<string, ReadonlySet<string>>;
  /** Granted tool names by OAuth scope, for a consumer whose verified token holds the scope. */
  readonly scopeGrants: ReadonlyMap<string, ReadonlySet<string>>;
  /** The whole catalog: what a thinker or orchestrator may dispatch. */
  readonly catalog: Catalog;
  readonly dispatcher: Dispatcher;
  readonly callTimeoutMs: number;
  readonly logger: Logger;
  readonly tracer: Tracer;
  readonly artifactTypes: readonly ArtifactType[];
  readonly instructions: string;
  /** Seals and opens the `requestState` of modern calls that asked their client. */
  readonly states: InputStates;
  /** The `ttlMs` of a modern `tools/list`. */
  readonly listTtlMs: number;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** The lowest level sent to a client that has not set one. */
  readonly clientLogLevel: LogLevel;
  /** Checks every granted call before the dispatcher sees it; absent, nothing is limited. */
  readonly rateLimiter: RateLimiter | undefined;
  /**
   * The tools a consumer may list, in a dialect, in catalog order (empty for no consumer): its
   * grants and those of its token's `scopes`.
   */
  listFor(
    consumer: string | undefined,
    dialect: DialectName,
    scopes: readonly string[] | undefined,
  ): readonly ListedTool[];
  /** True when `consumer` may list and call `tool`, by its grants or those of its `scopes`. */
  granted(
    consumer: string | undefined,
    tool: string,
    scopes: readonly string[] | undefined,
  ): boolean;
}

/** Whether `scopes` grant `tool` through `scopeGrants`. */
function scopesGrant(
  scopeGrants: ReadonlyMap<string, ReadonlySet<string>>,
  scopes: readonly string[] | undefined,
  tool: string,
): boolean {
  if (scopes === undefined || scopeGrants.size === 0) return false;
  for (const scope of scopes) if (scopeGrants.get(scope)?.has(tool) === true) return true;
  return false;
}

/** The grant check of {@link ServerCore.granted}. */
export function grantCheck(
  grants: ReadonlyMap<string, ReadonlySet<string>>,
  scopeGrants: ReadonlyMap<string, ReadonlySet<string>>,
): ServerCore['granted'] {
  return (consumer, tool, scopes) =>
    consumer !== undefined &&
    ((grants.get(consumer)?.has(tool) ?? false) || scopesGrant(scopeGrants, scopes, tool));
}

/**
 * Builds the per-consumer, per-dialect listings of `grants` once; a listing that scopes widen is
 * built for its request.
 */
export function listings(
  tools: ReadonlyMap<string, ServedTool>,
  grants: ReadonlyMap<string, ReadonlySet<string>>,
  scopeGrants: ReadonlyMap<string, ReadonlySet<string>>,
): ServerCore['listFor'] {
  const byConsumer = new Map<string, Record<DialectName, readonly ListedTool[]>>();
  for (const [consumer, names] of grants) {
    const lists = {} as Record<DialectName, readonly ListedTool[]>;
    for (const dialect of DIALECT_NAMES) {
      lists[dialect] = Object.freeze(
        [...tools.values()]
          .filter((tool) => names.has(tool.name))
          .map((tool) => tool.dialects[dialect].listed),
      );
    }
    byConsumer.set(consumer, lists);
  }
  const none: readonly ListedTool[] = Object.freeze([]);
  const granted = grantCheck(grants, scopeGrants);
  return (consumer, dialect, scopes) => {
    if (consumer === undefined) return none;
    const widened =
      scopes !== undefined && scopes.some((scope) => scopeGrants.has(scope))
        ? [...tools.values()].filter((tool) => granted(consumer, tool.name, scopes))
        : undefined;
    if (widened === undefined) return byConsumer.get(consumer)?.[dialect] ?? none;
    return widened.map((tool) => tool.dialects[dialect].listed);
  };
}
