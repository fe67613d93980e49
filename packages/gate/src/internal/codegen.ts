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
 * Generates one JavaScript function per plan node (document constants travel in an array, never
 * inside the source text, except property names as `JSON.stringify` literals) and returns the root's.
 * Generated once per document; the result only reads the value. The checks of each kind of value
 * are the keyword modules' (`node.checks`); this file holds the dispatch on the value's kind.
 */
export function generateChecker(plan: Plan): Checker {
  const constants: unknown[] = [];
  const constant = (value: unknown): string => {
    constants.push(value);
    return `K[${constants.length - 1}]`;
  };
  const fn = (node: PlanNode): string => `f${node.id}`;

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

  /** A node whose types exclude objects and arrays, with no anyOf or $ref: one inline expression. */
  const isLeaf = (node: PlanNode): boolean =>
    node.admits === 'schema' &&
    node.types !== undefined &&
    !node.types.includes('object') &&
    !node.types.includes('array') &&
    node.anyOf === undefined &&
    node.ref === undefined;

  const leafExpression = (node: PlanNode, v: string): string => {
    const types = node.types ?? [];
    const bounds = checksOn(node, 'number', v);
    const numeric = (finite: string): string => {
      const asNumber = [finite, ...bounds].join(' && ');
      const asBigint = [`typeof ${v} === 'bigint'`, `fits(${v})`, ...bounds].join(' && ');
      return `(typeof ${v} === 'number' ? ${asNumber} : ${asBigint})`;
    };
    const parts: string[] = [];
    for (const type of types) {
      if (type === 'string') {
        parts.push(`(${[`typeof ${v} === 'string'`, ...stringChecks(node, v)].join(' && ')})`);
      } else if (type === 'number') parts.push(numeric(`${v} - ${v} === 0`));
      else if (type === 'integer' && !types.includes('number'))
        parts.push(numeric(`Number.isInteger(${v})`));
      else if (type === 'boolean') parts.push(`typeof ${v} === 'boolean'`);
      else if (type === 'null') parts.push(`${v} === null`);
    }
    return `(${[`(${parts.join(' || ')})`, ...anyKindChecks(node, v)].join(' && ')})`;
  };

  /** A node that is only a reference is its target: the end of that chain, followed in a loop. */
  const ends = new Map<PlanNode, PlanNode>();
  const isOnlyReference = (node: PlanNode): node is PlanNode & { ref: PlanNode } =>
    node.pure && node.anyOf === undefined && node.ref !== undefined;
  const endOf = (place: PlanNode): PlanNode => {
    const passed: PlanNode[] = [];
    let node = place;
    while (isOnlyReference(node) && !ends.has(node)) {
      passed.push(node);
      node = node.ref;
    }
    const end = ends.get(node) ?? node;
    for (const step of passed) ends.set(step, end);
    return end;
  };

  /** A boolean expression judging the value held in the variable `v` against `node`. */
  const expression = (place: PlanNode, v: string): string => {
    const node = endOf(place);
    if (node.admits === 'all') return `isJson(${v})`;
    if (node.admits === 'none') return 'false';
    if (isLeaf(node)) return leafExpression(node, v);
    return `${fn(node)}(${v})`;
  };
  const emitter: Emitter = { constant, expression };

  /**
   * The string test: admissible text, unless a check that admits only admissible text (a temporal
   * format) or an enum of admissible strings is declared; then the string's own checks.
   */
  const stringChecks = (node: PlanNode, v: string): string[] => {
    const covered = node.checks.some(
      ({ check, state }) => check.on === 'string' && check.coversText?.(state) === true,
    );
    const members = node.constValues ?? node.enumValues;
    const closedSet =
      covered || members?.every((member) => typeof member !== 'string' || isAdmissibleText(member));
    const own = checksOn(node, 'string', v).map((check) =>
      /^[\w.[\]]+\([\w.]*\)$/.test(check) ? check : `(${check})`,
    );
    return [...(closedSet ? [] : [`text(${v})`]), ...own];
  };

  const ifNot = (expressions: readonly string[]): string[] =>
    expressions.length === 0 ? [] : [`if (!(${expressions.join(' && ')})) return false;`];

  const arrayLines = (node: PlanNode): string[] => [
    ...itemLines(node, emitter),
    ...ifNot(checksOn(node, 'array', 'x')),
  ];

  const body = (node: PlanNode): string => {
    if (node.admits === 'all') return 'return isJson(x);';
    if (node.admits === 'none') return 'return false;';
    if (node.pure) return `return ${anyKindChecks(node, 'x').join(' && ')};`;
    const tail = [
      ...anyKindChecks(node, 'x').map((check) => `if (!${check}) return false;`),
      'return true;',
    ];
    const types = node.types;
    if (types !== undefined && types.length === 1 && types[0] === 'object') {
      return [
        "if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;",
        '{ const p = getPrototypeOf(x); if (p !== OBJECT && p !== null) return false; }',
        ...objectLines(node, emitter),
        ...tail,
      ].join('\n');
    }
    if (types !== undefined && types.length === 1 && types[0] === 'array') {
      return [
        'if (!Array.isArray(x) || x.constructor !== ARRAY) return false;',
        ...arrayLines(node),
        ...tail,
      ].join('\n');
    }
    const allows = (name: JsonType): boolean => types === undefined || types.includes(name);
    const numberAllowed = allows('number');
    const integerAllowed = numberAllowed || allows('integer');
    const boundsLine = ifNot(checksOn(node, 'number', 'x'));
    const lines: string[] = ['switch (typeof x) {', "case 'string':"];
    if (!allows('string')) lines.push('return false;');
    else {
      for (const check of stringChecks(node, 'x')) lines.push(`if (!${check}) return false;`);
      lines.push('break;');
    }
    lines.push("case 'number':");
    if (!integerAllowed) lines.push('return false;');
    else {
      lines.push(
        numberAllowed
          ? 'if (x - x !== 0) return false;'
          : 'if (!Number.isInteger(x)) return false;',
      );
      lines.push(...boundsLine, 'break;');
    }
    lines.push("case 'bigint':");
    if (!integerAllowed) lines.push('return false;');
    else lines.push('if (!fits(x)) return false;', ...boundsLine, 'break;');
    lines.push("case 'boolean':", allows('boolean') ? 'break;' : 'return false;');
    lines.push(
      "case 'object':",
      'if (x === null) {',
      allows('null') ? 'break;' : 'return false;',
      '}',
    );
    lines.push('if (Array.isArray(x)) {');
    if (!allows('array')) lines.push('return false;');
    else lines.push('if (x.constructor !== ARRAY) return false;', ...arrayLines(node), 'break;');
    lines.push('}');
    lines.push('{ const p = getPrototypeOf(x); if (p !== OBJECT && p !== null) return false; }');
    if (!allows('object')) lines.push('return false;');
    else lines.push(...objectLines(node, emitter), 'break;');
    lines.push('default:', 'return false;', '}', ...tail);
    return lines.join('\n');
  };

  const functions = plan.nodes
    .filter((node) => node === plan.root || !isLeaf(node))
    .map((node) => `function ${fn(node)}(x) {\n${body(node)}\n}`);
  for (const node of plan.nodes) {
    const unionFunction = discriminatedFunction(node, emitter);
    if (unionFunction !== undefined) functions.push(unionFunction);
  }
  const source = `'use strict';\n${functions.join('\n')}\nreturn ${fn(plan.root)};`;
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
  const factory = new Function(...helpers.map(([name]) => name), source) as (
    ...dependencies: unknown[]
  ) => Checker;
  return factory(...helpers.map(([, helper]) => helper));
}
