/**
 * `pnpm bench:direct`: the cost of the `tools/call` path itself, without HTTP, decoding or token
 * hashing. The tool server (interposer, gate twice, handler, dispatcher, rendering, span, log line)
 * and a bare low-level SDK `Server` judging nothing are each connected to a direct in-process
 * transport and fed the same already-parsed messages, in the same process, in interleaved rounds;
 * CPU time per call is measured around each round (after a forced collection, so one contender's
 * garbage is not collected on the next one's time) and the ratio bare / ours is printed: 1.00x would
 * mean the tool server's whole call path costs no more than the SDK's own dispatch.
 *
 * Environment: `BENCH_ROUNDS` (default 9), `BENCH_CALLS` per round (default 4000),
 * `BENCH_CONCURRENCY` (comma-separated, default `1,16`), `BENCH_ONLY=portcullis|bare` (one
 * contender alone, for `node --cpu-prof`), and `BENCH_BASELINE_DIST`: a directory holding another
 * build of this package's `dist` (copied inside this package, so that its imports resolve), measured
 * as a third contender in the same rounds: before and after a change, in one run.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type JSONRPCMessage, Server, type Transport } from '@modelcontextprotocol/server';
import { target as printTarget } from '@portcullis/bench';
import { createCatalog, exposure } from '@portcullis/catalog';
import { BUILT, toolServer } from './built.ts';
import { answerOf, ping, SEARCH_ARGUMENTS, search } from './tools.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,16').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY;
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;

type Id = string | number;
type Message = Readonly<Record<string, unknown>>;

/** The server's end of a direct transport: messages in as objects, answers out to a waiting call. */
class DirectTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly #waiting = new Map<Id, (message: Message) => void>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const record = message as unknown as Message;
    const id = record.id as Id | undefined;
    if (id === undefined) return;
    const settle = this.#waiting.get(id);
    if (settle === undefined) return;
    this.#waiting.delete(id);
    settle(record);
  }

  /** Sends one `tools/call` (its params shared, its envelope fresh) and resolves with the answer. */
  call(id: Id, params: Message): Promise<Message> {
    return new Promise((settle) => {
      this.#waiting.set(id, settle);
      this.onmessage?.({ jsonrpc: '2.0', id, method: 'tools/call', params } as JSONRPCMessage);
    });
  }
}

interface Contender {
  readonly name: string;
  readonly transport: DirectTransport;
}

// Logging off, as a logger at level `warn` would say: the limit logs nothing either.
const silent = { info() {}, warn() {}, error() {}, isLevelEnabled: () => false };

async function portcullis(
  name: string,
  create: typeof toolServer.createToolServer,
): Promise<Contender> {
  const server = create({
    exposure: exposure(createCatalog({ tools: [ping, search] }), ['ping_tool', 'search_tool']),
    grants: { bench: ['ping_tool', 'search_tool'] },
    callTimeoutMs: 30_000,
    dispatcher: { maxRunning: 128, maxQueued: 128 },
    logger: silent,
  });
  const transport = new DirectTransport();
  await server.connect(transport, { consumer: 'bench' });
  return { name, transport };
}

async function bare(): Promise<Contender> {
  const sdk = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
  sdk.setRequestHandler('tools/list', () => ({ tools: [] }));
  sdk.setRequestHandler('tools/call', (request) => ({
    content: [
      { type: 'text', text: answerOf(request.params.name, request.params.arguments ?? {}) },
    ],
  }));
  const transport = new DirectTransport();
  await sdk.connect(transport);
  return { name: 'bare SDK Server', transport };
}

async function baselineBuild(dir: string): Promise<Contender> {
  const entry = pathToFileURL(resolve(dir, 'tool-server.js')).href;
  if (!existsSync(new URL(entry))) throw new Error(`no tool-server.js in ${dir}`);
  const module = (await import(entry)) as typeof toolServer;
  return portcullis('baseline build', module.createToolServer);
}

const contenders: Contender[] = [];
if (ONLY !== 'portcullis') contenders.push(await bare());
if (ONLY !== 'bare') contenders.push(await portcullis('tool server', toolServer.createToolServer));
if (BASELINE_DIST !== undefined && ONLY === undefined)
  contenders.push(await baselineBuild(BASELINE_DIST));

let nextId = 0;

/** `calls` calls, `concurrency` in flight at once; throws when an answer is not the expected one. */
async function drive(
  contender: Contender,
  params: Message,
  expected: string,
  calls: number,
  concurrency: number,
): Promise<void> {
  let started = 0;
  const lane = async () => {
    while (started < calls) {
      started += 1;
      nextId += 1;
      const answer = await contender.transport.call(nextId, params);
      const result = answer.result as { content?: { text?: string }[] } | undefined;
      if (result?.content?.[0]?.text !== expected) {
        throw new Error(`${contender.name} answered otherwise: ${JSON.stringify(answer)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

interface Sample {
  readonly cpuMicros: number;
  readonly wallMicros: number;
}

async function measure(
  contender: Contender,
  params: Message,
  expected: string,
  concurrency: number,
): Promise<Sample> {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await drive(contender, params, expected, CALLS, concurrency);
  const wallMicros = ((performance.now() - wall) * 1000) / CALLS;
  const used = process.cpuUsage(cpu);
  return { cpuMicros: (used.user + used.system) / CALLS, wallMicros };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const PAYLOADS = [
  { label: 'trivial tool', name: 'ping_tool', args: {} },
  { label: '~1.2 KB of arguments', name: 'search_tool', args: SEARCH_ARGUMENTS },
] as const;

console.log(
  `\ntools/call on a direct in-process transport, parsed messages in (${BUILT ? 'built dist' : 'source'}); median of ${ROUNDS} interleaved rounds of ${CALLS} calls, a collection forced before each; arguments of the second tool: ${JSON.stringify(SEARCH_ARGUMENTS).length} bytes`,
);
if (globalThis.gc === undefined) console.log('  (run with --expose-gc to collect between rounds)');
for (const payload of PAYLOADS) {
  const params = { name: payload.name, arguments: payload.args };
  const expected = answerOf(payload.name, payload.args as { items?: unknown[] });
  for (const contender of contenders) await drive(contender, params, expected, CALLS, 16);
  for (const concurrency of CONCURRENCY) {
    const samples = contenders.map((): Sample[] => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Every other round in reverse order, so that a drift of the machine's load within a round
      // falls on each contender alike.
      const order = [...contenders.keys()];
      if (round % 2 === 1) order.reverse();
      for (const index of order) {
        samples[index]!.push(await measure(contenders[index]!, params, expected, concurrency));
      }
    }
    const cpu = samples.map((runs) => median(runs.map((run) => run.cpuMicros)));
    const wall = samples.map((runs) => median(runs.map((run) => run.wallMicros)));
    /** The median over rounds of one round's ratio `a / b` of CPU per call (both measured in it). */
    const paired = (a: number, b: number) =>
      median(samples[a]!.map((run, round) => run.cpuMicros / samples[b]![round]!.cpuMicros));
    console.log(`\n${payload.label}, concurrency ${concurrency}`);
    for (const [index, contender] of contenders.entries()) {
      console.log(
        `  ${contender.name.padEnd(16)} cpu ${cpu[index]!.toFixed(1).padStart(6)} µs/call  wall ${wall[index]!.toFixed(1).padStart(6)} µs/call`,
      );
    }
    const bareIndex = contenders.findIndex((contender) => contender.name === 'bare SDK Server');
    const oursIndex = contenders.findIndex((contender) => contender.name === 'tool server');
    const baselineIndex = contenders.findIndex((contender) => contender.name === 'baseline build');
    if (bareIndex >= 0 && oursIndex >= 0) {
      printTarget(
        'cpu per call, bare SDK / tool server',
        cpu[bareIndex]! / cpu[oursIndex]!,
        '>=',
        0.93,
        'x',
      );
      console.log(
        `  the same, median of each round's ratio: ${paired(bareIndex, oursIndex).toFixed(2)}x; wall per call: ${(wall[bareIndex]! / wall[oursIndex]!).toFixed(2)}x`,
      );
    }
    if (bareIndex >= 0 && baselineIndex >= 0) {
      console.log(
        `  cpu per call, bare SDK / baseline build: ${(cpu[bareIndex]! / cpu[baselineIndex]!).toFixed(2)}x (median of each round's: ${paired(bareIndex, baselineIndex).toFixed(2)}x)`,
      );
    }
    if (oursIndex >= 0 && baselineIndex >= 0) {
      console.log(
        `  cpu per call, baseline build / tool server: ${(cpu[baselineIndex]! / cpu[oursIndex]!).toFixed(2)}x (median of each round's: ${paired(baselineIndex, oursIndex).toFixed(2)}x)`,
      );
    }
  }
}
