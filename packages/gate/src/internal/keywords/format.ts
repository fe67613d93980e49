import type { StringFormat, TemporalFormat } from '@portcullis/schema';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { STRING_FORMAT_CHECKS } from '../string-formats.ts';
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

// `coversText` only spares the generated checker the text rule: the temporal grammars and the
// string formats' ASCII grammars all refuse control characters, unpaired surrogates and any unit
// past ASCII, so either value of each flag gives the same verdict.
// Stryker disable BooleanLiteral: the text rule and an ASCII grammar refuse the same strings
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
  // The string formats' rules are `string-formats.ts` (each with its RFC section); their grammars
  // are ASCII, but the text rule still runs first, as for any string.
  uuid: {
    test: STRING_FORMAT_CHECKS.uuid,
    helper: 'isUuid',
    words:
      'a UUID (RFC 9562 section 4): 32 hexadecimal digits in groups of 8-4-4-4-12 joined by hyphens, such as 123e4567-e89b-12d3-a456-426614174000',
    coversText: false,
  },
  email: {
    test: STRING_FORMAT_CHECKS.email,
    helper: 'isEmail',
    words: 'an email address (RFC 5321 section 4.1.2 mailbox), such as name@example.com',
    coversText: false,
  },
  uri: {
    test: STRING_FORMAT_CHECKS.uri,
    helper: 'isUri',
    words:
      'an absolute URI with its scheme (RFC 3986 section 3), in ASCII without spaces, such as https://example.com/a?b=c',
    coversText: false,
  },
  hostname: {
    test: STRING_FORMAT_CHECKS.hostname,
    helper: 'isHostname',
    words:
      'a hostname (RFC 1123 section 2.1): labels of 1 to 63 letters, digits and inner hyphens joined by dots, at most 253 characters, such as api.example.com',
    coversText: false,
  },
  ipv4: {
    test: STRING_FORMAT_CHECKS.ipv4,
    helper: 'isIpv4',
    words:
      'an IPv4 address (RFC 2673 section 3.2): four numbers from 0 to 255 without leading zeros, joined by dots, such as 192.0.2.1',
    coversText: false,
  },
  ipv6: {
    test: STRING_FORMAT_CHECKS.ipv6,
    helper: 'isIpv6',
    words:
      'an IPv6 address (RFC 4291 section 2.2), without zone id or brackets, such as 2001:db8::1',
    coversText: false,
  },
});
// Stryker restore BooleanLiteral

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
  // Stryker disable next-line OptionalChaining,StringLiteral: an issue names only a format the gate asserts
  return FORMAT_RULES[format]?.words ?? `a string in the format \`${format}\``;
}

const check: Check<GateFormat> = {
  on: 'string',
  emit: (format, v) => `${ruleOf(format).helper}(${v})`,
  fault: (format, value) =>
    ruleOf(format).test(value as string) ? undefined : GATE_ISSUE_CODES.FORMAT_MISMATCH,
  facts: (format) => ({ format }),
  declared: (format) => ({ format }),
  // Stryker disable next-line ArrowFunction: the text rule then runs for every format, with the same verdict
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
      // Stryker disable next-line ConditionalExpression,StringLiteral: a FORMAT_MISMATCH issue always carries its format
      `${subject(issue.path)} must be ${issue.format === undefined ? 'in the declared format' : formatWords(issue.format)}.`,
  },
};
