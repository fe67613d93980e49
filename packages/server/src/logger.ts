/**
 * The server's own log (for operators, never sent to a consumer). Pino-compatible: any object with
 * `info`, `warn` and `error` taking `(fields, message)` will do. What the server logs about a call
 * is its tool, consumer, outcome, duration and the SHAPE of its arguments (how many keys, how many
 * values of each JSON type), never a value.
 */
export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /**
   * Whether a level is logged (pino's method of that name). When it says `info` is off, the server
   * does not build the line it logs for every call; without it, every line is built and handed over.
   */
  isLevelEnabled?(level: 'info' | 'warn' | 'error'): boolean;
}

/** Whether the per-call `info` line is wanted: asked of the logger each time, so a level change holds. */
export function logsInfo(logger: Logger): boolean {
  try {
    if (typeof logger.isLevelEnabled !== 'function') return true;
    return logger.isLevelEnabled('info') !== false;
  } catch {
    return true;
  }
}

/**
 * The operator's logger as the server calls it: a line that cannot be logged (a method that
 * throws, or is missing, as a logger whose transport has ended may do) is dropped, and never fails
 * or changes the call or message it describes. Methods are called on the logger itself (pino's
 * read `this`).
 */
export function guardedLogger(logger: Logger): Logger {
  const write = (level: 'info' | 'warn' | 'error') => (fields: object, message: string) => {
    try {
      logger[level](fields, message);
    } catch {
      // Dropped: see above.
    }
  };
  return {
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    isLevelEnabled: (level) => (level === 'info' ? logsInfo(logger) : true),
  };
}

type Level = 'info' | 'warn' | 'error';

function line(level: Level, fields: object, message: string): string {
  const record: Record<string, unknown> = { level, time: new Date().toISOString() };
  for (const [key, value] of Object.entries(fields)) record[key] = value;
  record.msg = message;
  return `${JSON.stringify(record, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))}\n`;
}

/**
 * The default logger: one JSON object per line on `stream` (standard error by default, so a stdio
 * host's standard output carries protocol messages alone).
 */
export function createJsonLogger(
  stream: { write(chunk: string): unknown } = process.stderr,
): Logger {
  const write = (level: Level) => (fields: object, message: string) => {
    try {
      stream.write(line(level, fields, message));
    } catch {
      // A log line that cannot be written must not fail the call it describes.
    }
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
