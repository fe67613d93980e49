import type { ToolOrigin } from '../catalog.ts';
import type { AnyToolDefinition } from '../define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { describeOrigin, moduleOf } from './origin.ts';
import { quote } from './quote.ts';

/** The stages a definition's guardrails are grouped by, in the order the dispatcher runs them. */
const STAGES: readonly string[] = Object.freeze(['admission', 'input', 'output']);

/**
 * Refuses, with INVALID_GUARDRAIL, a `guardrails` that is not `{ admission?, input?, output? }`
 * whose stages are arrays of `{ name, judge }` with a non-empty string name and a function judge.
 * Only own properties are read; `details.path` says which stage or guardrail is wrong.
 */
export function checkGuardrails(
  definition: AnyToolDefinition,
  name: string,
  origin: ToolOrigin,
): void {
  const guardrails: unknown = definition.guardrails;
  if (guardrails === undefined) return;
  const fault = (path: string, what: string) =>
    new CatalogError(
      CATALOG_ERROR_CODES.INVALID_GUARDRAIL,
      `Tool ${quote(name)} (${describeOrigin(origin)}) has ${what}.`,
      { tool: name, ...moduleOf(origin), path },
    );
  if (typeof guardrails !== 'object' || guardrails === null || Array.isArray(guardrails)) {
    throw fault(
      'guardrails',
      'a `guardrails` that is not an object: group guardrails as `{ admission, input, output }`',
    );
  }
  const stages = guardrails as Readonly<Record<string, unknown>>;
  const undeclared = Object.keys(stages).filter((stage) => !STAGES.includes(stage));
  if (undeclared.length > 0) {
    throw fault(
      'guardrails',
      `${undeclared.length} undeclared ${undeclared.length === 1 ? 'stage' : 'stages'} in \`guardrails\`: the stages are \`admission\`, \`input\` and \`output\``,
    );
  }
  for (const stage of STAGES) {
    const list = Object.hasOwn(stages, stage) ? stages[stage] : undefined;
    if (list === undefined) continue;
    const path = `guardrails.${stage}`;
    if (!Array.isArray(list)) {
      throw fault(
        path,
        `a \`${path}\` that is not an array: list the guardrails of a stage in order`,
      );
    }
    list.forEach((guardrail: unknown, index) => {
      const at = `${path}[${index}]`;
      const record =
        typeof guardrail === 'object' && guardrail !== null
          ? (guardrail as Readonly<Record<string, unknown>>)
          : undefined;
      const named = record?.['name'];
      if (typeof named !== 'string' || named.trim() === '') {
        throw fault(
          at,
          `a guardrail at \`${at}\` without a name: give each guardrail a non-empty \`name\``,
        );
      }
      if (typeof record?.['judge'] !== 'function') {
        throw fault(at, `a guardrail at \`${at}\` without a \`judge\` function: give it one`);
      }
    });
  }
}
