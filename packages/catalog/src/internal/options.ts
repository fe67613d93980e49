import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import type { Candidate } from './origin.ts';
import { listed } from './quote.ts';

function refuse(message: string): CatalogError {
  return new CatalogError(CATALOG_ERROR_CODES.INVALID_OPTIONS, message);
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
  const undeclared = Object.keys(options).filter((key) => !accepted.includes(key));
  if (undeclared.length > 0) {
    const scan =
      entry === 'createCatalog' && undeclared.includes('scan')
        ? ' Scan a directory with `scanCatalog`.'
        : '';
    throw refuse(
      `The options of \`${entry}\` have ${undeclared.length} undeclared ${undeclared.length === 1 ? 'property' : 'properties'}, and it takes only ${listed(accepted)}.${scan}`,
    );
  }
  const record = options as Readonly<Record<string, unknown>>;
  return Object.fromEntries(
    accepted.map((key) => [key, Object.hasOwn(record, key) ? record[key] : undefined]),
  );
}

/** The candidates of a `tools` option, each with its list position; anything but an array is refused. */
export function explicitCandidates(
  tools: unknown,
  entry: 'createCatalog' | 'scanCatalog',
): Candidate[] {
  if (!Array.isArray(tools)) {
    throw refuse(`The \`tools\` option of \`${entry}\` must be an array of tool definitions.`);
  }
  return tools.map((value, index) => ({ value, origin: { source: 'explicit', index } }));
}
