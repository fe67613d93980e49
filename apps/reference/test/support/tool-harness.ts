/**
 * Runs the document tools straight from their catalog, without a server: the context a server
 * would build (signal, progress, log, consumer, dispatch into the same signal, a fresh artifact
 * registry), so each tool's own rules are tested apart from the gate and the transport.
 */
import { join } from 'node:path';
import { type Catalog, createCatalog } from '@portcullis/catalog';
import { createArtifactRegistry } from '@portcullis/dispatcher';
import { CorpusIndex } from '../../src/corpus/corpus-index.ts';
import type { CorpusRepository } from '../../src/corpus/repository.ts';
import { DOCUMENT_ARTIFACT } from '../../src/tools/document-artifact.ts';
import { type DocumentTools, documentTools } from '../../src/tools/index.ts';
import type { DocumentServices } from '../../src/tools/services.ts';
import { SurveyMonitor } from '../../src/tools/survey-monitor.ts';
import { tempDir } from './temp.ts';

/** A fixed clock: 2025-01-01T00:00:00Z, after every generated modification time. */
export const NOW = Date.UTC(2025, 0, 1);

export interface Harness<TIndex extends CorpusRepository = CorpusIndex> {
  readonly catalog: Catalog;
  /** The names read from the definitions: the exposed tools and the read-only ones among them. */
  readonly tools: Pick<DocumentTools, 'exposed' | 'readOnly'>;
  readonly services: DocumentServices & { readonly index: TIndex };
  readonly progress: { progress: number; total?: number; message?: string }[];
  call(
    name: string,
    input: Record<string, unknown>,
    options?: { signal?: AbortSignal; consumer?: string },
  ): Promise<unknown>;
  close(): void | Promise<void>;
}

/** Opens an index over `root` (synced), builds the catalog and returns a caller of its tools. */
export async function openHarness(
  root: string,
  options: { surveyPaceMs?: number } = {},
): Promise<Harness> {
  const index = CorpusIndex.open(root, join(tempDir(), 'index.sqlite'));
  await index.sync();
  return harnessOver(index, options);
}

/** A caller of the document tools over a corpus already opened and synced (SQLite or PostgreSQL). */
export function harnessOver<TIndex extends CorpusRepository>(
  index: TIndex,
  options: { surveyPaceMs?: number } = {},
): Harness<TIndex> {
  const services: DocumentServices & { readonly index: TIndex } = {
    index,
    now: () => NOW,
    surveys: new SurveyMonitor(),
    surveyPaceMs: options.surveyPaceMs ?? 0,
  };
  const tools = documentTools(services);
  const catalog = createCatalog({ tools: tools.all });
  const progress: Harness<TIndex>['progress'] = [];

  const call: Harness<TIndex>['call'] = async (name, input, callOptions = {}) => {
    const entry = catalog.get(name);
    if (entry === undefined) throw new Error(`no tool ${name}`);
    const signal = callOptions.signal ?? new AbortController().signal;
    const context = {
      signal,
      consumer: callOptions.consumer ?? 'admin',
      invokedAsTool: true,
      reportProgress: (value: number, total?: number, message?: string) => {
        progress.push({
          progress: value,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
        });
      },
      log: () => {},
      dispatch: (tool: string, childInput: Record<string, unknown>) =>
        call(tool, childInput, { signal, consumer: callOptions.consumer ?? 'admin' }),
      registry: createArtifactRegistry([DOCUMENT_ARTIFACT]),
    };
    signal.throwIfAborted();
    return (entry.definition.run as (input: unknown, context: unknown) => unknown)(input, context);
  };

  return {
    catalog,
    tools: { exposed: tools.exposed, readOnly: tools.readOnly },
    services,
    progress,
    call,
    close: () => index.close(),
  };
}
