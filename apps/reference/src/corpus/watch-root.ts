/**
 * Keeps the index in line with the files while the app runs: a recursive `fs.watch` on the root
 * schedules a sync shortly after any change (a burst of events is one sync), and a slow poll
 * catches what a watcher can miss (some file systems report nothing). `stop()` ends both and
 * waits for a sync in progress.
 */
import { type FSWatcher, watch } from 'node:fs';
import type { SyncReport } from './corpus-index.ts';
import type { CorpusRepository } from './repository.ts';

/** How long after the last file event a sync starts. */
export const WATCH_DEBOUNCE_MS = 150;

/** How often the root is checked without an event. */
export const POLL_INTERVAL_MS = 30_000;

/** A running watch; `stop` is idempotent. */
export interface RootWatch {
  stop(): Promise<void>;
}

/** Watches `index.root`; `onError` hears a sync or watcher failure (the watch goes on polling). */
export function watchRoot(
  index: CorpusRepository,
  options: {
    readonly debounceMs?: number;
    readonly pollMs?: number;
    readonly onError?: (error: unknown) => void;
    readonly onSync?: (report: SyncReport) => void;
  } = {},
): RootWatch {
  const onError = options.onError ?? (() => {});
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const sync = () => {
    timer = undefined;
    if (stopped) return;
    index.sync().then(
      (report) => options.onSync?.(report),
      (error: unknown) => {
        if (!stopped) onError(error);
      },
    );
  };
  const schedule = () => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(sync, options.debounceMs ?? WATCH_DEBOUNCE_MS);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(index.root, { recursive: true, persistent: false }, schedule);
    watcher.on('error', (error) => {
      onError(error);
      watcher?.close();
    });
  } catch (error) {
    onError(error);
  }
  const poll = setInterval(schedule, options.pollMs ?? POLL_INTERVAL_MS);
  poll.unref();
  return {
    async stop() {
      stopped = true;
      watcher?.close();
      clearInterval(poll);
      if (timer !== undefined) clearTimeout(timer);
      await index.idle();
    },
  };
}
