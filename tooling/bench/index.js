// @ts-check
import { performance } from 'node:perf_hooks';

/** @type {unknown} */
let sink;

/**
 * Runs `fn` repeatedly for about `roundMs` and returns nanoseconds per call.
 * @param {() => unknown} fn
 * @param {number} roundMs
 */
function round(fn, roundMs) {
  let batch = 1;
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < roundMs) {
    for (let i = 0; i < batch; i++) sink = fn();
    calls += batch;
    elapsed = performance.now() - start;
    if (batch < 1 << 20) batch *= 2;
  }
  return (elapsed * 1e6) / calls;
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? /** @type {number} */ (sorted[mid])
    : /** @type {number} */ (sorted[mid - 1] + /** @type {number} */ (sorted[mid])) / 2;
}

/** @type {import('./index.d.ts').timeOne} */
export function timeOne(fn, rounds = 9, roundMs = 200) {
  round(fn, Math.min(roundMs, 100));
  /** @type {number[]} */
  const samples = [];
  for (let r = 0; r < rounds; r++) samples.push(round(fn, roundMs));
  return median(samples);
}

/** @type {import('./index.d.ts').compare} */
export function compare(options) {
  const rounds = options.rounds ?? 9;
  const roundMs = options.roundMs ?? 200;
  const all = [options.baseline, ...options.contenders];
  for (const c of all) round(c.fn, Math.min(roundMs, 100));
  /** @type {number[][]} */
  const samples = all.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of all.entries()) samples[i]?.push(round(c.fn, roundMs));
  }
  const nsPerOp = samples.map(median);
  const baseOps = 1e9 / /** @type {number} */ (nsPerOp[0]);
  const rows = all.map((c, i) => {
    const ns = /** @type {number} */ (nsPerOp[i]);
    const ops = 1e9 / ns;
    /** @type {import('./index.d.ts').Measurement} */
    const row = {
      name: c.name,
      opsPerSecond: ops,
      nsPerOp: ns,
      ratio: ops / baseOps,
      ...(options.bytesPerOp === undefined
        ? {}
        : { megabytesPerSecond: (ops * options.bytesPerOp) / 1e6 }),
    };
    return row;
  });
  const bytes = options.bytesPerOp === undefined ? '' : ` (${options.bytesPerOp} B per op)`;
  console.log(
    `\n${options.title}${bytes}, median of ${rounds} interleaved rounds, baseline: ${options.baseline.name}`,
  );
  for (const row of rows) {
    const mbs =
      row.megabytesPerSecond === undefined
        ? ''
        : `  ${row.megabytesPerSecond.toFixed(1).padStart(9)} MB/s`;
    console.log(
      `  ${row.name.padEnd(34)} ${Math.round(row.opsPerSecond).toLocaleString('en-US').padStart(14)} ops/s  ${row.nsPerOp.toFixed(0).padStart(10)} ns/op${mbs}  ratio ${row.ratio.toFixed(2)}x`,
    );
  }
  if (sink === Symbol.for('never')) console.log('');
  return rows;
}

/** @type {import('./index.d.ts').target} */
export function target(name, value, comparison, goal, unit = '') {
  const met = comparison === '>=' ? value >= goal : value <= goal;
  console.log(
    `  target ${name}: ${value.toFixed(2)}${unit} (${comparison} ${goal}${unit}) ${met ? 'PASS' : 'MISS'}`,
  );
  return met;
}
