import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type JsonObject, SchemaDefectError } from '@portcullis/schema';
import type { AnyToolDefinition, ToolAnnotations } from './define-tool.ts';
import { isToolDefinition } from './define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from './errors.ts';
import { deepFreeze } from './internal/freeze.ts';
import { publishInput, publishOutput } from './internal/publish.ts';
import { quoteName } from './internal/quote.ts';
import { scanExports } from './internal/scan.ts';
import { KIND_META_KEY, WEIGHT_META_KEY } from './meta.ts';
import { isToolKind, TOOL_KINDS, type ToolKind } from './tool-kind.ts';
import { isValidToolName, TOOL_NAME_MAX_LENGTH } from './tool-name.ts';
import { checkWeight, type ToolWeight } from './weight.ts';

/** Where a catalog entry came from: a position in `tools`, or an export of a scanned module. */
export type ToolOrigin =
  | { readonly source: 'explicit'; readonly index: number }
  | {
      readonly source: 'scan';
      /** Absolute path of the module file. */
      readonly module: string;
      /** The module's path relative to the scanned directory, `/`-separated. */
      readonly relativeModule: string;
      readonly exportName: string;
    };

/** The `_meta` a published tool carries. */
export interface PublishedToolMeta {
  readonly [WEIGHT_META_KEY]: ToolWeight;
  readonly [KIND_META_KEY]: ToolKind;
}

/**
 * A tool as `tools/list` publishes it in the canonical dialect: the MCP `Tool` shape, with the
 * canonical documents as `inputSchema` and `outputSchema`. Other dialects are derived from it.
 */
export interface PublishedTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly annotations?: ToolAnnotations;
  readonly _meta: PublishedToolMeta;
}

/**
 * One tool of a built catalog. The canonical documents are published once, at build, and frozen:
 * the gate judges calls against `canonicalInput`, dialects derive their spellings from it.
 */
export interface CatalogEntry {
  readonly name: string;
  readonly kind: ToolKind;
  readonly weight: ToolWeight;
  /** The definition as declared: its `run` is what a server dispatches. */
  readonly definition: AnyToolDefinition;
  /** The canonical input document (JSON Schema 2020-12, closed objects, `artifact_refs` removed). */
  readonly canonicalInput: JsonObject;
  /** The canonical output document, or `undefined` where none is published (no or non-object output). */
  readonly canonicalOutput: JsonObject | undefined;
  /** The canonical `tools/list` entry. */
  readonly published: PublishedTool;
  readonly origin: ToolOrigin;
}

/**
 * A built catalog: every valid definition it was given, by name, each published once. Holding a
 * tool is not serving it: {@link exposure} chooses what a server serves; the rest stay reachable
 * by dispatch.
 */
export interface Catalog {
  /** Entries in arrival order: explicit tools first, then scanned modules in path order. */
  readonly entries: readonly CatalogEntry[];
  /** The entry named `name` (case-sensitive), if any. */
  get(name: string): CatalogEntry | undefined;
  has(name: string): boolean;
  readonly size: number;
}

/** The directory to scan and how. */
export interface ScanOptions {
  /** A non-empty path (resolved against the working directory) or a `file:` URL. */
  readonly directory: string | URL;
  /**
   * File endings imported as modules; default `['.js', '.mjs']`. Every other file, a hidden file
   * (name starting with `.`) and a declaration file (`.d.ts`) is not read.
   */
  readonly extensions?: readonly string[];
  /**
   * Whether to descend into subdirectories (never `node_modules` or dot-directories, each directory
   * once however many symbolic links reach it); default true.
   */
  readonly recursive?: boolean;
}

/** What a catalog is built from. */
export interface CatalogOptions {
  /** Definitions given directly, in order. */
  readonly tools?: readonly AnyToolDefinition[];
  /** A directory whose modules export definitions (every export made by `defineTool`). */
  readonly scan?: string | URL | ScanOptions | undefined;
}

/** The module endings a scan imports by default: what a built app's directory holds. */
export const DEFAULT_SCAN_EXTENSIONS: readonly string[] = Object.freeze(['.js', '.mjs']);

const DEFINITION_KEYS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'description',
  'input',
  'output',
  'weight',
  'annotations',
  'kind',
  'registryAware',
  'scope',
  'run',
]);

const ANNOTATION_KEYS: Readonly<Record<keyof ToolAnnotations, 'string' | 'boolean'>> = {
  title: 'string',
  readOnlyHint: 'boolean',
  destructiveHint: 'boolean',
  idempotentHint: 'boolean',
  openWorldHint: 'boolean',
};

interface Candidate {
  readonly value: unknown;
  readonly origin: ToolOrigin;
}

function describeOrigin(origin: ToolOrigin): string {
  return origin.source === 'explicit'
    ? `tools[${origin.index}]`
    : `module ${JSON.stringify(origin.relativeModule)}`;
}

function moduleOf(origin: ToolOrigin): { module?: string } {
  return origin.source === 'scan' ? { module: origin.module } : {};
}

function invalid(name: string, origin: ToolOrigin, fault: string): CatalogError {
  return new CatalogError(
    CATALOG_ERROR_CODES.INVALID_DEFINITION,
    `Tool ${quoteName(name)} (${describeOrigin(origin)}) is malformed: ${fault}`,
    { tool: name, ...moduleOf(origin) },
  );
}

function checkName(definition: AnyToolDefinition, origin: ToolOrigin): string {
  const name: unknown = definition.name;
  if (name === undefined || name === null || name === '') {
    const where =
      origin.source === 'explicit'
        ? describeOrigin(origin)
        : `export ${JSON.stringify(origin.exportName)} of ${describeOrigin(origin)}`;
    throw new CatalogError(
      CATALOG_ERROR_CODES.MISSING_NAME,
      `The tool definition at ${where} has no name: every exposable definition needs one`,
      moduleOf(origin),
    );
  }
  if (typeof name !== 'string') {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_NAME,
      `The tool definition at ${describeOrigin(origin)} has a name that is not a string`,
      moduleOf(origin),
    );
  }
  if (!isValidToolName(name)) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_NAME,
      `Tool ${quoteName(name)} (${describeOrigin(origin)}) has an invalid name: an MCP tool name is 1 to ${TOOL_NAME_MAX_LENGTH} characters of A-Z, a-z, 0-9, "_", "-" and "."`,
      { tool: name, ...moduleOf(origin) },
    );
  }
  return name;
}

function checkShape(definition: AnyToolDefinition, name: string, origin: ToolOrigin): void {
  const undeclared = Object.keys(definition).filter((key) => !DEFINITION_KEYS.has(key));
  if (undeclared.length > 0) {
    throw invalid(
      name,
      origin,
      `${undeclared.length} undeclared ${undeclared.length === 1 ? 'property' : 'properties'} (accepted: ${[...DEFINITION_KEYS].join(', ')})`,
    );
  }
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    throw invalid(name, origin, 'description must be a non-empty string');
  }
  if (definition.title !== undefined && typeof definition.title !== 'string') {
    throw invalid(name, origin, 'title must be a string');
  }
  if (typeof definition.run !== 'function') {
    throw invalid(name, origin, 'run must be a function');
  }
  if (!isToolKind(definition.kind)) {
    throw invalid(name, origin, `kind must be one of ${TOOL_KINDS.join(', ')}`);
  }
  if (typeof definition.registryAware !== 'boolean') {
    throw invalid(name, origin, 'registryAware must be a boolean');
  }
  const input: unknown = definition.input;
  if (typeof input !== 'object' || input === null) {
    throw invalid(name, origin, 'input must be a schema');
  }
  const output: unknown = definition.output;
  if (output !== undefined && (typeof output !== 'object' || output === null)) {
    throw invalid(name, origin, 'output must be a schema');
  }
  const annotations: unknown = definition.annotations;
  if (annotations !== undefined) {
    if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) {
      throw invalid(name, origin, 'annotations must be an object');
    }
    for (const [key, value] of Object.entries(annotations)) {
      // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
      const expected = Object.hasOwn(ANNOTATION_KEYS, key)
        ? ANNOTATION_KEYS[key as keyof ToolAnnotations]
        : undefined;
      if (expected === undefined) {
        throw invalid(
          name,
          origin,
          `annotations accept only ${Object.keys(ANNOTATION_KEYS).join(', ')}`,
        );
      }
      if (typeof value !== expected) {
        throw invalid(name, origin, `annotations.${key} must be a ${expected}`);
      }
    }
  }
  const scope: unknown = definition.scope;
  if (scope !== undefined) {
    if (definition.kind !== 'orchestrator') {
      throw invalid(name, origin, 'only an orchestrator declares a scope');
    }
    if (!Array.isArray(scope) || !scope.every((item) => typeof item === 'string')) {
      throw invalid(name, origin, 'scope must be an array of tool names');
    }
  }
}

function unrenderable(
  which: 'input' | 'output',
  name: string,
  origin: ToolOrigin,
  cause: unknown,
): CatalogError {
  let fault = 'the publisher failed (see the cause)';
  if (cause instanceof SchemaDefectError) {
    const at = cause.path === '' ? 'the root' : cause.path;
    const suffix = ` (at ${at})`;
    const said = cause.message.endsWith(suffix)
      ? cause.message.slice(0, -suffix.length)
      : cause.message;
    fault = `${cause.code} at ${at}: ${said}`;
  }
  return new CatalogError(
    CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA,
    `Tool ${quoteName(name)} (${describeOrigin(origin)}) has an ${which} schema the publisher cannot render: ${fault}`,
    { tool: name, ...moduleOf(origin) },
    { cause },
  );
}

function buildEntry(definition: AnyToolDefinition, name: string, origin: ToolOrigin): CatalogEntry {
  checkShape(definition, name, origin);
  const judged = checkWeight(definition.weight);
  if ('fault' in judged) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_WEIGHT,
      `Tool ${quoteName(name)} (${describeOrigin(origin)}) has an invalid weight: ${judged.fault}`,
      { tool: name, ...moduleOf(origin) },
    );
  }
  let canonicalInput: JsonObject;
  let canonicalOutput: JsonObject | undefined;
  try {
    canonicalInput = deepFreeze(publishInput(definition.input));
  } catch (cause) {
    throw unrenderable('input', name, origin, cause);
  }
  try {
    canonicalOutput =
      definition.output === undefined ? undefined : deepFreeze(publishOutput(definition.output));
  } catch (cause) {
    throw unrenderable('output', name, origin, cause);
  }
  const annotations =
    definition.annotations === undefined ? undefined : deepFreeze({ ...definition.annotations });
  const published: PublishedTool = deepFreeze({
    name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    description: definition.description,
    inputSchema: canonicalInput,
    ...(canonicalOutput === undefined ? {} : { outputSchema: canonicalOutput }),
    ...(annotations === undefined ? {} : { annotations }),
    _meta: { [WEIGHT_META_KEY]: judged.weight, [KIND_META_KEY]: definition.kind },
  });
  return Object.freeze({
    name,
    kind: definition.kind,
    weight: judged.weight,
    definition,
    canonicalInput,
    canonicalOutput,
    published,
    origin: Object.freeze({ ...origin }),
  });
}

function build(candidates: readonly Candidate[]): Catalog {
  const seen = new Set<object>();
  const byName = new Map<string, CatalogEntry>();
  for (const { value, origin } of candidates) {
    if (!isToolDefinition(value)) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.INVALID_DEFINITION,
        `The value at ${describeOrigin(origin)} is not a tool definition: declare tools with defineTool`,
        moduleOf(origin),
      );
    }
    if (seen.has(value)) continue;
    seen.add(value);
    const name = checkName(value, origin);
    const claimed = byName.get(name);
    if (claimed !== undefined) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.DUPLICATE_NAME,
        `Tool ${quoteName(name)} is claimed by two definitions: ${describeOrigin(claimed.origin)} and ${describeOrigin(origin)}`,
        { tool: name, ...moduleOf(origin) },
      );
    }
    byName.set(name, buildEntry(value, name, origin));
  }
  for (const entry of byName.values()) {
    for (const scoped of entry.definition.scope ?? []) {
      if (!byName.has(scoped)) {
        throw new CatalogError(
          CATALOG_ERROR_CODES.UNKNOWN_SCOPE_TOOL,
          `Orchestrator ${quoteName(entry.name)} (${describeOrigin(entry.origin)}) scopes tool ${quoteName(scoped)}, which the catalog does not hold`,
          { tool: entry.name, ...moduleOf(entry.origin) },
        );
      }
    }
  }
  const entries = Object.freeze([...byName.values()]);
  return Object.freeze({
    entries,
    get: (name: string) => byName.get(name),
    has: (name: string) => byName.has(name),
    size: entries.length,
  });
}

function explicitCandidates(tools: readonly AnyToolDefinition[] | undefined): Candidate[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_DEFINITION,
      'The tools option must be an array of tool definitions',
    );
  }
  return tools.map((value, index) => ({ value, origin: { source: 'explicit', index } }));
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
    'Scanning for tools failed: the scan directory must be a non-empty path or a file: URL',
    {},
    cause === undefined ? undefined : { cause },
  );
}

async function buildScanned(
  tools: readonly AnyToolDefinition[] | undefined,
  scan: string | URL | ScanOptions,
): Promise<Catalog> {
  const explicit = explicitCandidates(tools);
  const options: Partial<ScanOptions> =
    typeof scan === 'object' && scan !== null && !(scan instanceof URL)
      ? scan
      : { directory: scan };
  const exports = await scanExports({
    directory: directoryOf(options.directory),
    extensions: options.extensions ?? DEFAULT_SCAN_EXTENSIONS,
    recursive: options.recursive ?? true,
  });
  const scanned: Candidate[] = [];
  for (const { module, relativeModule, exportName, value } of exports) {
    if (!isToolDefinition(value)) continue;
    scanned.push({ value, origin: { source: 'scan', module, relativeModule, exportName } });
  }
  return build([...explicit, ...scanned]);
}

/**
 * Builds the catalog, failing fast with a {@link CatalogError} that names the tool (or the module
 * file or list position of a nameless one) and the fault: a missing or invalid name, two
 * definitions claiming one name, a malformed definition or weight, a schema the publisher cannot
 * render, an orchestrator scoping a tool the catalog lacks. The same definition object reached more
 * than once (listed and scanned, or exported twice) is one entry.
 *
 * Without `scan` the build is synchronous. With `scan` it returns a promise: every `.js`/`.mjs`
 * module under the directory (recursively, in code-unit order of relative paths) is imported, and
 * every export made by `defineTool` joins the catalog after the explicit `tools`; other exports and
 * other files are ignored, and a location that is not a path or `file:` URL, an unreadable
 * directory or a module that fails to import is a SCAN_FAILED.
 */
export function createCatalog(
  options: CatalogOptions & { readonly scan: string | URL | ScanOptions },
): Promise<Catalog>;
export function createCatalog(options: CatalogOptions & { readonly scan?: undefined }): Catalog;
export function createCatalog(options: CatalogOptions): Catalog | Promise<Catalog>;
export function createCatalog(options: CatalogOptions): Catalog | Promise<Catalog> {
  const { tools, scan } = options;
  if (scan === undefined) return build(explicitCandidates(tools));
  return buildScanned(tools, scan);
}
