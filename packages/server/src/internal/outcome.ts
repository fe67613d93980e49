/**
 * Turns a dispatched call's outcome into the one `tools/call` result the consumer receives. A
 * completed output becomes one JSON text block written by the bigint-aware writer (refs minted on
 * every artifact reachable from it first), plus `structuredContent` exactly when the tool publishes
 * an output schema and the output matches it, plus any rich content. Every failure is one `isError`
 * result with text we composed and `_meta["portcullis/correctable"]`.
 */
import { richContentOf } from '../content.ts';
import { ResourceNotFoundError, ToolError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { CORRECTABLE_META_KEY, SERVER_TEXTS } from '../texts.ts';
import type { ServedTool } from './published.ts';
import { errorFacts } from './shape.ts';
import type { ArtifactRegistry, DispatchRefusal, JobOutcome } from './siblings/dispatcher.ts';
import { toJson } from './to-json.ts';
import { CALL_OUTCOMES, type CallOutcome } from './tracing.ts';
import { writeJson, writeOutput } from './write-json.ts';

/** A `tools/call` result as the server sends it. */
export interface CallResult {
  readonly content: readonly Readonly<Record<string, unknown>>[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: true;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** A result and the outcome it records. */
export interface Rendered {
  readonly result: CallResult;
  readonly outcome: CallOutcome;
}

/** A failed call: our text and whether a corrected call may succeed (and a tool's own facts). */
export function failure(
  text: string,
  correctable: boolean,
  facts?: Readonly<Record<string, unknown>>,
): CallResult {
  return {
    content: [{ type: 'text', text }],
    isError: true,
    _meta: { ...facts, [CORRECTABLE_META_KEY]: correctable },
  };
}

/** The generic failure: no message, no stack, no identifier. */
export function systemError(): Rendered {
  return { result: failure(SERVER_TEXTS.systemError, false), outcome: CALL_OUTCOMES.SYSTEM_ERROR };
}

function refusal(refused: DispatchRefusal): Rendered {
  const result = failure(refused.text, refused.correctable);
  if (refused.code !== 'CANCELLED') return { result, outcome: CALL_OUTCOMES.REFUSED };
  return {
    result,
    outcome: refused.reason === 'timeout' ? CALL_OUTCOMES.TIMEOUT : CALL_OUTCOMES.CANCELLED,
  };
}

/** Whether a `_meta` fact is one a result can carry: a string, a finite number or a boolean. */
function isFact(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** A `ToolError`'s facts, copied; `null` when one is not a fact a result can carry. */
function factsOf(meta: unknown): Readonly<Record<string, unknown>> | undefined | null {
  if (meta === undefined) return undefined;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return null;
  const facts: Record<string, unknown> = {};
  for (const key of Object.keys(meta)) {
    const value: unknown = (meta as Record<string, unknown>)[key];
    if (!isFact(value) || key === '__proto__') return null;
    facts[key] = value;
  }
  return facts;
}

/**
 * A `ToolError`'s text, flag and facts, each read once; `undefined` unless the text is text a
 * result can carry and every fact is one.
 */
function toolErrorParts(error: ToolError):
  | {
      readonly text: string;
      readonly correctable: boolean;
      readonly facts: Readonly<Record<string, unknown>> | undefined;
    }
  | undefined {
  try {
    const text: unknown = error.text;
    if (typeof text !== 'string' || text === '') return undefined;
    const facts = factsOf(error.meta);
    if (facts === null) return undefined;
    return { text, correctable: error.correctable === true, facts };
  } catch {
    return undefined;
  }
}

function failed(error: unknown, tool: ServedTool, logger: Logger): Rendered {
  if (error instanceof ToolError) {
    const parts = toolErrorParts(error);
    if (parts !== undefined) {
      return {
        result: failure(parts.text, parts.correctable, parts.facts),
        outcome: CALL_OUTCOMES.TOOL_ERROR,
      };
    }
    logger.error(
      { event: 'tool_error_unwritable', tool: tool.name },
      'A tool threw a ToolError without text, or with a fact that is not a string, number or boolean.',
    );
    return systemError();
  }
  if (error instanceof ResourceNotFoundError) {
    return {
      result: failure(SERVER_TEXTS.notFound(error.resourceType), true),
      outcome: CALL_OUTCOMES.TOOL_ERROR,
    };
  }
  logger.error({ event: 'tool_failed', tool: tool.name, ...errorFacts(error) }, 'A tool failed.');
  return systemError();
}

function completed(
  value: unknown,
  tool: ServedTool,
  registry: ArtifactRegistry | undefined,
  logger: Logger,
): Rendered {
  const rich = richContentOf(value);
  const blocks = rich?.blocks ?? [];
  if (rich?.only) {
    if (tool.outputGate === undefined) {
      return { result: { content: blocks }, outcome: CALL_OUTCOMES.COMPLETED };
    }
    logger.error(
      { event: 'output_mismatch', tool: tool.name, path: '' },
      'A tool with an output schema returned no output.',
    );
    return systemError();
  }
  try {
    registry?.indexReachableFrom(value);
    if (tool.outputGate === undefined) {
      // Only the text is sent: written from the output itself, with no JSON copy made first (the
      // copy is made, once, only when the output holds a `bigint` JSON.stringify cannot write).
      const text = { type: 'text', text: writeOutput(value) };
      return {
        result: { content: blocks.length === 0 ? [text] : [text, ...blocks] },
        outcome: CALL_OUTCOMES.COMPLETED,
      };
    }
    const json = toJson(value);
    const text = { type: 'text', text: writeJson(json) };
    const judged = tool.outputGate.judge(json);
    if (!judged.ok) {
      const issue = judged.refusal.issues[0];
      logger.error(
        { event: 'output_mismatch', tool: tool.name, path: issue?.path ?? '', code: issue?.code },
        'A tool returned an output its output schema does not describe.',
      );
      return systemError();
    }
    return {
      result: {
        content: [text, ...blocks],
        structuredContent: json as Readonly<Record<string, unknown>>,
      },
      outcome: CALL_OUTCOMES.COMPLETED,
    };
  } catch (error) {
    logger.error(
      { event: 'output_unwritable', tool: tool.name, ...errorFacts(error) },
      'A tool output could not be written.',
    );
    return systemError();
  }
}

/** See the module comment. */
export function render(
  outcome: JobOutcome<unknown>,
  tool: ServedTool,
  registry: ArtifactRegistry | undefined,
  logger: Logger,
): Rendered {
  switch (outcome.status) {
    case 'completed':
      return completed(outcome.value, tool, registry, logger);
    case 'refused':
      return refusal(outcome.refusal);
    case 'failed':
      return failed(outcome.error, tool, logger);
  }
}
