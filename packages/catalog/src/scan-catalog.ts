import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog, ToolOrigin } from './catalog.ts';
import type { AnyToolDefinition } from './define-tool.ts';
import { isToolDefinition } from './define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from './errors.ts';
import { buildCatalog } from './internal/build.ts';
import { explicitCandidates, optionsOf } from './internal/options.ts';
import type { Candidate } from './internal/origin.ts';
import { scanExports } from './internal/scan.ts';

/** The module endings a scan imports by default: what a built app's directory holds. */
export const DEFAULT_SCAN_EXTENSIONS: readonly string[] = Object.freeze(['.js', '.mjs']);

/** What {@link scanCatalog} adds to the directory, and how it walks it. */
export interface ScanOptions {
  /** Definitions given directly, in order; they come before the scanned ones. */
  readonly tools?: readonly AnyToolDefinition[];
  /**
   * File endings imported as modules; default {@link DEFAULT_SCAN_EXTENSIONS}. Every other file, a
   * hidden file (name starting with `.`) and a declaration file (`.d.ts`) is not read.
   */
  readonly extensions?: readonly string[];
  /**
   * Whether to descend into subdirectories (never `node_modules` or dot-directories, each directory
   * once however many symbolic links reach it); default true.
   */
  readonly recursive?: boolean;
}

/** The directory a scan names, absolute; anything but a non-empty path or a `file:` URL is refused. */
function directoryOf(location: unknown): string {
  let cause: unknown;
  try {
    if (location instanceof URL || (typeof location === 'string' && location.startsWith('file:'))) {
      return fileURLToPath(location);
    }
    if (typeof location === 'string' && location !== '') return resolve(location);
  } catch (error) {
    cause = error;
  }
  throw new CatalogError(
    CATALOG_ERROR_CODES.SCAN_FAILED,
    'The scan for tools needs a directory given as a non-empty path or a `file:` URL.',
    cause === undefined ? {} : { cause },
  );
}

async function scan(directory: unknown, options: unknown): Promise<Catalog> {
  const given = optionsOf(options, 'scanCatalog', ['tools', 'extensions', 'recursive']);
  const explicit =
    given['tools'] === undefined ? [] : explicitCandidates(given['tools'], 'scanCatalog');
  const declaredExtensions = given['extensions'] ?? DEFAULT_SCAN_EXTENSIONS;
  const recursive = given['recursive'] ?? true;
  let extensions: unknown[] | undefined;
  let cause: unknown;
  try {
    extensions = Array.isArray(declaredExtensions) ? Array.from(declaredExtensions) : undefined;
  } catch (error) {
    cause = error;
  }
  if (
    extensions === undefined ||
    !extensions.every((ending): ending is string => typeof ending === 'string')
  ) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_OPTIONS,
      'The `extensions` option of `scanCatalog` must be an array of file endings such as `.js`.',
      cause === undefined ? {} : { cause },
    );
  }
  if (typeof recursive !== 'boolean') {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_OPTIONS,
      'The `recursive` option of `scanCatalog` must be a boolean.',
    );
  }
  const exports = await scanExports({ directory: directoryOf(directory), extensions, recursive });
  const scanned: Candidate[] = [];
  for (const { module, relativeModule, exportName, value } of exports) {
    if (!isToolDefinition(value)) continue;
    const origin: ToolOrigin = { source: 'scan', module, relativeModule, exportName };
    scanned.push({ value, origin });
  }
  return buildCatalog([...explicit, ...scanned]);
}

/**
 * Builds a catalog from the definitions a directory's modules export, after the `tools` given
 * directly, and resolves with it. Every `.js`/`.mjs` module under `directory` (a non-empty path,
 * resolved against the working directory, or a `file:` URL) is imported, recursively and in
 * code-unit order of relative paths, and every export made by `defineTool` joins the catalog;
 * other exports and other files are ignored. Rejects with a {@link CatalogError}: SCAN_FAILED for
 * a location that is not a path or `file:` URL, an unreadable directory or a module that fails to
 * import, and otherwise every fault `createCatalog` refuses, naming the module a definition came
 * from. The same definition object reached more than once (listed and scanned, or exported twice)
 * is one entry.
 */
export function scanCatalog(directory: string | URL, options: ScanOptions = {}): Promise<Catalog> {
  // Every fault, even of the arguments, is a rejection: a promise-returning function never throws.
  return Promise.resolve().then(() => scan(directory, options));
}
