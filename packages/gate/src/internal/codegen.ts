import { jsonEqual } from './json-equal.ts';
import { fitsDouble, isJsonValue } from './json-value.ts';
import { anyOfExpression, discriminatedFunction } from './keywords/any-of.ts';
import { FORMAT_HELPERS } from './keywords/format.ts';
import { itemLines } from './keywords/items.ts';
import type { CheckedKind, Emitter } from './keywords/keyword.ts';
import { objectLines } from './keywords/properties.ts';
import type { JsonType, Plan, PlanNode } from './plan.ts';
import { isAdmissibleText } from './text.ts';

/** A compiled acceptance test: true exactly when the interpreter finds no fault. */
export type Checker = (value: unknown) => boolean;

/**
 * Generates one JavaScript function per place called (document constants travel in an array, never
 * inside the source text, except property names as `JSON.stringify` literals) and returns the root's.
 * Generated once per document; the result only reads the value. The checks of each kind of value
 * are the keyword modules' (`node.checks`); this file holds the dispatch on the value's kind.
 */
export function generateChecker(plan: Plan): Checker {
  // Stryker disable next-line ArrayDeclaration: a constant's index is the list's length less one, whatever the list starts with
  const constants: unknown[] = [];
  const constant = (value: unknown): string => `K[${constants.push(value) - 1}]`;
  const fn = (node: PlanNode): string => `f${node.id}`;
  /** The places judged by a function of their own: the root, and each place an expression calls. */
  const called = new Set<PlanNode>([plan.root]);

  /** The expressions of the node's checks on values of `kind`, in the table's order. */
  const checksOn = (node: PlanNode, kind: CheckedKind, v: string): string[] => {
    const expressions: string[] = [];
    for (const { check, state } of node.checks)
      if (check.on === kind) expressions.push(check.emit(state, v, constant));
    return expressions;
  };

  /** Enum, const, anyOf and $ref: the keywords that apply to a value of any kind. */
  const anyKindChecks = (node: PlanNode, v: string): string[] => {
    const checks = checksOn(node, 'any', v);
    if (node.anyOf !== undefined) checks.push(anyOfExpression(node, v, emitter));
    if (node.ref !== undefined) checks.push(expression(node.ref, v));
    return checks;
  };

  /**
   * The types of a place that holds no other value (none is an object or an array) and has no
   * anyOf or $ref, judged by one inline expression where it stands; `undefined` for any other.
   * A place with an anyOf or a $ref is a function, called, so a place that others share is written
   * once: inlined, a chain of references would be written at every place that uses it, and
   * alternatives that share their members once per path through them, exponential in the depth.
   */
  const leafTypes = (node: PlanNode): readonly JsonType[] | undefined =>
    node.anyOf === undefined &&
    node.ref === undefined &&
    node.types?.every((type) => type !== 'object' && type !== 'array')
      ? node.types
      : undefined;

  const leafExpression = (node: PlanNode, types: readonly JsonType[], v: string): string => {
    const bounds = checksOn(node, 'number', v);
    const numeric = (finite: string): string => {
      const asNumber = [finite, ...bounds].join(' && ');
      const asBigint = [`typeof ${v} === 'bigint'`, `fits(${v})`, ...bounds].join(' && ');
      return `(typeof ${v} === 'number' ? ${asNumber} : ${asBigint})`;
    };
    const parts = types.map((type) => {
      if (type === 'string')
        return `(${[`typeof ${v} === 'string'`, ...stringChecks(node, v)].join(' && ')})`;
      if (type === 'number') return numeric(`${v} - ${v} === 0`);
      if (type === 'integer') return numeric(`Number.isInteger(${v})`);
      if (type === 'boolean') return `typeof ${v} === 'boolean'`;
      return `${v} === null`;
    });
    return `(${[`(${parts.join(' || ')})`, ...anyKindChecks(node, v)].join(' && ')})`;
  };

  /** A node that is only a reference is its target: the end of that chain, followed in a loop. */
  const endOf = (place: PlanNode): PlanNode => {
    let node = place;
    // A pure node asserts nothing of its own: without an anyOf, it is its $ref.
    while (node.pure && node.anyOf === undefined) node = node.ref as PlanNode;
    return node;
  };

  /** A boolean expression judging the value held in the variable `v` against `node`. */
  const expression = (place: PlanNode, v: string): string => {
    const node = endOf(place);
    const types = leafTypes(node);
    if (types !== undefined) return leafExpression(node, types, v);
    called.add(node);
    return `${fn(node)}(${v})`;
  };
  const emitter: Emitter = { constant, expression };

  /**
   * The string test: admissible text, unless a check that admits only admissible text (a temporal
   * format) or an enum of admissible strings is declared; then the string's own checks.
   */
  const stringChecks = (node: PlanNode, v: string): string[] => {
    const covered = node.checks.some(({ check, state }) => check.coversText?.(state) === true);
    const members = node.constValues ?? node.enumValues;
    const closedSet =
      covered || members?.every((member) => typeof member !== 'string' || isAdmissibleText(member));
    const own = checksOn(node, 'string', v).map((check) => `(${check})`);
    return [...(closedSet ? [] : [`text(${v})`]), ...own];
  };

  const ifNot = (expressions: readonly string[]): string[] =>
    expressions.length === 0 ? [] : [`if (!(${expressions.join(' && ')})) return false;`];

  /**
   * The statements of a place's function: one branch for each kind of value its types allow (an
   * object first, the most common; `typeof null` is `'object'` too), each refusing what its kind's
   * checks refuse, anything else refused; then the checks of any kind.
   */
  const body = (node: PlanNode): string[] => {
    if (node.admits === 'none') return ['return false;'];
    if (node.pure) return [`return ${anyKindChecks(node, 'x').join(' && ')};`];
    const types = node.types;
    const allows = (name: JsonType): boolean => types === undefined || types.includes(name);
    const kinds: Array<readonly [string, readonly string[]]> = [
      [
        'object',
        [
          `if (x === null) { ${allows('null') ? '' : 'return false;'} }`,
          'else if (Array.isArray(x)) {',
          ...(allows('array')
            ? [
                'if (x.constructor !== ARRAY) return false;',
                ...itemLines(node, emitter),
                ...ifNot(checksOn(node, 'array', 'x')),
              ]
            : ['return false;']),
          '} else {',
          ...(allows('object')
            ? [
                '{ const p = getPrototypeOf(x); if (p !== OBJECT && p !== null) return false; }',
                ...objectLines(node, emitter),
                ...ifNot(checksOn(node, 'object', 'x')),
              ]
            : ['return false;']),
          '}',
        ],
      ],
    ];
    if (allows('string'))
      kinds.push([
        'string',
        stringChecks(node, 'x').map((check) => `if (!${check}) return false;`),
      ]);
    const numberAllowed = allows('number');
    if (numberAllowed || allows('integer')) {
      const bounds = ifNot(checksOn(node, 'number', 'x'));
      const finite = numberAllowed ? 'x - x === 0' : 'Number.isInteger(x)';
      kinds.push(['number', [`if (!(${finite})) return false;`, ...bounds]]);
      kinds.push(['bigint', ['if (!fits(x)) return false;', ...bounds]]);
    }
    if (allows('boolean')) kinds.push(['boolean', []]);
    const lines: string[] = [];
    for (const [kind, block] of kinds)
      lines.push(`if (typeof x === '${kind}') {`, ...block, '} else');
    lines.push('return false;');
    for (const check of anyKindChecks(node, 'x')) lines.push(`if (!${check}) return false;`);
    lines.push('return true;');
    return lines;
  };

  // Stryker disable next-line ArrayDeclaration,StringLiteral: no generated statement reads `this` or writes a name it does not declare, so strict mode changes no verdict (it turns such a slip of the generator into an error)
  const lines = ["'use strict';"];
  // A Set visits the places added while it is read: each function written may call new ones. A
  // discriminated union's function is written beside its place's, the one that calls it.
  for (const node of called)
    lines.push(
      `function ${fn(node)}(x) {`,
      ...body(node),
      '}',
      discriminatedFunction(node, emitter) ?? '',
    );
  lines.push(`return ${fn(plan.root)};`);
  const helpers: ReadonlyArray<readonly [string, unknown]> = [
    ['K', constants],
    ['text', isAdmissibleText],
    ['isJson', isJsonValue],
    ['eq', jsonEqual],
    ...FORMAT_HELPERS,
    ['hasOwn', Object.hasOwn],
    ['getPrototypeOf', Object.getPrototypeOf],
    ['OBJECT', Object.prototype],
    ['ARRAY', Array],
    ['fits', fitsDouble],
  ];
  // Stryker disable next-line StringLiteral: every generated statement ends in a semicolon or a brace, so the separator is only for a reader of the source
  const source = lines.join('\n');
  const factory = new Function(...helpers.map(([name]) => name), source) as (
    ...dependencies: unknown[]
  ) => Checker;
  return factory(...helpers.map(([, helper]) => helper));
}
