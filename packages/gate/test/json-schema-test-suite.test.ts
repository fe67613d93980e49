/*
 * Invariant: on the JSON-Schema-Test-Suite (draft 2020-12, vendored), the gate agrees with every
 * case whose schema uses only the keywords it judges, and the optional/format files for the temporal
 * formats (date-time, date, time, duration) and the string formats (uuid, email, uri, hostname,
 * ipv4, ipv6) hold as assertions. Which cases apply is decided by two stated rules, never
 * by hand; every deliberate deviation is listed below with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaDefectError, STRING_FORMATS, TEMPORAL_FORMATS } from '@portcullis/schema';
import { isJsonObject, type SchemaNode, walkSchema } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_KEYWORDS, judge } from '../src/index.ts';
import { readExactJson } from './support/exact-json.ts';

interface SuiteCase {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteGroup {
  readonly description: string;
  readonly schema: SchemaNode;
  readonly tests: readonly SuiteCase[];
}

const ROOT = join(import.meta.dirname, 'fixtures/json-schema-test-suite/draft2020-12');
const KNOWN = new Set<string>([...GATE_KEYWORDS.judged, ...GATE_KEYWORDS.annotations]);
const FORMATS = new Set<string>([...TEMPORAL_FORMATS, ...STRING_FORMATS]);

/**
 * Rule 1: every keyword of every schema object in keyword position is one the gate knows.
 * Rule 2: every `$ref` is a local JSON pointer (`#` or `#/...`): published documents refer only
 * within themselves, and the gate resolves nothing else.
 * Rule 3: every `format` is one of {@link TEMPORAL_FORMATS} or {@link STRING_FORMATS}: the gate
 * asserts those and refuses a document naming any other.
 * Rule 4: every `multipleOf` is a positive integer: a fractional divisor is outside the vocabulary
 * (a multiple of `0.01` is not exact in doubles; the author declares an integer in smaller units),
 * and the gate refuses such a document.
 * A case outside any rule is not the gate's to judge and is counted as skipped.
 */
function whyNotApplicable(schema: SchemaNode): string | undefined {
  let reason: string | undefined;
  walkSchema(schema, (node) => {
    if (!isJsonObject(node)) return undefined;
    for (const keyword of Object.keys(node)) {
      if (!KNOWN.has(keyword)) reason ??= `keyword ${keyword}`;
    }
    const ref = node.$ref;
    if (typeof ref === 'string' && !(ref === '#' || ref.startsWith('#/')))
      reason ??= 'non-local $ref';
    const format = node.format;
    if (typeof format === 'string' && !FORMATS.has(format)) reason ??= `format ${format}`;
    const divisor = node.multipleOf;
    if (typeof divisor === 'number' && !Number.isInteger(divisor))
      reason ??= 'multipleOf a fraction';
    return undefined;
  });
  return reason;
}

/**
 * Deliberate deviations, `file / group / case` to the reason. The suite's expectation is inverted for
 * these and the test asserts the gate's own answer.
 */
const DEVIATIONS: Readonly<Record<string, string>> = {
  'enum.json / nul characters in strings / match string with nul':
    'the gate refuses every string holding a C0 control other than tab, LF and CR, even one equal to a declared enum value',
  'const.json / nul characters in strings / match string with nul':
    'the gate refuses every string holding a C0 control other than tab, LF and CR, even one equal to the declared const',
  ...Object.fromEntries(
    (
      [
        ['date', 'date'],
        ['date-time', 'date-time'],
        ['time', 'time'],
        ['duration', 'duration'],
      ] as const
    ).map(([format, words]) => [
      `format.json / ${format} format / invalid ${words} string is only an annotation by default`,
      'the gate asserts the temporal formats (an issue requirement); 2020-12 by default reads `format` as an annotation',
    ]),
  ),
  ...Object.fromEntries(
    STRING_FORMATS.map((format) => [
      `format.json / ${format} format / invalid ${format} string is only an annotation by default`,
      'the gate asserts the string formats (an issue requirement); 2020-12 by default reads `format` as an annotation',
    ]),
  ),
};

/**
 * Every file of the vendored suite, `optional/` included: the four `optional/format` files the gate
 * asserts are read as assertions like the rest, and the rules above decide what applies.
 */
const FILES = (readdirSync(ROOT, { recursive: true }) as string[])
  .map((name) => name.split('\\').join('/'))
  .filter((name) => name.endsWith('.json'))
  .sort();

const tally = { applied: 0, skipped: 0, deviations: 0 };

/**
 * The files vendored with the extended vocabulary, and every group of theirs that does not apply,
 * with its reason: pinned, so a case never leaves the suite silently.
 */
const VOCABULARY_FILES: ReadonlySet<string> = new Set([
  'minLength.json',
  'maxLength.json',
  'pattern.json',
  'minItems.json',
  'maxItems.json',
  'uniqueItems.json',
  'multipleOf.json',
  'anyOf.json',
]);
const NOT_APPLIED: Readonly<Record<string, string>> = {
  'multipleOf.json / by number': 'multipleOf a fraction', // outside the vocabulary: declare an integer in smaller units
  'multipleOf.json / by small number': 'multipleOf a fraction', // outside the vocabulary: declare an integer in smaller units
  'multipleOf.json / float division = inf': 'multipleOf a fraction', // outside the vocabulary: declare an integer in smaller units
  'multipleOf.json / small multiple of large integer': 'multipleOf a fraction', // outside the vocabulary: declare an integer in smaller units
  'uniqueItems.json / uniqueItems with an array of items': 'keyword prefixItems', // tuples stay outside the vocabulary: declare an object
  'uniqueItems.json / uniqueItems with an array of items and additionalItems=false':
    'keyword prefixItems', // tuples stay outside the vocabulary: declare an object
  'uniqueItems.json / uniqueItems=false with an array of items': 'keyword prefixItems', // tuples stay outside the vocabulary: declare an object
  'uniqueItems.json / uniqueItems=false with an array of items and additionalItems=false':
    'keyword prefixItems', // tuples stay outside the vocabulary: declare an object
};
const notApplied: Record<string, string> = {};
const usedDeviations = new Set<string>();

describe.each(FILES)('%s', (file) => {
  const groups = readExactJson(readFileSync(join(ROOT, file), 'utf8')) as SuiteGroup[];
  for (const group of groups) {
    const reason = whyNotApplicable(group.schema);
    if (reason !== undefined) {
      tally.skipped += group.tests.length;
      if (VOCABULARY_FILES.has(file)) notApplied[`${file} / ${group.description}`] = reason;
      // Outside the gate is never admitted silently: such a document fails when compiled.
      it(`${group.description}: refused as a document (${reason})`, () => {
        expect(() => compileGate(group.schema)).toThrow(SchemaDefectError);
      });
      continue;
    }
    describe(group.description, () => {
      for (const test of group.tests) {
        tally.applied++;
        const key = `${file} / ${group.description} / ${test.description}`;
        const deviation = DEVIATIONS[key];
        if (deviation !== undefined) {
          tally.deviations++;
          usedDeviations.add(key);
        }
        const expected = deviation === undefined ? test.valid : !test.valid;
        it(`${test.description}${deviation === undefined ? '' : ' (deviation)'}`, () => {
          const judgement = judge(test.data, group.schema);
          expect(judgement.ok).toBe(expected);
          expect(compileGate(group.schema).admits(test.data)).toBe(expected);
          if (!judgement.ok) expect(judgement.refusal.issues.length).toBeGreaterThan(0);
        });
      }
    });
  }
});

describe('the applicability rules', () => {
  it('apply to most of the suite and use every listed deviation', () => {
    expect(usedDeviations).toEqual(new Set(Object.keys(DEVIATIONS)));
    expect(notApplied).toEqual(NOT_APPLIED);
    expect(tally).toEqual({ applied: 1001, skipped: 205, deviations: 12 });
  });
});
