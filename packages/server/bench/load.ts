/**
 * The load generator: raw `tools/call` POSTs on keep-alive connections, `concurrency` in flight at
 * once, each answer read whole; throughput and latency percentiles of one run.
 */
import { Agent, request } from 'node:http';

export interface Run {
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface Target {
  readonly port: number;
  readonly body: Buffer;
  readonly headers: Record<string, string>;
}

function once(target: Target, agent: Agent): Promise<{ ns: bigint; text: string }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: '/mcp',
        method: 'POST',
        agent,
        headers: { ...target.headers, 'content-length': String(target.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            ns: process.hrtime.bigint() - start,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

/** One call, to check what a contender answers. */
export async function probe(target: Target): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  try {
    return (await once(target, agent)).text;
  } finally {
    agent.destroy();
  }
}

/** `total` calls, `concurrency` at a time. */
export async function run(target: Target, concurrency: number, total: number): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const { ns } = await once(target, agent);
      latencies.push(Number(ns) / 1e6);
    }
  };
  const begin = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { callsPerSecond: total / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}
