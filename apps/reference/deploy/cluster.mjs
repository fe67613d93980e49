#!/usr/bin/env node
/**
 * Starts N replicas of the reference app and nginx in front of them, all on loopback: the recipe
 * of "Running more than one" in the reference app's README, and what the cluster tests start.
 *
 *   node apps/reference/deploy/cluster.mjs --replicas 3 --port 8080 --database postgres://... --redis redis://...
 *                           --config FILE [--root DIR] [--run DIR]
 *
 * Each replica is `apps/reference/dist/main.js --http` on its own port, named `r1`, `r2`... (the
 * prefix of its session ids), on the one PostgreSQL and the one Redis, with the balancer's URL as
 * its public URL. nginx gets `nginx.conf.template` (beside this file) filled in under the run folder. Once all
 * listen, the first line on stdout is `listening on http://127.0.0.1:PORT/mcp`, then one line per
 * replica, `replica r1 pid 1234 http://127.0.0.1:8081/mcp`. SIGINT or SIGTERM stops nginx and
 * then every replica (each finishes or cancels its calls), and exits 0. A replica that dies is
 * reported on stderr and left dead: the balancer routes around it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MAIN = join(HERE, '..', 'dist', 'main.js');
const TEMPLATE = join(HERE, 'nginx.conf.template');

/**
 * The nginx configuration for `replicas` (`[{ name, port }]`) behind `listen` (`host:port`), with
 * its pid, log and temporary files under `run`.
 */
export function nginxConfig({ replicas, listen, run }) {
  const server = (port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
  const each = replicas
    .map(
      ({ name, port }) => `
  upstream ${name} {
${server(port)}
    keepalive 16;
  }`,
    )
    .join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('@RUN@', run)
    .replace('@LISTEN@', listen)
    .replace('@ANY@', replicas.map(({ port }) => server(port)).join('\n'))
    .replace('@EACH@', each)
    .replace('@ROUTES@', replicas.map(({ name }) => `    ~^${name}\\. ${name};`).join('\n'));
}

/** Resolves once something accepts connections on `port`, or rejects after `ms`. */
async function listening(port, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts one replica; resolves with its process once it prints its `listening on` line. */
function startReplica({ name, port, args, run, onExit }) {
  const data = join(run, name);
  mkdirSync(data, { recursive: true });
  const child = spawn(
    process.execPath,
    [MAIN, '--http', '--port', String(port), '--replica', name, '--data', data, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // What it wrote to stderr (its JSON log), the newest 64 MiB.
  const log = [];
  let logged = 0;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log.push(chunk);
    logged += chunk.length;
    while (logged > 64 * 1024 * 1024) logged -= log.shift().length;
  });
  child.on('exit', (code, signal) => onExit(name, code ?? signal));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = /^listening on (\S+)$/m.exec(out);
      if (line !== null) resolve({ name, port, url: line[1], process: child, log });
    });
    child.once('exit', () =>
      reject(new Error(`replica ${name} stopped before listening: ${log.join('').trim()}`)),
    );
  });
}

/**
 * Starts the cluster: `count` replicas on the ports after `port`, nginx on `port`. `args` are
 * given to every replica (`--database`, `--redis`, `--config`, `--root`...). Resolves with the
 * balancer's URL, the replicas, and `stop()`.
 */
export async function startCluster({
  count,
  port,
  args,
  run = mkdtempSync(join(tmpdir(), 'portcullis-cluster-')),
  nginx = 'nginx',
  onExit = () => {},
}) {
  const url = `http://127.0.0.1:${port}/mcp`;
  const names = Array.from({ length: count }, (_, index) => ({
    name: `r${index + 1}`,
    port: port + index + 1,
  }));
  let stopping = false;
  const replicas = [];
  const stopReplicas = () =>
    Promise.all(
      replicas.map(
        ({ process: child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
  try {
    for (const replica of names) {
      replicas.push(
        await startReplica({
          ...replica,
          args: ['--public-url', url, ...args],
          run,
          onExit: (name, how) => {
            if (!stopping) onExit(name, how);
          },
        }),
      );
    }
  } catch (error) {
    await stopReplicas();
    throw error;
  }
  const conf = join(run, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ replicas: names, listen: `127.0.0.1:${port}`, run }));
  const balancer = spawn(
    nginx,
    ['-p', run, '-c', conf, '-e', join(run, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let nginxError = '';
  balancer.stderr.setEncoding('utf8');
  balancer.stderr.on('data', (chunk) => {
    nginxError += chunk;
  });
  const balancerExited = new Promise((resolve) => balancer.once('exit', resolve));
  try {
    await Promise.race([
      listening(port, 10_000),
      balancerExited.then(() => {
        throw new Error(`nginx stopped at start: ${nginxError.trim()}`);
      }),
    ]);
  } catch (error) {
    balancer.kill('SIGKILL');
    await stopReplicas();
    throw error;
  }
  return {
    url,
    run,
    replicas,
    async stop() {
      stopping = true;
      if (balancer.exitCode === null && balancer.signalCode === null) {
        balancer.kill('SIGQUIT');
        await balancerExited;
      }
      await stopReplicas();
    },
  };
}

/** The command line of this file. */
async function main(argv) {
  const options = new Map();
  for (let index = 0; index < argv.length; index += 2) options.set(argv[index], argv[index + 1]);
  const known = ['--replicas', '--port', '--database', '--redis', '--config', '--root', '--run'];
  const unknown = [...options.keys()].find((name) => !known.includes(name));
  const count = Number(options.get('--replicas') ?? '3');
  const port = Number(options.get('--port') ?? '8080');
  if (
    unknown !== undefined ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > 32 ||
    !Number.isInteger(port) ||
    port < 1 ||
    port + count > 65535 ||
    options.get('--config') === undefined
  ) {
    process.stderr.write(
      'usage: node apps/reference/deploy/cluster.mjs [--replicas 3] [--port 8080] --config FILE [--database postgres://...] [--redis redis://...] [--root DIR] [--run DIR]\n',
    );
    return 2;
  }
  const args = ['--config', options.get('--config')];
  for (const name of ['--database', '--redis', '--root']) {
    if (options.has(name)) args.push(name, options.get(name));
  }
  const cluster = await startCluster({
    count,
    port,
    args,
    ...(options.has('--run') ? { run: options.get('--run') } : {}),
    onExit: (name, how) => process.stderr.write(`replica ${name} stopped (${how})\n`),
  });
  process.stdout.write(`listening on ${cluster.url}\n`);
  for (const replica of cluster.replicas) {
    process.stdout.write(`replica ${replica.name} pid ${replica.process.pid} ${replica.url}\n`);
  }
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await cluster.stop();
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
