import { expect } from 'vitest';
import {
  type CancelReason,
  DISPATCH_REFUSAL_TEXTS,
  type Dispatcher,
  type JobContext,
  type JobOutcome,
} from '../src/index.ts';

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

/** The bookkeeping of a dispatcher that holds nothing. */
export const EMPTY = {
  workflows: 0,
  jobs: 0,
  running: 0,
  queued: 0,
  draining: 0,
  timers: 0,
  reportListeners: 0,
};

/** The outcome of a job cancelled with `reason`. */
export function cancelled(reason: CancelReason): JobOutcome {
  return {
    status: 'refused',
    refusal: {
      code: 'CANCELLED',
      reason,
      text: DISPATCH_REFUSAL_TEXTS.cancelled[reason],
      correctable: false,
    },
  };
}

/** Lets pending callbacks run, then asserts the dispatcher holds nothing. */
export async function expectEmpty(dispatcher: Dispatcher): Promise<void> {
  await flush();
  expect(dispatcher.stats()).toEqual(EMPTY);
}
