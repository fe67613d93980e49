/**
 * The consumers file (`--config`, or `config.json` in the data folder): who may call which tools,
 * each consumer known by the SHA-256 of its bearer token, never the token itself.
 *
 * ```json
 * { "consumers": [ { "name": "admin", "tokenSha256": "<64 hex>", "tools": "*" },
 *                  { "name": "reader", "tokenSha256": "<64 hex>", "tools": ["search_documents"] } ],
 *   "stdio": "admin",
 *   "callTimeoutMs": 600000 }
 * ```
 *
 * `callTimeoutMs` is the deadline of every call (default {@link DEFAULT_CALL_TIMEOUT_MS}): when it
 * passes, the call's whole workflow is cancelled, the sub-agents of `survey_corpus` included.
 *
 * The file is read with the strict decoder (a duplicate key is an error, not a silent override) and
 * every rule is checked before the server starts; a fault is one line naming the field. The HTTP
 * host resolves a token through `createTokenResolver` of `@portcullis/server/http`.
 */
import { randomBytes } from 'node:crypto';
import { decode } from '@portcullis/decoder';
import { hashToken } from '@portcullis/server/http';

/** The deadline of every call when the config names none: a survey of a large corpus takes minutes. */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60_000;

/** The longest deadline a config may set: what a Node timer can wait (about 24.8 days). */
export const MAX_CALL_TIMEOUT_MS = 2_147_483_647;

/** One consumer of the configuration. */
export interface ConsumerConfig {
  readonly name: string;
  readonly tokenSha256: string;
  /** `*` for every exposed tool, or the tool names granted. */
  readonly tools: '*' | readonly string[];
}

/** The parsed configuration. */
export interface AppConfig {
  readonly consumers: readonly ConsumerConfig[];
  /** The consumer a `--stdio` session acts as (stdio carries no token); `--stdio` needs one. */
  readonly stdio?: string;
  /** The deadline of every call, in milliseconds. */
  readonly callTimeoutMs: number;
}

/** A consumer name: 1 to 64 letters, digits, `_`, `.` or `-`. */
export const CONSUMER_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

const HEX_64 = /^[0-9a-f]{64}$/;
const CONFIG_KEYS = new Set(['consumers', 'stdio', 'callTimeoutMs']);
const CONSUMER_KEYS = new Set(['name', 'tokenSha256', 'tools']);

type Parsed =
  | { readonly ok: true; readonly value: AppConfig }
  | { readonly ok: false; readonly refusal: { readonly text: string } };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a configuration from its bytes against the tools the server exposes. The refusal's text is
 * one sentence naming the field at fault (for example `consumers[1].tokenSha256`).
 */
export function parseConfig(bytes: Uint8Array | string, exposed: readonly string[]): Parsed {
  const refuse = (text: string): Parsed => ({ ok: false, refusal: { text } });
  const decoded = decode(bytes);
  if (!decoded.ok) {
    return refuse(
      `It is not strict JSON (${decoded.refusal.code} at byte ${decoded.refusal.offset}).`,
    );
  }
  const root: unknown = decoded.value;
  if (!isObject(root)) return refuse('It must be a JSON object with `consumers`.');
  const extra = Object.keys(root).filter((key) => !CONFIG_KEYS.has(key));
  if (extra.length > 0) {
    return refuse('Only `consumers`, `stdio` and `callTimeoutMs` may appear at its top level.');
  }
  const consumers = root.consumers;
  if (!Array.isArray(consumers) || consumers.length === 0) {
    return refuse('`consumers` must be a non-empty list.');
  }
  const names = new Set<string>();
  const hashes = new Set<string>();
  const parsed: ConsumerConfig[] = [];
  for (const [index, consumer] of consumers.entries()) {
    const at = `consumers[${index}]`;
    if (!isObject(consumer)) return refuse(`\`${at}\` must be an object.`);
    if (Object.keys(consumer).some((key) => !CONSUMER_KEYS.has(key))) {
      return refuse(`\`${at}\` may hold only \`name\`, \`tokenSha256\` and \`tools\`.`);
    }
    const { name, tokenSha256, tools } = consumer;
    if (typeof name !== 'string' || !CONSUMER_NAME_PATTERN.test(name)) {
      return refuse(`\`${at}.name\` must be 1 to 64 letters, digits, \`_\`, \`.\` or \`-\`.`);
    }
    if (names.has(name)) return refuse(`\`${at}.name\` repeats the name of an earlier consumer.`);
    if (typeof tokenSha256 !== 'string' || !HEX_64.test(tokenSha256.toLowerCase())) {
      return refuse(
        `\`${at}.tokenSha256\` must be 64 hexadecimal digits (the SHA-256 of the token).`,
      );
    }
    const hash = tokenSha256.toLowerCase();
    if (hashes.has(hash))
      return refuse(`\`${at}.tokenSha256\` repeats the hash of an earlier consumer.`);
    if (tools !== '*') {
      if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === 'string')) {
        return refuse(`\`${at}.tools\` must be "*" or a list of tool names.`);
      }
      const unknown = tools.find((tool) => !exposed.includes(tool));
      if (unknown !== undefined) {
        return refuse(
          `\`${at}.tools\` names a tool this server does not expose (it exposes ${exposed.join(', ')}).`,
        );
      }
    }
    names.add(name);
    hashes.add(hash);
    parsed.push({
      name,
      tokenSha256: hash,
      tools: tools === '*' ? '*' : [...new Set(tools as string[])],
    });
  }
  const stdio = root.stdio;
  if (stdio !== undefined && (typeof stdio !== 'string' || !names.has(stdio))) {
    return refuse('`stdio` must name one of the consumers.');
  }
  const timeout = root.callTimeoutMs === undefined ? DEFAULT_CALL_TIMEOUT_MS : root.callTimeoutMs;
  if (
    typeof timeout !== 'number' ||
    !Number.isInteger(timeout) ||
    timeout < 1 ||
    timeout > MAX_CALL_TIMEOUT_MS
  ) {
    return refuse(
      `\`callTimeoutMs\` must be a whole number of milliseconds from 1 to ${MAX_CALL_TIMEOUT_MS}.`,
    );
  }
  return {
    ok: true,
    value:
      stdio === undefined
        ? { consumers: parsed, callTimeoutMs: timeout }
        : { consumers: parsed, stdio, callTimeoutMs: timeout },
  };
}

/** The grants a server takes: each consumer's tool names, `*` expanded to `exposed`. */
export function grantsOf(config: AppConfig, exposed: readonly string[]): Record<string, string[]> {
  const grants: Record<string, string[]> = {};
  for (const consumer of config.consumers) {
    grants[consumer.name] = consumer.tools === '*' ? [...exposed] : [...consumer.tools];
  }
  return grants;
}

/** A fresh random bearer token: 32 bytes, base64url. */
export function mintToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The configuration a first start writes: `admin` with every tool and `reader` with `readOnly`,
 * `stdio` acting as `admin`, the default call deadline written out so it can be changed. Returns the file's JSON text and the tokens, which are shown once and
 * stored nowhere.
 */
export function defaultConfig(readOnly: readonly string[]): {
  readonly text: string;
  readonly tokens: { readonly admin: string; readonly reader: string };
} {
  const tokens = { admin: mintToken(), reader: mintToken() };
  const config = {
    consumers: [
      { name: 'admin', tokenSha256: hashToken(tokens.admin), tools: '*' },
      { name: 'reader', tokenSha256: hashToken(tokens.reader), tools: [...readOnly] },
    ],
    stdio: 'admin',
    callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
  };
  return { text: `${JSON.stringify(config, null, 2)}\n`, tokens };
}
