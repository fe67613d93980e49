/**
 * The `requestState` of a modern call that asked its client for input (the multi-round-trip
 * pattern): the answers gathered so far, sealed with AES-256-GCM (opaque to the client) inside the
 * SDK's HMAC request-state codec (`createRequestStateCodec`, which adds the expiry and the
 * binding). The binding is the consumer, the tool and a digest of the canonical arguments, so a
 * state is good only for the same caller retrying the same call. Everything that fails to open,
 * for whatever reason, is one refusal; the reason is never told.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { isObject, own } from './jsonrpc.ts';
import { writeJson } from './write-json.ts';

/** What the state of one call carries: the answers by key, and the key last asked. */
export interface InputState {
  readonly answers: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly asked: readonly string[];
}

/** Who a state is bound to. */
export interface StateBinding {
  readonly consumer: string;
  readonly tool: string;
  readonly arguments: unknown;
}

/** Seals and opens the states of one server (every replica given the same key shares them). */
export interface InputStates {
  seal(state: InputState, binding: StateBinding): Promise<string>;
  open(sealed: string, binding: StateBinding): Promise<InputState | undefined>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function bindingText(binding: StateBinding): string {
  const digest = createHash('sha256').update(writeJson(binding.arguments)).digest('base64url');
  return `${binding.consumer}\u0000${binding.tool}\u0000${digest}`;
}

/** The codec's `bind` reads the context it is handed; ours carries the binding text alone. */
function contextOf(binding: StateBinding): ServerContext {
  return { binding: bindingText(binding) } as unknown as ServerContext;
}

function readState(value: unknown): InputState | undefined {
  if (!isObject(value)) return undefined;
  const answers = own(value, 'answers');
  const asked = own(value, 'asked');
  if (!isObject(answers) || !Array.isArray(asked)) return undefined;
  if (!asked.every((key) => typeof key === 'string')) return undefined;
  for (const answer of Object.values(answers)) if (!isObject(answer)) return undefined;
  return {
    answers: answers as InputState['answers'],
    asked: asked as string[],
  };
}

/** The states of one server, under `key` (at least 32 bytes), valid for `ttlSeconds`. */
export function createInputStates(key: Uint8Array, ttlSeconds: number): InputStates {
  const codec = createRequestStateCodec<string>({
    key,
    ttlSeconds,
    bind: (ctx) => (ctx as unknown as { binding: string }).binding,
  });
  const sealKey = createHash('sha256').update('portcullis/requestState/seal').update(key).digest();
  return {
    async seal(state, binding) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(writeJson(state), 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
      return codec.mint(sealed, contextOf(binding));
    },
    async open(sealed, binding) {
      try {
        const payload = await codec.verify(sealed, contextOf(binding));
        if (typeof payload !== 'string') return undefined;
        const bytes = Buffer.from(payload, 'base64url');
        if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
        const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        return readState(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
  };
}
