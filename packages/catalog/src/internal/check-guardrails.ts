import type { ToolOrigin } from '../catalog.ts';
import type { AnyToolDefinition } from '../define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { describeOrigin, moduleOf } from './origin.ts';
import { quote } from './quote.ts';

/** The stages a definition's guardrails are grouped by, in the order the dispatcher runs them. */
const STAGES: readonly string[] = Object.freeze(['admission', 'input', 'output']);

/** A caught reading failure, told apart from the faults this check throws itself. */
const UNREADABLE: unique symbol = Symbol('unreadable');

/** `read()`, or {@link UNREADABLE} with the error when reading throws (a getter, a proxy trap). */
function attempt<T>(read: () => T): T | { readonly [UNREADABLE]: unknown } {
  try {
    return read();
  } catch (cause) {
    return { [UNREADABLE]: cause };
  }
}

function isUnreadable(value: unknown): value is { readonly [UNREADABLE]: unknown } {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, UNREADABLE);
}

/**
 * Refuses, with INVALID_GUARDRAIL, a `guardrails` that is not `{ admission?, input?, output? }`
 * whose stages are arrays of `{ name, judge }` with a non-empty string name and a function judge,
 * and one that throws when it is read (a getter or a proxy trap; `cause` is what it threw). Only
 * own properties are read; `details.path` says which stage or guardrail is wrong, and the message
 * never repeats it.
 */
export function checkGuardrails(
  definition: AnyToolDefinition,
  name: string,
  origin: ToolOrigin,
): void {
  const guardrails: unknown = definition.guardrails;
  if (guardrails === undefined) return;
  const fault = (path: string, what: string, cause?: unknown) =>
    new CatalogError(
      CATALOG_ERROR_CODES.INVALID_GUARDRAIL,
      `Tool ${quote(name)} (${describeOrigin(origin)}) has ${what}.`,
      { tool: name, ...moduleOf(origin), path, ...(cause === undefined ? {} : { cause }) },
    );
  const unreadable = (path: string, what: string, cause: unknown) =>
    fault(path, `${what} that throws when it is read: declare guardrails as plain values`, cause);
  if (typeof guardrails !== 'object' || guardrails === null || Array.isArray(guardrails)) {
    throw fault(
      'guardrails',
      'a `guardrails` that is not an object: group guardrails as `{ admission, input, output }`',
    );
  }
  const stages = guardrails as Readonly<Record<string, unknown>>;
  const keys = attempt(() => Object.keys(stages));
  if (isUnreadable(keys)) throw unreadable('guardrails', 'a `guardrails`', keys[UNREADABLE]);
  const undeclared = keys.filter((stage) => !STAGES.includes(stage));
  if (undeclared.length > 0) {
    throw fault(
      'guardrails',
      `${undeclared.length} undeclared ${undeclared.length === 1 ? 'stage' : 'stages'} in \`guardrails\`: the stages are \`admission\`, \`input\` and \`output\``,
    );
  }
  for (const stage of STAGES) {
    const path = `guardrails.${stage}`;
    const read = attempt(() => {
      const list = Object.hasOwn(stages, stage) ? stages[stage] : undefined;
      return Array.isArray(list) ? [...(list as unknown[])] : list;
    });
    if (isUnreadable(read)) throw unreadable(path, 'a guardrail stage', read[UNREADABLE]);
    if (read === undefined) continue;
    if (!Array.isArray(read)) {
      throw fault(
        path,
        'a guardrail stage that is not an array: list the guardrails of a stage in order',
      );
    }
    read.forEach((guardrail: unknown, index) => {
      const at = `${path}[${index}]`;
      const fields = attempt(() => {
        const record =
          typeof guardrail === 'object' && guardrail !== null
            ? (guardrail as Readonly<Record<string, unknown>>)
            : undefined;
        return { named: record?.['name'], judge: record?.['judge'] };
      });
      if (isUnreadable(fields)) throw unreadable(at, 'a guardrail', fields[UNREADABLE]);
      const { named, judge } = fields;
      if (typeof named !== 'string' || named.trim() === '') {
        throw fault(at, 'a guardrail without a name: give each guardrail a non-empty `name`');
      }
      if (typeof judge !== 'function') {
        throw fault(at, 'a guardrail without a `judge` function: give it one');
      }
    });
  }
}
