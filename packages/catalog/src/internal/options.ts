import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import type { Candidate } from './origin.ts';
import { listed } from './quote.ts';

function refuse(message: string, cause?: unknown): CatalogError {
  return new CatalogError(
    CATALOG_ERROR_CODES.INVALID_OPTIONS,
    message,
    cause === undefined ? {} : { cause },
  );
}

/** The INVALID_OPTIONS of options that throw when they are read (a getter, a proxy trap). */
function unreadable(entry: 'createCatalog' | 'scanCatalog', cause: unknown): CatalogError {
  return refuse(
    `The options of \`${entry}\` throw when they are read. Pass a plain object and a plain array of tools; the cause is what they threw.`,
    cause,
  );
}

/**
 * The options object given to `entry`, refused with INVALID_OPTIONS when it is not an object or
 * holds a key outside `accepted` (a `scan` given to `createCatalog` would otherwise be dropped
 * silently, and the tools it should have found with it).
 */
export function optionsOf(
  options: unknown,
  entry: 'createCatalog' | 'scanCatalog',
  accepted: readonly string[],
): Readonly<Record<string, unknown>> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw refuse(`The options of \`${entry}\` must be an object.`);
  }
  let keys: string[];
  let values: unknown[];
  try {
    const record = options as Readonly<Record<string, unknown>>;
    keys = Object.keys(options);
    values = accepted.map((key) => (Object.hasOwn(record, key) ? record[key] : undefined));
  } catch (cause) {
    throw unreadable(entry, cause);
  }
  const undeclared = keys.filter((key) => !accepted.includes(key));
  if (undeclared.length > 0) {
    const scan =
      entry === 'createCatalog' && undeclared.includes('scan')
        ? ' Scan a directory with `scanCatalog`.'
        : '';
    throw refuse(
      `The options of \`${entry}\` have ${undeclared.length} undeclared ${undeclared.length === 1 ? 'property' : 'properties'}, and it takes only ${listed(accepted)}.${scan}`,
    );
  }
  return Object.fromEntries(accepted.map((key, index) => [key, values[index]]));
}

/** The candidates of a `tools` option, each with its list position; anything but an array is refused. */
export function explicitCandidates(
  tools: unknown,
  entry: 'createCatalog' | 'scanCatalog',
): Candidate[] {
  if (!Array.isArray(tools)) {
    throw refuse(`The \`tools\` option of \`${entry}\` must be an array of tool definitions.`);
  }
  let values: unknown[];
  try {
    values = Array.from({ length: tools.length }, (_, index) => tools[index]);
  } catch (cause) {
    throw unreadable(entry, cause);
  }
  return values.map((value, index) => ({ value, origin: { source: 'explicit', index } }));
}
