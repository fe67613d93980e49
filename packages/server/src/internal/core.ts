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
  /** The tools a consumer may list, in a dialect, in catalog order (empty for no consumer). */
  listFor(consumer: string | undefined, dialect: DialectName): readonly ListedTool[];
  /** True when `consumer` may list and call `tool`. */
  granted(consumer: string | undefined, tool: string): boolean;
}

/** Builds the per-consumer, per-dialect listings once. */
export function listings(
  tools: ReadonlyMap<string, ServedTool>,
  grants: ReadonlyMap<string, ReadonlySet<string>>,
): (consumer: string | undefined, dialect: DialectName) => readonly ListedTool[] {
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
  return (consumer, dialect) =>
    consumer === undefined ? none : (byConsumer.get(consumer)?.[dialect] ?? none);
}
