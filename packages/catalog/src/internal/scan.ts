import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';

/** One export of one scanned module. */
export interface ScannedExport {
  /** Absolute path of the module file. */
  readonly module: string;
  /** The module's path relative to the scanned directory, with `/` separators. */
  readonly relativeModule: string;
  /** The export's name (`default` for the default export). */
  readonly exportName: string;
  readonly value: unknown;
}

/** How to walk a directory: which file endings are modules, and whether to descend. */
export interface ScanPlan {
  readonly directory: string;
  readonly extensions: readonly string[];
  readonly recursive: boolean;
}

async function listModules(plan: ScanPlan, directory: string, found: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (cause) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.SCAN_FAILED,
      `Scanning for tools failed: directory ${JSON.stringify(directory)} could not be read`,
      {},
      { cause },
    );
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(directory, entry.name);
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      isDirectory = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDirectory) {
      if (plan.recursive && !entry.name.startsWith('.') && entry.name !== 'node_modules') {
        await listModules(plan, path, found);
      }
    } else if (isFile && plan.extensions.some((extension) => entry.name.endsWith(extension))) {
      found.push(path);
    }
  }
}

/**
 * Imports every module file under the plan's directory, in code-unit order of their paths, and
 * returns every export of each. A file that is not a module by its ending is not read; a directory
 * whose name starts with `.` or is `node_modules` is not entered. A module that cannot be imported
 * is a SCAN_FAILED naming it, with the import error as cause.
 */
export async function scanExports(plan: ScanPlan): Promise<ScannedExport[]> {
  const modules: string[] = [];
  await listModules(plan, plan.directory, modules);
  const exports: ScannedExport[] = [];
  for (const module of modules) {
    const relativeModule = relative(plan.directory, module).split(sep).join('/');
    let namespace: Record<string, unknown>;
    try {
      namespace = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    } catch (cause) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.SCAN_FAILED,
        `Scanning for tools failed: module ${JSON.stringify(relativeModule)} could not be imported`,
        { module },
        { cause },
      );
    }
    for (const exportName of Object.keys(namespace).sort()) {
      exports.push({ module, relativeModule, exportName, value: namespace[exportName] });
    }
  }
  return exports;
}
