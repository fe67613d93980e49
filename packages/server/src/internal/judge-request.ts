/**
 * The interposer's judgement of each whitelisted request's params, before the SDK parses them: what
 * the SDK's parser would refuse (and quote) is refused here in our words, and what is delegated is
 * rebuilt from what was judged, so the SDK parses only values we read.
 */
import { isSpecType, RELATED_TASK_META_KEY } from '@modelcontextprotocol/server';
import { DIALECT_META_KEY } from '../texts.ts';
import { isObject, own } from './jsonrpc.ts';
import type { ServedTool } from './published.ts';
import { LOG_LEVELS, type LogLevel } from './siblings/catalog.ts';
import {
  DEFAULT_DIALECT,
  type DialectName,
  dialectArguments,
  isDialectName,
} from './siblings/dialects.ts';
import type { GateRefusal } from './siblings/gate.ts';
import type { JsonValue } from './siblings/schema.ts';

type Params = Readonly<Record<string, unknown>> | undefined;

/** A request's `_meta`, judged: its progress token and the dialect it names, or unreadable. */
export type MetaJudgement =
  | {
      readonly ok: true;
      readonly progressToken: string | number | undefined;
      /** The dialect value as sent: `undefined` when absent (never echoed, only compared). */
      readonly dialect: unknown;
      readonly hasDialect: boolean;
    }
  | { readonly ok: false };

/** Judges `params._meta`: absent, or an object whose `progressToken` is a string or safe integer. */
export function judgeMeta(params: Params): MetaJudgement {
  if (params === undefined || !Object.hasOwn(params, '_meta')) {
    return { ok: true, progressToken: undefined, dialect: undefined, hasDialect: false };
  }
  const meta = params._meta;
  if (!isObject(meta)) return { ok: false };
  const token = own(meta, 'progressToken');
  if (
    token !== undefined &&
    typeof token !== 'string' &&
    !(typeof token === 'number' && Number.isSafeInteger(token))
  ) {
    return { ok: false };
  }
  // Task augmentation is not offered; a related-task key the SDK would parse is unreadable here.
  if (Object.hasOwn(meta, RELATED_TASK_META_KEY)) return { ok: false };
  return {
    ok: true,
    progressToken: token as string | number | undefined,
    dialect: own(meta, DIALECT_META_KEY),
    hasDialect: Object.hasOwn(meta, DIALECT_META_KEY),
  };
}

/** The dialect a request is served in: its own `_meta` first, then its host's; absent is canonical. */
export function resolveDialect(
  meta: Extract<MetaJudgement, { ok: true }>,
  hostDialect: string | undefined,
): DialectName | undefined {
  if (meta.hasDialect) return isDialectName(meta.dialect) ? meta.dialect : undefined;
  if (hostDialect !== undefined) return isDialectName(hostDialect) ? hostDialect : undefined;
  return DEFAULT_DIALECT;
}

/** True when an `initialize` request has the shape the SDK parses (judged with its own schema). */
export function judgeInitialize(message: unknown): boolean {
  return isSpecType.InitializeRequest(message);
}

/** The level a `logging/setLevel` names, or `undefined` when it names none. */
export function judgeSetLevel(message: unknown, params: Params): LogLevel | undefined {
  const level = params === undefined ? undefined : own(params, 'level');
  if (!(LOG_LEVELS as readonly unknown[]).includes(level)) return undefined;
  return isSpecType.SetLevelRequest(message) ? (level as LogLevel) : undefined;
}

/** A `tools/call` judged on its params, before its consumer and tool are looked at. */
export type CallParams =
  | {
      readonly ok: true;
      readonly name: string;
      readonly arguments: JsonValue;
      readonly meta: Extract<MetaJudgement, { ok: true }>;
    }
  | { readonly ok: false };

/**
 * Reads a `tools/call`'s params: `name` a string, `_meta` an object, `arguments` an object or
 * absent or null (which mean `{}`), no task augmentation (this server declares no tasks).
 */
export function readCallParams(params: Params): CallParams {
  if (params === undefined) return { ok: false };
  const name = own(params, 'name');
  if (typeof name !== 'string' || Object.hasOwn(params, 'task')) return { ok: false };
  const meta = judgeMeta(params);
  if (!meta.ok) return { ok: false };
  const given = own(params, 'arguments');
  if (given !== undefined && given !== null && !isObject(given)) return { ok: false };
  return { ok: true, name, arguments: (given ?? {}) as JsonValue, meta };
}

/** The gate's verdict on a call's arguments in its dialect. */
export type ArgumentsJudgement =
  | { readonly ok: true; readonly canonical: JsonValue }
  | { readonly ok: false; readonly refusal: GateRefusal };

/**
 * Judges arguments twice: as they arrived, against the document the dialect published; then, after
 * the dialect's inverse, against the canonical document. Under `canonical` the published document
 * is the canonical one (its gate is the canonical gate, checked at start) and the inverse is the
 * identity, so the first pass is the second: it is judged once.
 */
export function judgeArguments(
  tool: ServedTool,
  dialect: DialectName,
  wire: JsonValue,
): ArgumentsJudgement {
  const gate = tool.dialects[dialect].inputGate;
  const first = gate.judge(wire);
  if (!first.ok) return first;
  if (dialect === 'canonical' && gate === tool.canonicalGate) return { ok: true, canonical: wire };
  const canonical = dialectArguments(dialect, wire, tool.canonicalInput);
  const second = tool.canonicalGate.judge(canonical);
  return second.ok ? { ok: true, canonical } : second;
}
