import type { StringFormat, TemporalFormat } from '@portcullis/schema';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { isDate, isDateTime, isDuration, isTime } from '../temporal.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

/** A format a published document may name (the gate asserts those of `FORMAT_RULES`). */
export type GateFormat = TemporalFormat | StringFormat;

interface FormatRule {
  /** The test, passed to the generated checker under `helper`. */
  readonly test: (text: string) => boolean;
  readonly helper: string;
  /** What a refusal says the value must be. */
  readonly words: string;
  /** True when the format's grammar admits only admissible text (the text rule need not run). */
  readonly coversText: boolean;
}

const FORMAT_RULES: Readonly<Partial<Record<GateFormat, FormatRule>>> = Object.freeze({
  'date-time': {
    test: isDateTime,
    helper: 'isDateTime',
    words:
      'an RFC 3339 date-time with its offset, such as 2024-05-01T13:45:00Z or 2024-05-01T15:45:00.5+02:00',
    coversText: true,
  },
  date: {
    test: isDate,
    helper: 'isDate',
    words: 'an RFC 3339 full-date, such as 2024-05-01, naming a day that exists',
    coversText: true,
  },
  time: {
    test: isTime,
    helper: 'isTime',
    words: 'an RFC 3339 time of day with its offset, such as 13:45:00Z or 13:45:00.25+02:00',
    coversText: true,
  },
  duration: {
    test: isDuration,
    helper: 'isDuration',
    words: 'an RFC 3339 (ISO 8601) duration, such as P3DT4H30M, PT15M or P2W',
    coversText: true,
  },
});

/** The formats the gate asserts, in the order of `FORMAT_RULES`. */
const FORMATS = Object.freeze(Object.keys(FORMAT_RULES) as GateFormat[]);

function ruleOf(format: GateFormat): FormatRule {
  return FORMAT_RULES[format] as FormatRule;
}

/** The format tests the generated checker receives, by their names in its source. */
export const FORMAT_HELPERS: ReadonlyArray<readonly [string, (text: string) => boolean]> =
  Object.freeze(FORMATS.map((format) => [ruleOf(format).helper, ruleOf(format).test] as const));

/** What a string in `format` is, in a refusal's words. */
export function formatWords(format: GateFormat): string {
  return FORMAT_RULES[format]?.words ?? `a string in the format \`${format}\``;
}

const check: Check<GateFormat> = {
  on: 'string',
  emit: (format, v) => `${ruleOf(format).helper}(${v})`,
  fault: (format, value) =>
    ruleOf(format).test(value as string) ? undefined : GATE_ISSUE_CODES.FORMAT_MISMATCH,
  facts: (format) => ({ format }),
  declared: (format) => ({ format }),
  coversText: (format) => ruleOf(format).coversText,
};

/** `format`: asserted (not an annotation) for the formats of `FORMAT_RULES`; any other is a defect. */
export const formatKeyword: Keyword = {
  keywords: ['format'],
  read(schema, node, reader) {
    const format = schema.format;
    if (format === undefined) return;
    if (typeof format !== 'string' || !Object.hasOwn(FORMAT_RULES, format)) {
      defect(
        'UNSUPPORTED_CONSTRUCT',
        reader.at('format'),
        `The gate asserts only the formats ${FORMATS.map((name) => `\`${name}\``).join(', ')}; publish the document without any other.`,
      );
    }
    addCheck(node, check, format as GateFormat);
  },
  lines: {
    FORMAT_MISMATCH: (issue) =>
      `${subject(issue.path)} must be ${issue.format === undefined ? 'in the declared format' : formatWords(issue.format)}.`,
  },
};
