import { escapePointerSegment, isDuplicateKey, isJsonObject } from '@portcullis/schema/document';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from '../../keywords.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import { factsOf } from '../facts.ts';
import type { IssueSink } from '../issue-sink.ts';
import { ChildPlace } from '../place.ts';
import type { PlanNode, PlanProperty } from '../plan.ts';
import { add, addPlain } from '../report.ts';
import { isAdmissibleText } from '../text.ts';
import type { Walk } from '../walk.ts';
import { placeName, renderNames, subject } from '../wording.ts';
import type { Emitter, Interpreter, Keyword } from './keyword.ts';
import { keyRuleFacts, keyRuleLine } from './property-names.ts';

/*
 * The object shape: `properties`, `required` and `additionalProperties`, read together (a required
 * name may be declared by either) and judged in one pass over the object.
 */

/** Names on `Object.prototype`: reading one from a value must not find the inherited member. */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Reads the declared name from `x` in generated code: an inherited member is never found. */
export function readName(name: string, x = 'x'): string {
  return INHERITED_NAMES.has(name)
    ? `(hasOwn(${x}, ${JSON.stringify(name)}) ? ${x}[${JSON.stringify(name)}] : undefined)`
    : IDENTIFIER.test(name)
      ? `${x}.${name}`
      : `${x}[${JSON.stringify(name)}]`;
}

function presentName(name: string): string {
  return INHERITED_NAMES.has(name)
    ? `hasOwn(x, ${JSON.stringify(name)})`
    : `${JSON.stringify(name)} in x`;
}

export const propertiesKeyword: Keyword = {
  keywords: ['properties', 'required', 'additionalProperties'],
  read(schema, node, reader) {
    const required = schema.required;
    let requiredNames: readonly string[] = [];
    if (required !== undefined) {
      if (
        !Array.isArray(required) ||
        !required.every((name) => typeof name === 'string') ||
        new Set(required).size !== required.length
      ) {
        defect(
          'MALFORMED_SCHEMA',
          reader.at('required'),
          'The keyword `required` does not hold an array of distinct names; make it one.',
        );
      }
      requiredNames = required as string[];
    }
    const properties = schema.properties;
    const declared = new Set<string>();
    if (properties !== undefined) {
      if (!isJsonObject(properties))
        defect(
          'MALFORMED_SCHEMA',
          reader.at('properties'),
          'The keyword `properties` does not hold an object; make it an object of schemas.',
        );
      const list: PlanProperty[] = [];
      for (const name of Object.keys(properties)) {
        declared.add(name);
        list.push({
          name,
          segment: escapePointerSegment(name),
          node: reader.child(
            properties[name],
            `${reader.at('properties')}/${escapePointerSegment(name)}`,
          ),
          required: requiredNames.includes(name),
          inherited: name in Object.prototype,
        });
      }
      node.properties = list;
    }
    node.requiredOnly = requiredNames.filter((name) => !declared.has(name));
    node.requiredOnlySegments = node.requiredOnly.map(escapePointerSegment);
    node.accepted = Object.freeze([...declared, ...node.requiredOnly]);
    node.declared = new Set(node.accepted);
    if (
      schema.additionalProperties === false &&
      declared.size === 0 &&
      node.requiredOnly.length === 0 &&
      typeof schema.description === 'string'
    )
      node.closedDescription = schema.description;
    if (schema.additionalProperties !== undefined) {
      node.additional = reader.child(
        schema.additionalProperties,
        reader.at('additionalProperties'),
      );
    }
  },
  lines: {
    MISSING_PROPERTY: (issue, told) =>
      `The required value at \`${issue.path}\` is missing; send ${expectation(issue, told) ?? 'a value'}.`,
    UNDECLARED_PROPERTY: (issue, told) => {
      const count = issue.count ?? 1;
      const names = issue.names ?? [];
      const words = told.tell(names, issue.path, renderNames);
      const accepted =
        names.length === 0
          ? `no name is accepted there${issue.description === undefined ? '' : `: ${issue.description}`}`
          : 'full' in words
            ? `the accepted names are ${words.full}`
            : `the accepted names are those listed above for ${placeName(words.place)}`;
      return `${subject(issue.path)} must hold only declared names; remove the ${count} other ${count === 1 ? 'name' : 'names'} (${accepted}).`;
    },
  },
};

/** The generated lines judging the object in `x` (a plain object) against its shape. */
export function objectLines(node: PlanNode, emitter: Emitter): string[] {
  const lines: string[] = [];
  const declared = [
    ...(node.properties ?? []).map((property) => property.name),
    ...node.requiredOnly,
  ];
  let index = 0;
  for (const property of node.properties ?? []) {
    const v = `v${index++}`;
    lines.push(`{ const ${v} = ${readName(property.name)};`);
    lines.push(
      `if (${v} === undefined) { ${property.required ? 'return false;' : `if (${presentName(property.name)}) return false;`} }`,
    );
    lines.push(`else if (!${emitter.expression(property.node, v)}) return false; }`);
  }
  const rest = (v: string): string =>
    node.additional === undefined ? `isJson(${v})` : emitter.expression(node.additional, v);
  for (const name of node.requiredOnly) {
    const v = `v${index++}`;
    lines.push(
      `{ const ${v} = ${readName(name)};`,
      `if (${v} === undefined || !${rest(v)}) return false; }`,
    );
  }
  const closed = node.additional !== undefined && node.additional.admits === 'none';
  lines.push('for (const k in x) {', ...keyRuleLine(node, emitter));
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
}

/** Reads a declared name as an own property: a name on `Object.prototype` is never inherited. */
function own(object: Record<string, unknown>, name: string, inherited: boolean): unknown {
  return !inherited || Object.hasOwn(object, name) ? object[name] : undefined;
}

/** The interpreter's walk of an object against its shape. */
export function* objectWalk(
  node: PlanNode,
  object: Record<string, unknown>,
  path: string,
  sink: IssueSink,
  depth: number,
  core: Interpreter,
): Walk {
  const place = new ChildPlace(path);
  for (const property of node.properties ?? []) {
    place.segment = property.segment;
    const child = own(object, property.name, property.inherited);
    if (child === undefined) {
      if (property.required) {
        add(sink, false, GATE_ISSUE_CODES.MISSING_PROPERTY, place, property.node, factsOf);
      } else if (
        Object.hasOwn(object, property.name) ||
        (!property.inherited && property.name in object)
      ) {
        add(sink, true, GATE_ISSUE_CODES.NOT_JSON, place, property.node, factsOf);
      }
      continue;
    }
    const walk = core.child(property.node, child, place, sink, !property.required, depth);
    if (walk !== undefined) yield walk;
  }
  for (let index = 0; index < node.requiredOnly.length; index++) {
    const name = node.requiredOnly[index] as string;
    const at = `${path}/${node.requiredOnlySegments[index] as string}`;
    const child = own(object, name, name in Object.prototype);
    if (child === undefined) {
      if (node.additional === undefined) addPlain(sink, GATE_ISSUE_CODES.MISSING_PROPERTY, at);
      else add(sink, false, GATE_ISSUE_CODES.MISSING_PROPERTY, at, node.additional, factsOf);
      continue;
    }
    const walk = core.child(node.additional, child, at, sink, false, depth);
    if (walk !== undefined) yield walk;
  }
  const declared = node.declared;
  const closed = node.additional?.admits === 'none';
  // Undeclared names of a closed object are counted, never described: one integer, however many.
  let undeclared = 0;
  const entryPath = `${path}/${MAP_ENTRY_SEGMENT}`;
  const rule = node.propertyNames;
  for (const key in object) {
    const known = declared.has(key);
    // A key with a forbidden character is told as such; the key rule is asked of the others.
    if (rule !== undefined && (known || isAdmissibleText(key))) {
      if ((yield core.admits(rule, key, entryPath, sink, depth)) !== true)
        add(sink, false, GATE_ISSUE_CODES.KEY_MISMATCH, entryPath, rule, keyRuleFacts);
    }
    if (known) continue;
    if (closed) {
      undeclared++;
      continue;
    }
    if (!isAdmissibleText(key))
      addPlain(sink, GATE_ISSUE_CODES.FORBIDDEN_CHARACTER_IN_KEY, entryPath);
    const child = object[key];
    if (isDuplicateKey(child)) {
      addPlain(sink, GATE_ISSUE_CODES.DUPLICATE_KEY, path);
      continue;
    }
    const walk = core.child(node.additional, child, entryPath, sink, false, depth);
    if (walk !== undefined) yield walk;
  }
  if (undeclared > 0) {
    sink.add({
      path,
      code: GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
      names: node.accepted,
      count: undeclared,
      ...(node.closedDescription === undefined ? {} : { description: node.closedDescription }),
    });
  }
}
