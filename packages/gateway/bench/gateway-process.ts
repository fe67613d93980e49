/**
 * The gateway as the benchmark runs it: a process of its own, as `portcullis-gateway` runs, in
 * front of the upstream URL in `BENCH_UPSTREAM`, granting everything to the consumer whose token is
 * in `BENCH_TOKEN`. Prints `listening <url>` once it serves.
 */
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { createGateway, serveGatewayHttp } from '../src/index.ts';

const upstream = process.env['BENCH_UPSTREAM'];
const token = process.env['BENCH_TOKEN'];
if (upstream === undefined || token === undefined) {
  throw new Error('BENCH_UPSTREAM and BENCH_TOKEN are required');
}
const gateway = await createGateway({
  upstreams: [{ url: upstream }],
  warn: () => {},
  server: {
    grants: { bench: '*' },
    callTimeoutMs: 30_000,
    dispatcher: { maxRunning: 64, maxQueued: 256 },
    logger: { info() {}, warn() {}, error() {}, isLevelEnabled: () => false },
  },
});
const host = await serveGatewayHttp(gateway, {
  consumers: createTokenResolver([{ consumer: 'bench', tokenSha256: hashToken(token) }]),
});
process.once('SIGTERM', () => {
  void host.close().then(() => gateway.close());
});
process.stdout.write(`listening ${host.url.href}\n`);
