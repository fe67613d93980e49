import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import { type Facts, plausible, type ValueKind } from '../facts.ts';
import type { IssueSink } from '../issue-sink.ts';
import type { PlanNode } from '../plan.ts';
import { add } from '../report.ts';
import type { Walk } from '../walk.ts';
import { optionalNote, subject } from '../wording.ts';
import type { Emitter, Interpreter, Keyword } from './keyword.ts';

/** `anyOf`: the value is admitted when one alternative admits it. */
export const anyOfKeyword: Keyword = {
  keywords: ['anyOf'],
  read(schema, node, reader) {
    const anyOf = schema.anyOf;
    if (anyOf === undefined) return;
    if (!Array.isArray(anyOf) || anyOf.length === 0) {
      defect(
        'MALFORMED_SCHEMA',
        reader.at('anyOf'),
        'The keyword `anyOf` does not hold a non-empty array of schemas; give it at least one schema.',
      );
    }
    node.anyOf = anyOf.map((branch, index) =>
      reader.child(branch, `${reader.at('anyOf')}/${index}`),
    );
  },
  lines: {
    NO_ALTERNATIVE: (issue, told) => {
      const expected = expectation(issue, told);
      return `${subject(issue.path)} must match one of the declared alternatives${expected === undefined ? '' : `, namely ${expected}`}${optionalNote(issue)}.`;
    },
  },
};

/** The generated expression: one alternative admits the value in `v`. */
export function anyOfExpression(node: PlanNode, v: string, emitter: Emitter): string {
  return `(${(node.anyOf ?? []).map((branch) => emitter.expression(branch, v)).join(' || ')})`;
}

const alternativeFacts = (node: PlanNode): Facts =>
  node.alternativeTypes === undefined ? {} : { types: node.alternativeTypes };

/**
 * An `anyOf`'s faults. When exactly one alternative's declared types could hold the value, that
 * alternative is told in detail; otherwise the alternatives are told as their declared types. When
 * several could hold it, each is only probed (up to its first fault) before the refusal is told; an
 * alternative that cannot hold the value's kind is never walked. The detailed one is walked once,
 * straight into the sink: no alternative's faults are collected aside, so the sink's bound holds
 * below an `anyOf` too, and a recursive optional (`anyOf: [{ $ref }, { type: null }]`) costs one
 * walk per level.
 */
export function* anyOfWalk(
  node: PlanNode,
  value: unknown,
  kind: ValueKind,
  path: string,
  sink: IssueSink,
  optional: boolean,
  depth: number,
  core: Interpreter,
): Walk {
  const branches = node.anyOf ?? [];
  const plausibles: PlanNode[] = [];
  for (const branch of branches) if (plausible(branch, kind, value)) plausibles.push(branch);
  // An alternative whose declared types cannot hold the value's kind refuses it at once (by its own
  // type, its alternatives' or its reference's), so it is not probed: the `null` of an optional as
  // openai_strict spells it costs nothing on a present value.
  if (plausibles.length > 1) {
    for (const branch of plausibles)
      if ((yield core.admits(branch, value, path, sink, depth)) === true) return;
  }
  if (plausibles.length === 1) {
    yield core.judge(plausibles[0] as PlanNode, value, path, sink, optional, depth);
    return;
  }
  add(sink, optional, GATE_ISSUE_CODES.NO_ALTERNATIVE, path, node, alternativeFacts);
}
