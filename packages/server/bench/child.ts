/**
 * One contender in its own process (run with `--expose-gc`): it listens, tells the parent its
 * port, and answers `memory` (after collecting garbage) and `cpu` (its CPU time so far) until told
 * to `stop`.
 */
import { CONTENDERS, type ContenderName } from './servers.ts';

const name = process.argv[2] as ContenderName;
const contender = await CONTENDERS[name]();
const send = (message: unknown) => process.send?.(message);

process.on('message', async (message: { kind: string }) => {
  if (message.kind === 'memory') {
    for (let index = 0; index < 4; index += 1) globalThis.gc?.();
    const usage = process.memoryUsage();
    send({ kind: 'memory', rss: usage.rss, heapUsed: usage.heapUsed });
  } else if (message.kind === 'cpu') {
    const usage = process.cpuUsage();
    send({ kind: 'cpu', micros: usage.user + usage.system });
  } else if (message.kind === 'stop') {
    await contender.close();
    process.disconnect();
  }
});
send({ kind: 'ready', port: contender.port });
