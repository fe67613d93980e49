import type { Catalog, CatalogEntry } from './catalog.ts';
import { CATALOG_ERROR_CODES, CatalogError } from './errors.ts';
import { quote } from './internal/quote.ts';

/**
 * The tools a server serves: a subset of a catalog, in catalog order. Tools outside it stay in
 * the catalog (dispatchable by orchestrators and thinkers) but are never listed or called from
 * outside.
 */
export interface Exposure {
  readonly catalog: Catalog;
  readonly entries: readonly CatalogEntry[];
  readonly names: ReadonlySet<string>;
  /** The exposed entry named `name`, or `undefined` when it is not exposed (or not in the catalog). */
  get(name: string): CatalogEntry | undefined;
  has(name: string): boolean;
  readonly size: number;
}

/** Chooses entries of a catalog to expose. */
export type ExposurePredicate = (entry: CatalogEntry) => boolean;

/**
 * The exposure set of `catalog`: the named tools (a single string is one name, never its
 * characters), or the entries for which `select` returns `true` (anything else, a promise
 * included, leaves the entry out). A name the catalog does not hold is an UNKNOWN_TOOL (a misspelt
 * grant would otherwise vanish silently). An empty result is returned as is; {@link assertExposure}
 * is what refuses it, at server start.
 */
export function exposure(
  catalog: Catalog,
  select: string | Iterable<string> | ExposurePredicate,
): Exposure {
  let chosen: CatalogEntry[];
  if (typeof select === 'function') {
    chosen = catalog.entries.filter((entry) => select(entry) === true);
  } else {
    const wanted = new Set<string>();
    for (const name of typeof select === 'string' ? [select] : select) {
      if (!catalog.has(name)) {
        const shown = String(name);
        throw new CatalogError(
          CATALOG_ERROR_CODES.UNKNOWN_TOOL,
          `The exposure names tool ${quote(shown)}, which the catalog does not hold. Expose only tools the catalog holds.`,
          { tool: shown },
        );
      }
      wanted.add(name);
    }
    chosen = catalog.entries.filter((entry) => wanted.has(entry.name));
  }
  const entries = Object.freeze(chosen);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const names: ReadonlySet<string> = new Set(byName.keys());
  return Object.freeze({
    catalog,
    entries,
    names,
    get: (name: string) => byName.get(name),
    has: (name: string) => byName.has(name),
    size: entries.length,
  });
}

/**
 * Refuses an empty exposure with an EMPTY_EXPOSURE: a server that would serve nothing must not
 * start. Returns the exposure unchanged otherwise, for chaining.
 */
export function assertExposure(exposed: Exposure): Exposure {
  if (exposed.size === 0) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.EMPTY_EXPOSURE,
      `The exposure set is empty: none of the catalog's ${exposed.catalog.size} ${exposed.catalog.size === 1 ? 'tool is' : 'tools are'} exposed. Expose at least one, as a server must serve one.`,
    );
  }
  return exposed;
}
