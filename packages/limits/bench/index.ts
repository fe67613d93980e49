import { existsSync } from 'node:fs';
import { compare, target } from '@portcullis/bench';
import type * as Limits from '../src/index.ts';

// The built package when there is one (`pnpm bench` builds first): it is what users run.
const built = new URL('../dist/index.js', import.meta.url);
const { createMemoryRateLimitStore, createRateLimiter } = (await import(
  existsSync(built) ? built.href : '../src/index.ts'
)) as typeof Limits;
console.log(`measuring ${existsSync(built) ? 'dist/index.js' : 'src/index.ts'}`);

const CONSUMERS = 10_000;
const consumers = Array.from({ length: CONSUMERS }, (_, i) => `consumer-${i}`);
const TOOLS = ['search', 'fetch', 'summarize', 'translate'];
let n = 0;

// The named baseline: the least a per-(consumer, tool) limit can do in process, a Map counter.
const counts = new Map<string, number>();
function mapCounter(): boolean {
  const consumer = consumers[n % CONSUMERS]!;
  const tool = TOOLS[n++ & 3]!;
  const key = `${consumer}\u0000${tool}`;
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  return count <= 1_000_000;
}

// Limits high enough that every call is admitted, so each check does its whole work: two buckets read and written.
const admitting = createRateLimiter({
  perConsumer: { burst: 1_000_000, ratePerSecond: 1_000_000 },
  perTool: { burst: 1_000_000, ratePerSecond: 1_000_000 },
  store: createMemoryRateLimitStore({ maxKeys: 100_000 }),
});
function checkAdmitted(): unknown {
  return admitting.check(consumers[n % CONSUMERS]!, TOOLS[n++ & 3]!);
}

const oneConsumer = createRateLimiter({
  perConsumer: { burst: 1_000_000, ratePerSecond: 1_000_000 },
  perTool: { burst: 1_000_000, ratePerSecond: 1_000_000 },
});
function checkOneConsumer(): unknown {
  return oneConsumer.check('alice', TOOLS[n++ & 3]!);
}

// A bucket that is empty: every check is refused, which composes a refusal.
const refusing = createRateLimiter({ perConsumer: { burst: 1, ratePerSecond: 0.001 } });
refusing.check('flood', 'search');
function checkRefused(): unknown {
  return refusing.check('flood', 'search');
}

const rows = compare({
  title: 'rate-limit check (consumer bucket + (consumer, tool) bucket)',
  baseline: { name: 'Map counter per (consumer, tool)', fn: mapCounter },
  contenders: [
    { name: 'check, 10k consumers x 4 tools', fn: checkAdmitted },
    { name: 'check, one consumer x 4 tools', fn: checkOneConsumer },
    { name: 'check refused (empty bucket)', fn: checkRefused },
  ],
});
const worst = Math.max(...rows.slice(1).map((row) => row.nsPerOp));
target('limiter cost per call (worst case above)', worst / 1000, '<=', 2, ' us');
