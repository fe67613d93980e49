/**
 * The consumers file (`--config`), in the reference app's format for consumers and grants:
 *
 * ```json
 * { "consumers": [ { "name": "admin", "tokenSha256": "<64 hex>", "tools": "*" },
 *                  { "name": "reader", "tokenSha256": "<64 hex>", "tools": ["ev_echo"] } ],
 *   "callTimeoutMs": 600000,
 *   "anonymous": "reader" }
 * ```
 *
 * Read with the strict decoder; every rule is checked before the gateway starts and a fault is one
 * line naming the field. (The reference app's `authorization`, `rateLimits` and `stdio` keys are not
 * read by the gateway yet and are refused, so none is silently ignored.)
 */
import { decode } from '@portcullis/decoder';

export interface ConsumerConfig {
  readonly name: string;
  readonly tokenSha256: string;
  readonly tools: '*' | readonly string[];
}

export interface GatewayConfig {
  readonly consumers: readonly ConsumerConfig[];
  readonly callTimeoutMs: number;
  readonly anonymous?: string;
}

export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60_000;
const NAME = /^[A-Za-z0-9_.@|:+-]{1,128}$/;
const HEX_64 = /^[0-9a-f]{64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseConfig(
  bytes: Uint8Array | string,
): { ok: true; value: GatewayConfig } | { ok: false; text: string } {
  const refuse = (text: string) => ({ ok: false as const, text });
  const decoded = decode(bytes);
  if (!decoded.ok) {
    return refuse(
      `It is not strict JSON (${decoded.refusal.code} at byte ${decoded.refusal.offset}).`,
    );
  }
  const root: unknown = decoded.value;
  if (!isObject(root)) return refuse('It must be a JSON object with `consumers`.');
  for (const key of Object.keys(root)) {
    if (!['consumers', 'callTimeoutMs', 'anonymous'].includes(key)) {
      return refuse(
        'Only `consumers`, `callTimeoutMs` and `anonymous` may appear at its top level.',
      );
    }
  }
  if (!Array.isArray(root['consumers']) || root['consumers'].length === 0) {
    return refuse('`consumers` must be a non-empty list.');
  }
  const consumers: ConsumerConfig[] = [];
  for (const [index, given] of (root['consumers'] as unknown[]).entries()) {
    const at = `consumers[${index}]`;
    if (!isObject(given)) return refuse(`\`${at}\` must be an object.`);
    const { name, tokenSha256, tools } = given;
    if (Object.keys(given).some((key) => !['name', 'tokenSha256', 'tools'].includes(key))) {
      return refuse(`\`${at}\` may hold only \`name\`, \`tokenSha256\` and \`tools\`.`);
    }
    if (typeof name !== 'string' || !NAME.test(name))
      return refuse(`\`${at}.name\` is not a consumer name.`);
    if (consumers.some((c) => c.name === name)) return refuse(`\`${at}.name\` repeats a consumer.`);
    if (typeof tokenSha256 !== 'string' || !HEX_64.test(tokenSha256)) {
      return refuse(`\`${at}.tokenSha256\` must be 64 lower-case hex digits.`);
    }
    if (tools !== '*' && !(Array.isArray(tools) && tools.every((t) => typeof t === 'string'))) {
      return refuse(`\`${at}.tools\` must be "*" or a list of tool names.`);
    }
    consumers.push({ name, tokenSha256, tools: tools === '*' ? '*' : [...(tools as string[])] });
  }
  const timeout = root['callTimeoutMs'] ?? DEFAULT_CALL_TIMEOUT_MS;
  if (
    typeof timeout !== 'number' ||
    !Number.isInteger(timeout) ||
    timeout < 1 ||
    timeout > 2_147_483_647
  ) {
    return refuse('`callTimeoutMs` must be a whole number of milliseconds from 1 to 2147483647.');
  }
  const anonymous = root['anonymous'];
  if (anonymous !== undefined && !consumers.some((c) => c.name === anonymous)) {
    return refuse('`anonymous` must name one of the `consumers`.');
  }
  return {
    ok: true,
    value: {
      consumers,
      callTimeoutMs: timeout,
      ...(typeof anonymous === 'string' ? { anonymous } : {}),
    },
  };
}
