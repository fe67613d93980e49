import { discriminatorOf, escapePointerSegment, isJsonObject } from '@portcullis/schema/document';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import { type Facts, plausible, type ValueKind } from '../facts.ts';
import type { IssueSink } from '../issue-sink.ts';
import type { PlanDiscriminator, PlanNode } from '../plan.ts';
import { add } from '../report.ts';
import type { Walk } from '../walk.ts';
import { optionalNote, placeName, renderValues, subject } from '../wording.ts';
import type { Emitter, Interpreter, Keyword } from './keyword.ts';
import { readName } from './properties.ts';

/** The alternative `{"type": "null"}` that makes a union nullable. */
function isNullOnly(schema: unknown): boolean {
  return isJsonObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
}

/**
 * The discriminator of a union whose alternatives, besides a `{"type": "null"}`, are object shapes
 * selected by one required literal property (read by `discriminatorOf`), or `undefined`. Its
 * `others` are the alternatives that judge a value that is no object: the `{"type": "null"}`, and
 * a member that is also `nullable`.
 */
function readDiscriminator(
  schemas: readonly unknown[],
  nodes: readonly PlanNode[],
): PlanDiscriminator | undefined {
  const shapes: number[] = [];
  const others: PlanNode[] = [];
  schemas.forEach((schema, index) => {
    if (isNullOnly(schema)) others.push(nodes[index] as PlanNode);
    else shapes.push(index);
  });
  if (shapes.length === 0) return undefined;
  const found = discriminatorOf({ anyOf: shapes.map((index) => schemas[index]) });
  if (found === undefined) return undefined;
  // A member spelled with OpenAPI's `nullable: true` (as gemini renders a nullable union) admits
  // null beside its objects, so a value that is no object is judged by it too.
  for (const index of shapes) {
    const shape = schemas[index];
    if (isJsonObject(shape) && shape.nullable === true) others.push(nodes[index] as PlanNode);
  }
  const members = new Map<string, PlanNode>();
  for (const [literal, index] of found.members)
    members.set(literal, nodes[shapes[index] as number] as PlanNode);
  return Object.freeze({
    name: found.property,
    segment: escapePointerSegment(found.property),
    inherited: found.property in Object.prototype,
    members,
    values: Object.freeze([...members.keys()]),
    others: Object.freeze(others),
  });
}

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
    node.discriminator = readDiscriminator(anyOf, node.anyOf);
  },
  lines: {
    DISCRIMINATOR_MISMATCH: (issue, told) => {
      const values = issue.values ?? [];
      const words = told.tell(values, issue.path, renderValues);
      const accepted =
        'full' in words
          ? `${values.length === 1 ? '' : 'one of '}${words.full}`
          : `one of the values listed above for ${placeName(words.place)}`;
      return `${subject(issue.path)} must be present and be ${accepted}: it selects which declared shape the object must have.`;
    },
    NO_ALTERNATIVE: (issue, told) => {
      const expected = expectation(issue, told);
      return `${subject(issue.path)} must match one of the declared alternatives${expected === undefined ? '' : `, namely ${expected}`}${optionalNote(issue)}.`;
    },
  },
};

/**
 * The generated expression: one alternative admits the value in `v`. A discriminated union is a
 * function of its own (see {@link discriminatedFunction}).
 */
export function anyOfExpression(node: PlanNode, v: string, emitter: Emitter): string {
  if (node.discriminator !== undefined) return `u${node.id}(${v})`;
  return `(${(node.anyOf ?? []).map((branch) => emitter.expression(branch, v)).join(' || ')})`;
}

/** Up to this many members, the generated switch compares the discriminator with each literal. */
const SWITCH_ON_LITERALS = 8;

/**
 * The generated function of a discriminated union: an object is judged by the one member its
 * discriminator selects (no other member could admit it), anything else by the other alternatives.
 */
export function discriminatedFunction(node: PlanNode, emitter: Emitter): string | undefined {
  const discriminator = node.discriminator;
  if (discriminator === undefined) return undefined;
  const members = [...discriminator.members];
  const selector = readName(discriminator.name);
  // A switch on strings compares the selector with each literal in turn: past a few members, the
  // literal is looked up in a map to its member's position, and the switch is on that integer.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the switch on literals and on positions select alike
  const indexed = members.length > SWITCH_ON_LITERALS;
  const cases = members.map(
    ([literal, member], index) =>
      `case ${indexed ? index : JSON.stringify(literal)}: return ${emitter.expression(member, 'x')};`,
  );
  const positions = new Map(members.map(([literal], index) => [literal, index]));
  const switched = indexed ? `${emitter.constant(positions)}.get(${selector})` : selector;
  const others = discriminator.others.map((other) => emitter.expression(other, 'x'));
  const lines = [
    `function u${node.id}(x) {`,
    "if (typeof x === 'object' && x !== null && !Array.isArray(x)) {",
    `switch (${switched}) { ${cases.join(' ')} }`,
    '}',
    `return ${others.length === 0 ? 'false' : others.join(' || ')};`,
    '}',
  ];
  // Stryker disable next-line StringLiteral: every line of the function ends in a brace or a semicolon
  return lines.join('\n');
}

const alternativeFacts = (node: PlanNode): Facts =>
  node.alternativeTypes === undefined ? {} : { types: node.alternativeTypes };

/**
 * An `anyOf`'s faults. An object below a discriminated union is judged by the member its
 * discriminator selects, in detail; a missing or unknown discriminator is told with the accepted
 * literals. Otherwise, when exactly one alternative's declared types could hold the value, that
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
  const discriminator = node.discriminator;
  if (discriminator !== undefined && kind === 'object') {
    const object = value as Record<string, unknown>;
    const selector =
      !discriminator.inherited || Object.hasOwn(object, discriminator.name)
        ? object[discriminator.name]
        : undefined;
    const member = typeof selector === 'string' ? discriminator.members.get(selector) : undefined;
    if (member !== undefined) {
      yield core.judge(member, value, path, sink, optional, depth);
      return;
    }
    const values = discriminator.values;
    const at = `${path}/${discriminator.segment}`;
    add(sink, false, GATE_ISSUE_CODES.DISCRIMINATOR_MISMATCH, at, node, () => ({ values }));
    return;
  }
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
