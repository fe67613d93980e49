/**
 * Opens everything the server is built from, in order, each failure one clear sentence: the data
 * folder, the documents root and its index, the catalog of document tools, the consumers file
 * (written with fresh tokens on a first start without `--config`, granting what the catalog
 * exposes), then the index's first sync and its watch. The corpus is the embedded SQLite index, or
 * PostgreSQL when `database` names one.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Catalog, createCatalog, type Exposure, exposure } from '@portcullis/catalog';
import { type AppConfig, defaultConfig, parseConfig } from './config.ts';
import { CorpusIndex, IndexOpenError, type SyncReport } from './corpus/corpus-index.ts';
import { PostgresCorpus, PostgresOpenError } from './corpus/postgres-corpus.ts';
import type { CorpusRepository } from './corpus/repository.ts';
import { type RootWatch, watchRoot } from './corpus/watch-root.ts';
import { StartupError } from './startup-error.ts';
import { type DocumentTools, documentTools } from './tools/index.ts';
import type { DocumentServices } from './tools/services.ts';
import { SurveyMonitor } from './tools/survey-monitor.ts';

/** How long a survey sub-agent spends on each document by default. */
export const DEFAULT_SURVEY_PACE_MS = 250;

/** What {@link openReferenceApp} is given. */
export interface ReferenceAppOptions {
  readonly root: string;
  readonly data: string;
  /** The consumers file; without it `<data>/config.json` is used, and written on a first start. */
  readonly config?: string;
  /** A PostgreSQL connection string: the corpus lives there (migrated at start) instead of in SQLite. */
  readonly database?: string;
  readonly surveyPaceMs?: number;
  readonly now?: () => number;
  /** Where notes for the operator go (a sync failure, a watcher problem); default stderr. */
  readonly note?: (line: string) => void;
  /** Options of the root watch (tests shorten the debounce). */
  readonly watch?: { readonly debounceMs?: number; readonly pollMs?: number };
}

/** The opened parts of the app. */
export interface ReferenceApp {
  readonly config: AppConfig;
  /** Where the consumers file is. */
  readonly configFile: string;
  /** The tokens minted by this start (a first start without `--config`); shown once, stored nowhere. */
  readonly mintedTokens?: { readonly admin: string; readonly reader: string };
  /** The corpus: the embedded SQLite index, or PostgreSQL with `database`. */
  readonly index: CorpusRepository;
  readonly firstSync: SyncReport;
  readonly services: DocumentServices;
  readonly catalog: Catalog;
  readonly exposure: Exposure;
  /** Stops the watch, waits for a sync in progress and closes the database. Idempotent. */
  close(): Promise<void>;
}

function readConfig(file: string, exposed: readonly string[]): AppConfig {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new StartupError(
      `The config file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const parsed = parseConfig(bytes, exposed);
  if (!parsed.ok)
    throw new StartupError(`The config file ${file} is invalid: ${parsed.refusal.text}`);
  return parsed.value;
}

/** Reads the default config, or writes a fresh one (exclusively, so two first starts cannot both win). */
function defaultConfigIn(
  data: string,
  exposed: readonly string[],
  readOnly: readonly string[],
): {
  config: AppConfig;
  file: string;
  minted?: { admin: string; reader: string };
} {
  const file = join(data, 'config.json');
  const fresh = defaultConfig(readOnly);
  try {
    writeFileSync(file, fresh.text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new StartupError(
        `The config file ${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
    return { config: readConfig(file, exposed), file };
  }
  return { config: readConfig(file, exposed), file, minted: fresh.tokens };
}

/** The database file of a root: one per root, so switching `--root` keeps each root's tags. */
export function databaseFileFor(data: string, root: string): string {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return join(data, `index-${key}.sqlite`);
}

/** Opens the app's parts; throws {@link StartupError} with one sentence when one cannot be opened. */
export async function openReferenceApp(options: ReferenceAppOptions): Promise<ReferenceApp> {
  const note = options.note ?? ((line: string) => process.stderr.write(`${line}\n`));
  const data = resolve(options.data);
  try {
    mkdirSync(data, { recursive: true });
  } catch (error) {
    throw new StartupError(
      `The data folder ${data} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  let root: string;
  try {
    root = realpathSync(resolve(options.root));
  } catch {
    throw new StartupError(
      `The documents root ${resolve(options.root)} is not a readable directory.`,
    );
  }
  let index: CorpusRepository;
  try {
    index =
      options.database === undefined
        ? CorpusIndex.open(root, databaseFileFor(data, root))
        : await PostgresCorpus.open(root, options.database);
  } catch (error) {
    if (error instanceof IndexOpenError || error instanceof PostgresOpenError) {
      throw new StartupError(error.message);
    }
    throw error;
  }
  const services: DocumentServices = {
    index,
    now: options.now ?? Date.now,
    surveys: new SurveyMonitor(),
    surveyPaceMs: options.surveyPaceMs ?? DEFAULT_SURVEY_PACE_MS,
  };
  let tools: DocumentTools;
  let catalog: Catalog;
  let opened: ReturnType<typeof defaultConfigIn>;
  try {
    tools = documentTools(services);
    catalog = createCatalog({ tools: tools.all });
    opened =
      options.config === undefined
        ? defaultConfigIn(data, tools.exposed, tools.readOnly)
        : {
            config: readConfig(resolve(options.config), tools.exposed),
            file: resolve(options.config),
          };
  } catch (error) {
    await index.close();
    throw error;
  }
  const { config, file, minted } = opened;
  let firstSync: SyncReport;
  try {
    firstSync = await index.sync();
  } catch (error) {
    await index.close();
    throw new StartupError(
      `The documents under ${root} cannot be indexed (${(error as Error).message}).`,
    );
  }
  const watch: RootWatch = watchRoot(index, {
    ...options.watch,
    onError: (error) =>
      note(`The documents root could not be re-indexed: ${(error as Error).message}`),
  });
  let closing: Promise<void> | undefined;
  return {
    config,
    configFile: file,
    ...(minted === undefined ? {} : { mintedTokens: minted }),
    index,
    firstSync,
    services,
    catalog,
    exposure: exposure(catalog, tools.exposed),
    close() {
      closing ??= watch.stop().then(() => index.close());
      return closing;
    },
  };
}
