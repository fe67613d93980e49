import type { JsonValue, TemporalFormat } from '@portcullis/schema';
import type { EnumIndex } from './enum-index.ts';
import { jsonEqual } from './json-equal.ts';
import { fitsDouble, isJsonValue } from './json-value.ts';
import type { JsonType, Plan, PlanNode } from './plan.ts';
import { isDate, isDateTime, isDuration, isTime } from './temporal.ts';
import { isAdmissibleText } from './text.ts';

/** A compiled acceptance test: true exactly when the interpreter finds no fault. */
export type Checker = (value: unknown) => boolean;

const FORMAT_HELPER: Record<TemporalFormat, string> = {
  'date-time': 'isDateTime',
  date: 'isDate',
  time: 'isTime',
  duration: 'isDuration',
};

/** Names on `Object.prototype`: reading one from a value must not find the inherited member. */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Generates one JavaScript function per plan node (document constants travel in an array, never
 * inside the source text, except property names as `JSON.stringify` literals) and returns the root's.
 * Generated once per document; the result only reads the value.
 */
export function generateChecker(plan: Plan): Checker {
  const constants: unknown[] = [];
  const constant = (value: unknown): string => {
    constants.push(value);
    return `K[${constants.length - 1}]`;
  };
  const fn = (node: PlanNode): string => `f${node.id}`;
  const read = (name: string): string =>
    INHERITED_NAMES.has(name)
      ? `(hasOwn(x, ${JSON.stringify(name)}) ? x[${JSON.stringify(name)}] : undefined)`
      : IDENTIFIER.test(name)
        ? `x.${name}`
        : `x[${JSON.stringify(name)}]`;
  const present = (name: string): string =>
    INHERITED_NAMES.has(name)
      ? `hasOwn(x, ${JSON.stringify(name)})`
      : `${JSON.stringify(name)} in x`;

  const equalsExpression = (v: string, value: JsonValue): string => {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) {
      return `${v} === ${JSON.stringify(value)}`;
    }
    if (typeof value === 'number') {
      const member = constant(value);
      return `${v} === ${member} || (typeof ${v} === 'bigint' && eq(${v}, ${member}))`;
    }
    return `eq(${v}, ${constant(value)})`;
  };

  /** A few members are compared inline; more are looked up in the plan's index, in one step. */
  const enumExpression = (v: string, values: readonly JsonValue[], index?: EnumIndex): string => {
    if (values.length === 0) return 'false';
    if (index !== undefined && values.length > 6) return `${constant(index)}.has(${v})`;
    return values.map((value) => equalsExpression(v, value)).join(' || ');
  };

  /** Enum, const, anyOf and $ref: the keywords that apply to a value of any kind. */
  const anyKindChecks = (node: PlanNode, v: string): string[] => {
    const checks: string[] = [];
    if (node.enumValues !== undefined)
      checks.push(`(${enumExpression(v, node.enumValues, node.enumIndex)})`);
    if (node.hasConst) checks.push(`(${enumExpression(v, [node.constValue as JsonValue])})`);
    if (node.anyOf !== undefined) {
      checks.push(`(${node.anyOf.map((branch) => expression(branch, v)).join(' || ')})`);
    }
    if (node.ref !== undefined) checks.push(expression(node.ref, v));
    return checks;
  };

  const boundChecks = (node: PlanNode, v: string): string[] => {
    const checks: string[] = [];
    if (node.minimum !== undefined) checks.push(`${v} >= ${constant(node.minimum)}`);
    if (node.maximum !== undefined) checks.push(`${v} <= ${constant(node.maximum)}`);
    if (node.exclusiveMinimum !== undefined)
      checks.push(`${v} > ${constant(node.exclusiveMinimum)}`);
    if (node.exclusiveMaximum !== undefined)
      checks.push(`${v} < ${constant(node.exclusiveMaximum)}`);
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
    const bounds = boundChecks(node, v);
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

  /** A boolean expression judging the value held in the variable `v` against `node`. */
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

  const expression = (place: PlanNode, v: string): string => {
    const node = endOf(place);
    if (node.admits === 'all') return `isJson(${v})`;
    if (node.admits === 'none') return 'false';
    if (isLeaf(node)) return leafExpression(node, v);
    return `${fn(node)}(${v})`;
  };

  /**
   * The string test: admissible text, unless a format or an enum of admissible strings is declared,
   * which admit only admissible text themselves (the temporal grammars are ASCII).
   */
  const stringChecks = (node: PlanNode, v: string): string[] => {
    if (node.format !== undefined) return [`${FORMAT_HELPER[node.format]}(${v})`];
    const members = node.hasConst ? [node.constValue] : node.enumValues;
    const closedSet = members?.every(
      (member) => typeof member !== 'string' || isAdmissibleText(member),
    );
    return closedSet ? [] : [`text(${v})`];
  };

  const arrayLines = (node: PlanNode): string[] => [
    `for (let i = 0; i < x.length; i++) { const e = x[i]; if (!${node.items === undefined ? 'isJson(e)' : expression(node.items, 'e')}) return false; }`,
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
        ...objectLines(node),
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
    const bounds = boundChecks(node, 'x');
    const boundsLine = bounds.length === 0 ? [] : [`if (!(${bounds.join(' && ')})) return false;`];
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
    else lines.push(...objectLines(node), 'break;');
    lines.push('default:', 'return false;', '}', ...tail);
    return lines.join('\n');
  };

  const objectLines = (node: PlanNode): string[] => {
    const lines: string[] = [];
    const declared = [
      ...(node.properties ?? []).map((property) => property.name),
      ...node.requiredOnly,
    ];
    let index = 0;
    for (const property of node.properties ?? []) {
      const v = `v${index++}`;
      lines.push(`{ const ${v} = ${read(property.name)};`);
      lines.push(
        `if (${v} === undefined) { ${property.required ? 'return false;' : `if (${present(property.name)}) return false;`} }`,
      );
      lines.push(`else if (!${expression(property.node, v)}) return false; }`);
    }
    const rest = (v: string): string =>
      node.additional === undefined ? `isJson(${v})` : expression(node.additional, v);
    for (const name of node.requiredOnly) {
      const v = `v${index++}`;
      lines.push(
        `{ const ${v} = ${read(name)};`,
        `if (${v} === undefined || !${rest(v)}) return false; }`,
      );
    }
    const closed = node.additional !== undefined && node.additional.admits === 'none';
    lines.push('for (const k in x) {');
    if (declared.length > 0) {
      lines.push(
        `switch (k) { ${declared.map((name) => `case ${JSON.stringify(name)}:`).join(' ')} continue; }`,
      );
    }
    lines.push(
      closed ? 'return false;' : `{ const e = x[k]; if (!text(k) || !${rest('e')}) return false; }`,
      '}',
    );
    return lines;
  };

  const functions = plan.nodes
    .filter((node) => node === plan.root || !isLeaf(node))
    .map((node) => `function ${fn(node)}(x) {\n${body(node)}\n}`);
  const source = `'use strict';\n${functions.join('\n')}\nreturn ${fn(plan.root)};`;
  const factory = new Function(
    'K',
    'text',
    'isJson',
    'eq',
    'isDateTime',
    'isDate',
    'isTime',
    'isDuration',
    'hasOwn',
    'getPrototypeOf',
    'OBJECT',
    'ARRAY',
    'fits',
    source,
  ) as (...dependencies: unknown[]) => Checker;
  return factory(
    constants,
    isAdmissibleText,
    isJsonValue,
    jsonEqual,
    isDateTime,
    isDate,
    isTime,
    isDuration,
    Object.hasOwn,
    Object.getPrototypeOf,
    Object.prototype,
    Array,
    fitsDouble,
  );
}
