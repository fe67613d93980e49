import type { JobContext } from '../src/index.ts';

/** A promise with its resolve and reject in hand. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles when the job's signal aborts, with the word `aborted`: a cooperative leaf. */
export function untilAborted(context: JobContext<unknown>): Promise<string> {
  return new Promise((resolve) => {
    if (context.signal.aborted) resolve('aborted');
    else context.signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

/** Lets every pending microtask and I/O callback run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
