/** Ports on 127.0.0.1 that are free now, for a process that must be told its port ahead. */
import { createServer } from 'node:net';

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port free now (where nothing listens, so a connection to it is refused). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A port with the next `size - 1` free too. */
export async function freeBlock(size: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let all = true;
    for (let offset = 0; offset < size && all; offset += 1) all = await free(base + offset);
    if (all) return base;
  }
  throw new Error('no block of free ports');
}
