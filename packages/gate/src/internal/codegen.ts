import type { JsonValue } from '@portcullis/schema';
import type { TemporalFormat } from '../keywords.ts';
import { jsonEqual } from './json-equal.ts';
import { isJsonValue } from './json-value.ts';
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

  const equalsExpression = (value: JsonValue): string => {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) {
      return `x === ${JSON.stringify(value)}`;
    }
    if (typeof value === 'number') {
      const member = constant(value);
      return `x === ${member} || (typeof x === 'bigint' && eq(x, ${member}))`;
    }
    return `eq(x, ${constant(value)})`;
  };

  const enumExpression = (values: readonly JsonValue[]): string => {
    if (values.length === 0) return 'false';
    const strings = values.filter((value) => typeof value === 'string');
    const others = values.filter((value) => typeof value !== 'string');
    const parts: string[] = [];
    if (strings.length > 6) parts.push(`${constant(new Set(strings))}.has(x)`);
    else for (const value of strings) parts.push(equalsExpression(value));
    for (const value of others) parts.push(equalsExpression(value));
    return parts.join(' || ');
  };

  const body = (node: PlanNode): string => {
    if (node.admits === 'all') return 'return isJson(x);';
    if (node.admits === 'none') return 'return false;';
    const types = node.types === undefined ? undefined : new Set(node.types);
    const allows = (name: JsonType): boolean => types === undefined || types.has(name);
    const numberAllowed = allows('number');
    const integerAllowed = numberAllowed || allows('integer');
    const lines: string[] = ['switch (typeof x) {'];

    lines.push("case 'string':");
    if (!allows('string')) lines.push('return false;');
    else {
      lines.push('if (!text(x)) return false;');
      if (node.format !== undefined)
        lines.push(`if (!${FORMAT_HELPER[node.format]}(x)) return false;`);
      lines.push('break;');
    }

    const bounds: string[] = [];
    if (node.minimum !== undefined) bounds.push(`x < ${constant(node.minimum)}`);
    if (node.maximum !== undefined) bounds.push(`x > ${constant(node.maximum)}`);
    if (node.exclusiveMinimum !== undefined) bounds.push(`x <= ${constant(node.exclusiveMinimum)}`);
    if (node.exclusiveMaximum !== undefined) bounds.push(`x >= ${constant(node.exclusiveMaximum)}`);
    const boundsLine = bounds.length === 0 ? [] : [`if (${bounds.join(' || ')}) return false;`];

    lines.push("case 'number':");
    if (!integerAllowed) lines.push('return false;');
    else {
      lines.push('if (x - x !== 0) return false;');
      if (!numberAllowed) lines.push('if (!Number.isInteger(x)) return false;');
      lines.push(...boundsLine, 'break;');
    }
    lines.push("case 'bigint':");
    if (!integerAllowed) lines.push('return false;');
    else lines.push(...boundsLine, 'break;');

    lines.push("case 'boolean':", allows('boolean') ? 'break;' : 'return false;');

    lines.push(
      "case 'object':",
      'if (x === null) {',
      allows('null') ? 'break;' : 'return false;',
      '}',
    );
    lines.push('if (Array.isArray(x)) {');
    if (!allows('array')) lines.push('return false;');
    else {
      const item = node.items === undefined ? 'isJson' : fn(node.items);
      lines.push(`for (let i = 0; i < x.length; i++) if (!${item}(x[i])) return false;`, 'break;');
    }
    lines.push('}');
    lines.push('{ const p = getPrototypeOf(x); if (p !== OBJECT && p !== null) return false; }');
    if (!allows('object')) lines.push('return false;');
    else lines.push(...objectLines(node), 'break;');
    lines.push('default:', 'return false;', '}');

    if (node.enumValues !== undefined)
      lines.push(`if (!(${enumExpression(node.enumValues)})) return false;`);
    if (node.hasConst)
      lines.push(`if (!(${enumExpression([node.constValue as JsonValue])})) return false;`);
    if (node.anyOf !== undefined) {
      lines.push(
        `if (!(${node.anyOf.map((branch) => `${fn(branch)}(x)`).join(' || ')})) return false;`,
      );
    }
    if (node.ref !== undefined) lines.push(`if (!${fn(node.ref)}(x)) return false;`);
    lines.push('return true;');
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
      lines.push(`else if (!${fn(property.node)}(${v})) return false; }`);
    }
    const rest = node.additional === undefined ? 'isJson' : fn(node.additional);
    for (const name of node.requiredOnly) {
      const v = `v${index++}`;
      lines.push(
        `{ const ${v} = ${read(name)};`,
        `if (${v} === undefined || !${rest}(${v})) return false; }`,
      );
    }
    const closed = node.additional !== undefined && node.additional.admits === 'none';
    lines.push('for (const k in x) {');
    if (declared.length > 0) {
      lines.push(
        `switch (k) { ${declared.map((name) => `case ${JSON.stringify(name)}:`).join(' ')} continue; }`,
      );
    }
    lines.push(closed ? 'return false;' : `if (!text(k) || !${rest}(x[k])) return false;`, '}');
    return lines;
  };

  const functions = plan.nodes.map((node) => `function ${fn(node)}(x) {\n${body(node)}\n}`);
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
  );
}
