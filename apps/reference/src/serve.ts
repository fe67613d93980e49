/**
 * Serves the opened app over HTTP or stdio through `@portcullis/server`.
 */
import type { ReferenceApp } from './app.ts';
import type { AppArguments } from './arguments.ts';
import { StartupError } from './startup-error.ts';

/** A running host. */
export interface Served {
  /** The MCP endpoint, for HTTP. */
  readonly url?: string;
  /** Resolves when the host ends by itself (stdio: the client closed the stream). */
  readonly closed: Promise<void>;
  /** Stops accepting, cancels every call in flight and closes the connections. */
  close(): Promise<void>;
}

export async function serve(_app: ReferenceApp, _args: AppArguments): Promise<Served> {
  throw new StartupError('The MCP host is not assembled yet.');
}
