import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { quote } from './quote.ts';

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

/** TypeScript declaration files: never a module with exports, whatever endings a scan accepts. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isModuleFile(plan: ScanPlan, name: string): boolean {
  return (
    !name.startsWith('.') &&
    !DECLARATION_FILE.test(name) &&
    plan.extensions.some((extension) => name.endsWith(extension))
  );
}

async function listModules(
  plan: ScanPlan,
  directory: string,
  visited: Set<string>,
  found: string[],
): Promise<void> {
  let entries: Dirent[];
  try {
    // A directory reached twice (a symbolic link back up the tree) is walked once, so a loop ends.
    const real = await realpath(directory);
    if (visited.has(real)) return;
    visited.add(real);
    entries = await readdir(directory, { withFileTypes: true });
  } catch (cause) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.SCAN_FAILED,
      `The scan for tools cannot read the directory ${quote(directory, Number.POSITIVE_INFINITY)}. Check that it exists and is readable; the cause says why.`,
      { cause },
    );
  }
  entries.sort((a, b) => compareCodeUnits(a.name, b.name));
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
        await listModules(plan, path, visited, found);
      }
    } else if (isFile && isModuleFile(plan, entry.name)) {
      found.push(path);
    }
  }
}

/**
 * Imports every module file under the plan's directory, in code-unit order of their
 * `/`-separated relative paths, and returns every export of each. A file that is not a module by
 * its ending, a declaration file (`.d.ts`) and a file or directory whose name starts with `.` are
 * not read; `node_modules` is not entered; a directory reached again through a symbolic link is
 * not walked twice. A module that cannot be imported is a SCAN_FAILED naming it, with the import
 * error as cause.
 */
export async function scanExports(plan: ScanPlan): Promise<ScannedExport[]> {
  const found: string[] = [];
  await listModules(plan, plan.directory, new Set(), found);
  const modules = found
    .map((module) => ({
      module,
      relativeModule: relative(plan.directory, module).split(sep).join('/'),
    }))
    .sort((a, b) => compareCodeUnits(a.relativeModule, b.relativeModule));
  const exports: ScannedExport[] = [];
  for (const { module, relativeModule } of modules) {
    let namespace: Record<string, unknown>;
    try {
      namespace = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    } catch (cause) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.SCAN_FAILED,
        `The scan for tools cannot import module ${quote(relativeModule, Number.POSITIVE_INFINITY)}. Fix the module; the cause is the import error.`,
        { module, cause },
      );
    }
    for (const exportName of Object.keys(namespace).sort(compareCodeUnits)) {
      exports.push({ module, relativeModule, exportName, value: namespace[exportName] });
    }
  }
  return exports;
}
