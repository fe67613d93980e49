#!/usr/bin/env node
/**
 * The decoder demo: `portcullis-decode <file>` decodes a file's bytes, `portcullis-decode -` decodes
 * stdin, and no argument decodes every file of the bundled `examples/` folder. Each document is
 * printed as ACCEPTED with a short summary of its value, or REFUSED with the refusal's code, byte
 * offset and message. Exit code 0 when it ran (a refusal is a result), 2 on a usage or I/O error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DecodedValue, decode } from '@portcullis/decoder';

const USAGE = 'usage: portcullis-decode [<file> | -]   (no argument: decode the bundled examples)';
const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));

class UsageError extends Error {}

/** A one-line description of a decoded value's shape; it names types and counts, never content. */
function summarize(value: DecodedValue): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return 'bigint (kept exact)';
  if (Array.isArray(value)) {
    const big = countBigInts(value);
    return `array, ${value.length} items${big > 0 ? `, ${big} bigint kept exact` : ''}`;
  }
  if (typeof value === 'object') {
    const big = countBigInts(value);
    const keys = Object.keys(value).length;
    return `object, ${keys} ${keys === 1 ? 'key' : 'keys'}${big > 0 ? `, ${big} bigint kept exact` : ''}`;
  }
  return typeof value;
}

function countBigInts(value: DecodedValue): number {
  let count = 0;
  const pending: DecodedValue[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'bigint') count++;
    else if (Array.isArray(next)) pending.push(...next);
    else if (next !== null && typeof next === 'object') pending.push(...Object.values(next));
  }
  return count;
}

function report(label: string, bytes: Uint8Array): string {
  const result = decode(bytes);
  if (result.ok) return `${label}: ACCEPTED ${summarize(result.value)}`;
  const { code, offset, message } = result.refusal;
  return `${label}: REFUSED code=${code} offset=${offset} message="${message}"`;
}

function readStdin(): Uint8Array {
  try {
    return new Uint8Array(readFileSync(0));
  } catch (error) {
    throw new UsageError(
      `cannot read stdin: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`,
    );
  }
}

function readInput(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new UsageError(`cannot read ${path}: ${code}`);
  }
}

function run(args: readonly string[]): string[] {
  if (args.length > 1 || args[0] === '-h' || args[0] === '--help') throw new UsageError(USAGE);
  const [arg] = args;
  if (arg === '-') return [report('stdin', readStdin())];
  if (arg !== undefined) return [report(arg, readInput(arg))];
  const files = readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  return files.map((name) => report(basename(name), readInput(join(EXAMPLES, name))));
}

try {
  for (const line of run(process.argv.slice(2))) console.log(line);
} catch (error) {
  const message = error instanceof UsageError ? error.message : `error: ${String(error)}`;
  console.error(message);
  process.exitCode = 2;
}
