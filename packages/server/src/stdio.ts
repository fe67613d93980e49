/**
 * @portcullis/server/stdio: the stdio host. Any new export added here becomes public API;
 * `test/exports.test.ts` pins the surface.
 */
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';
import { DEFAULT_MAX_BODY_BYTES } from './http-texts.ts';
import { type LineInput, type LineOutput, LineTransport } from './internal/line-transport.ts';
import type { ToolServer } from './tool-server.ts';

export type { LineInput, LineOutput };

/** How the stdio host runs. */
export interface ServeStdioOptions {
  /** The consumer every request comes from: whoever started the process. */
  readonly consumer: string;
  /** The dialect of every request that names none itself. */
  readonly dialect?: string;
  /** Where messages come from (default `process.stdin`). */
  readonly input?: LineInput;
  /** Where messages go (default `process.stdout`); nothing else may write there. */
  readonly output?: LineOutput;
  /** The longest line read, in bytes (default 4 MiB); a longer one is answered and skipped. */
  readonly maxLineBytes?: number;
}

/** A running stdio host. */
export interface StdioHost {
  /** Resolves when the input has ended (or the host was closed) and every call was cancelled. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves a tool server on standard input and output, one message per line, as `consumer`. When the
 * input ends, every call in flight is cancelled as a whole.
 */
export async function serveStdio(
  server: ToolServer,
  options: ServeStdioOptions,
): Promise<StdioHost> {
  if (typeof options?.consumer !== 'string' || options.consumer === '') {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'The option `consumer` must name the stdio consumer.',
      {
        option: 'consumer',
      },
    );
  }
  const limit = options.maxLineBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(limit) || limit <= 0) {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'The option `maxLineBytes` must be a positive whole number of bytes.',
      {
        option: 'maxLineBytes',
      },
    );
  }
  const transport = new LineTransport(
    options.input ?? process.stdin,
    options.output ?? process.stdout,
    limit,
  );
  let ended!: () => void;
  const closed = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const connection = await server.connect(transport, {
    consumer: options.consumer,
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
  });
  const previous = transport.onclose;
  transport.onclose = () => {
    previous?.();
    ended();
  };
  return {
    closed,
    async close() {
      await connection.close();
      await closed;
    },
  };
}
