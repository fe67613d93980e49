import { performance } from 'node:perf_hooks';

/** One asynchronous contender: `fn` is awaited once per operation. */
export interface AsyncContender {
  readonly name: string;
  readonly fn: () => Promise<unknown>;
}

export interface AsyncRow {
  readonly name: string;
  readonly nsPerOp: number;
  /** Baseline ns/op divided by this one's: below 1 is slower than the baseline. */
  readonly ratio: number;
}

async function round(fn: () => Promise<unknown>, roundMs: number): Promise<number> {
  let calls = 0;
  let batch = 64;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < roundMs) {
    for (let i = 0; i < batch; i++) await fn();
    calls += batch;
    elapsed = performance.now() - start;
    if (batch < 1 << 14) batch *= 2;
  }
  return (elapsed * 1e6) / calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The asynchronous counterpart of `compare` from `@portcullis/bench`: the baseline and every
 * contender awaited one operation at a time, in interleaved rounds, medians reported.
 */
export async function compareAsync(
  title: string,
  baseline: AsyncContender,
  contenders: readonly AsyncContender[],
  rounds = 9,
  roundMs = 200,
): Promise<AsyncRow[]> {
  const all = [baseline, ...contenders];
  for (const c of all) await round(c.fn, Math.min(roundMs, 100));
  const samples: number[][] = all.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of all.entries()) samples[i]!.push(await round(c.fn, roundMs));
  }
  const ns = samples.map(median);
  const base = ns[0]!;
  const rows = all.map((c, i) => ({ name: c.name, nsPerOp: ns[i]!, ratio: base / ns[i]! }));
  console.log(`\n${title}, median of ${rounds} interleaved rounds, baseline: ${baseline.name}`);
  for (const row of rows) {
    const overhead = (row.nsPerOp - base) / 1000;
    console.log(
      `  ${row.name.padEnd(44)} ${row.nsPerOp.toFixed(0).padStart(8)} ns/op  ratio ${row.ratio.toFixed(3)}x  overhead ${overhead.toFixed(2)} µs`,
    );
  }
  return rows;
}

/** Median of `rounds` samples of an asynchronous measurement that returns its own figures. */
export async function medianOf<TKey extends string>(
  rounds: number,
  sample: () => Promise<Record<TKey, number>>,
): Promise<Record<TKey, number>> {
  const all: Record<TKey, number>[] = [];
  for (let r = 0; r < rounds; r++) all.push(await sample());
  const keys = Object.keys(all[0]!) as TKey[];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((s) => s[k]))])) as Record<
    TKey,
    number
  >;
}
