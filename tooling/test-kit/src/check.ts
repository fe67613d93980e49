/**
 * What a campaign asserts on every answer: no canary anywhere in it (status line, headers, every
 * byte of the body, and the body again once JSON escapes are read), and which kind of answer it is.
 */
import { findCanaries } from './canary.ts';
import type { RawExpectation } from './raw.ts';

/** The kind of one JSON-RPC answer. */
export type AnswerKind = RawExpectation | 'result' | 'other';

/** The texts of the constant answers a campaign recognises. */
export interface KnownTexts {
  /** The one `-32602` answer to an unservable call. */
  readonly unservable: string;
  /** How the gate's refusal text begins (the gate's `REFUSAL_HEADER`). */
  readonly gateHeader: string;
}

/** Classifies one decoded JSON-RPC answer. */
export function kindOf(message: unknown, texts: KnownTexts): AnswerKind {
  if (typeof message !== 'object' || message === null) return 'other';
  const m = message as {
    result?: { isError?: boolean; _meta?: Record<string, unknown>; content?: { text?: unknown }[] };
    error?: { code?: number; message?: string };
  };
  if (m.error !== undefined) {
    switch (m.error.code) {
      case -32700:
        return 'parse';
      case -32601:
        return 'method';
      case -32600:
        return 'invalid-request';
      case -32602:
        return m.error.message === texts.unservable ? 'unservable' : 'invalid-params';
      default:
        return 'other';
    }
  }
  if (m.result !== undefined) {
    const text = m.result.content?.[0]?.text;
    if (
      m.result.isError === true &&
      m.result._meta?.['portcullis/correctable'] === true &&
      typeof text === 'string' &&
      text.startsWith(texts.gateHeader)
    )
      return 'gate';
    return 'result';
  }
  return 'other';
}

/** Reads every `\uXXXX` and two-character escape of a JSON text, so an escaped echo is found too. */
function unescaped(text: string): string {
  return text.replace(
    /\\u([0-9a-fA-F]{4})|\\(["\\/bfnrt])/g,
    (_, hex: string | undefined, ch: string) =>
      hex === undefined ? ch : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Counts every answer checked and every canary found, across a campaign. */
export interface CanaryLedger {
  responses: number;
  canariesFound: string[];
}

/** A fresh ledger. */
export function createLedger(): CanaryLedger {
  return { responses: 0, canariesFound: [] };
}

/**
 * Looks for canaries in one whole answer (every part given is searched) and records it in the
 * ledger. Returns the canaries found: a campaign asserts the list is empty.
 */
export function scanAnswer(
  ledger: CanaryLedger,
  parts: readonly string[],
  numbers: Iterable<string> = [],
): string[] {
  const all = parts.join('\n');
  const numeric = [...numbers];
  const found = [
    ...new Set([...findCanaries(all, numeric), ...findCanaries(unescaped(all), numeric)]),
  ];
  ledger.responses += 1;
  ledger.canariesFound.push(...found);
  return found;
}
