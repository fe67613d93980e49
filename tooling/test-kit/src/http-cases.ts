/**
 * Hostile HTTP requests: canary `Host`, `Origin`, protocol-version, bearer, session and media-type
 * headers, a canary path and dialect, and an oversized body; and the amplification cases, bodies
 * within every limit that cost the server far more than they cost the caller, each with a valid
 * twin of the same size to measure it against.
 */
import type { CanaryMint } from './canary.ts';

/** One hostile HTTP request, sent as a POST of `body` unless `method` says otherwise. */
export interface HeaderCase {
  readonly label: string;
  /** Headers replacing the defaults (`content-type`, `accept`, a valid bearer). */
  readonly headers: Readonly<Record<string, string>>;
  /** Appended to the endpoint's path (`/CNRY...`) or as its query (`?dialect=...`). */
  readonly suffix?: string;
  readonly method?: 'POST' | 'GET' | 'DELETE' | 'PUT';
  /** The JSON-RPC message sent (a `tools/list` unless stated). */
  readonly body?: string;
  /** The statuses that answer it correctly. */
  readonly statuses: readonly number[];
  readonly canaries: readonly string[];
}

/** Every header case, with fresh canaries. `call` is a valid `tools/call` body of the target. */
export function headerCases(mint: CanaryMint, call: string): HeaderCase[] {
  const out: HeaderCase[] = [];
  const add = (label: string, make: (c: string) => Omit<HeaderCase, 'label' | 'canaries'>) => {
    const c = mint.string();
    out.push({ label, ...make(c), canaries: [c] });
  };
  add('a canary Host', (c) => ({ headers: { host: `${c}.example:80` }, statuses: [403] }));
  add('a canary Host on the loopback name', (c) => ({
    headers: { host: `127.0.0.1.${c}` },
    statuses: [403],
  }));
  add('a canary Origin', (c) => ({ headers: { origin: `http://${c}.example` }, statuses: [403] }));
  add('a canary protocol version', (c) => ({
    headers: { 'mcp-protocol-version': c },
    statuses: [400],
  }));
  add('a canary bearer token (no consumer: the constant answer)', (c) => ({
    headers: { authorization: `Bearer ${c}` },
    body: call,
    statuses: [200],
  }));
  add('a canary bearer token on a listing (nothing listed)', (c) => ({
    headers: { authorization: `Bearer ${c}` },
    statuses: [200],
  }));
  add('a canary Basic credential', (c) => ({
    headers: { authorization: `Basic ${c}` },
    body: call,
    statuses: [200],
  }));
  add('a canary authorization scheme', (c) => ({
    headers: { authorization: c },
    body: call,
    statuses: [200],
  }));
  add('a canary media type', (c) => ({
    headers: { 'content-type': `application/${c}` },
    statuses: [415],
  }));
  add('a canary Accept', (c) => ({ headers: { accept: `text/${c}` }, statuses: [406] }));
  add('a canary session id on a stateless server', (c) => ({
    headers: { 'mcp-session-id': c },
    statuses: [200, 400, 404],
  }));
  add('a canary Last-Event-ID on a GET', (c) => ({
    headers: { 'last-event-id': c },
    method: 'GET',
    statuses: [405, 400, 406],
  }));
  add('a canary path', (c) => ({ headers: {}, suffix: `/${c}`, statuses: [404] }));
  add('a canary dialect in the query', (c) => ({
    headers: {},
    suffix: `?dialect=${c}`,
    statuses: [200],
  }));
  add('a canary dialect in the query, on a call', (c) => ({
    headers: {},
    suffix: `?dialect=${c}`,
    body: call,
    statuses: [200],
  }));
  add('a canary method', (c) => ({
    headers: {},
    method: 'PUT',
    body: `{"${c}":1}`,
    statuses: [405],
  }));
  add('a canary header name', (c) => ({
    headers: { [`x-${c.toLowerCase()}`]: c },
    statuses: [200],
  }));
  return out;
}

/** A body past `maxBodyBytes`, a canary at its start and its end. */
export function oversizedBody(
  mint: CanaryMint,
  maxBodyBytes: number,
): { body: string; canaries: string[] } {
  const c = mint.string();
  const head = `{"jsonrpc":"2.0","id":"${c}","method":"tools/call","params":{"name":"${c}","arguments":{"${c}":"`;
  const tail = `${c}"}}}`;
  return {
    body: `${head}${'x'.repeat(maxBodyBytes + 1 - head.length - tail.length + 16)}${tail}`,
    canaries: [c],
  };
}

/** One amplification case: a hostile body and valid bodies of the same size, for one server. */
export interface AmplificationCase {
  readonly label: string;
  /** The hostile `tools/call` body (JSON text). */
  readonly hostile: string;
  /** A valid call of the same size and shape (the same count of items, names or levels). */
  readonly twin: string;
  /** A valid call of the same size whose one argument is a flat string: what the bytes cost alone. */
  readonly flat: string;
  readonly canaries: readonly string[];
}

/**
 * How the amplification cases address a server's tools. Each `args` is the JSON text of valid
 * arguments with a hole, `$HOLE`, where the elements, members or tree go; `flat` holds `$TEXT`
 * inside a free string.
 */
export interface AmplificationTarget {
  /** A declared array of strings (`hostile`) and a declared array of integers (`valid`). */
  readonly items: { readonly tool: string; readonly hostile: string; readonly valid: string };
  /** A closed object after one declared member (`hostile`), and a map of integers (`valid`). */
  readonly wide: { readonly tool: string; readonly hostile: string; readonly valid: string };
  /** A recursive place: one level opens and closes so; the innermost node holds `$FAULT`. */
  readonly recursive: {
    readonly tool: string;
    readonly args: string;
    readonly open: string;
    readonly close: string;
    readonly leaf: string;
  };
  /** A valid call whose one free string is `$TEXT`. */
  readonly flat: { readonly tool: string; readonly args: string };
}

const envelope = (tool: string, args: string) =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`;

function flatOf(target: AmplificationTarget, size: number): string {
  const empty = envelope(target.flat.tool, target.flat.args.replace('$TEXT', ''));
  return envelope(
    target.flat.tool,
    target.flat.args.replace('$TEXT', 'a'.repeat(Math.max(0, size - empty.length))),
  );
}

/** The amplification cases, each about `bytes` long (keep it under the body limit). */
export function amplificationCases(
  target: AmplificationTarget,
  mint: CanaryMint,
  bytes = 3_800_000,
  depth = 240,
): AmplificationCase[] {
  const out: AmplificationCase[] = [];
  const make = (label: string, hostile: string, twin: string, canaries: string[]) =>
    out.push({ label, hostile, twin, flat: flatOf(target, hostile.length), canaries });
  {
    const c = mint.string();
    const count = Math.floor((bytes - 200) / 2);
    make(
      `${(count / 1e6).toFixed(1)} million wrong items in a string array`,
      envelope(
        target.items.tool,
        target.items.hostile.replace('$HOLE', `${'0,'.repeat(count)}"${c}",{"${c}":1}`),
      ),
      envelope(target.items.tool, target.items.valid.replace('$HOLE', `${'0,'.repeat(count)}0`)),
      [c],
    );
  }
  {
    const c = mint.string();
    const names: string[] = [];
    for (let i = 0; names.length * 14 < bytes - 200; i += 1)
      names.push(`"n${String(i).padStart(8, '0')}":0`);
    make(
      `an object of ${names.length.toLocaleString('en')} undeclared names`,
      envelope(
        target.wide.tool,
        target.wide.hostile.replace('$HOLE', `${names.join(',')},"${c}":"${c}"`),
      ),
      envelope(target.wide.tool, target.wide.valid.replace('$HOLE', names.join(','))),
      [c],
    );
  }
  {
    const c = mint.string();
    const r = target.recursive;
    const tree = (leaf: string) => `${r.open.repeat(depth)}${leaf}${r.close.repeat(depth)}`;
    make(
      `a recursive input ${depth} levels deep with a fault at the bottom`,
      envelope(r.tool, r.args.replace('$HOLE', tree(r.leaf.replace('$FAULT', `"${c}":"${c}"`)))),
      envelope(r.tool, r.args.replace('$HOLE', tree(r.leaf.replace(',$FAULT', '')))),
      [c],
    );
  }
  return out;
}
