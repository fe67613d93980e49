import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface Pattern {
  readonly source: string;
  readonly expression: RegExp;
}

const check: Check<Pattern> = {
  on: 'string',
  emit: (pattern, v, constant) => `${constant(pattern.expression)}.test(${v})`,
  fault: (pattern, value) =>
    pattern.expression.test(value as string) ? undefined : GATE_ISSUE_CODES.PATTERN_MISMATCH,
  facts: (pattern) => ({ pattern: pattern.source }),
};

/**
 * `pattern`: an ECMA-262 regular expression, compiled once when the gate is compiled, with the `u`
 * flag (a character is a code point, and a pattern that means something else without it does not
 * compile), searched anywhere in the string as 2020-12 says (anchor it with `^...$` to match the
 * whole). Neither `g` nor `y` is set, so the expression keeps no state between values. Whether a
 * pattern can run long on some text is the catalog's to check when it publishes the document.
 */
export const patternKeyword: Keyword = {
  keywords: ['pattern'],
  read(schema, node, reader) {
    const source = schema.pattern;
    if (source === undefined) return;
    if (typeof source !== 'string')
      defect(
        'MALFORMED_SCHEMA',
        reader.at('pattern'),
        'The keyword `pattern` does not hold a string; make it a regular expression.',
      );
    let expression: RegExp;
    try {
      expression = new RegExp(source, 'u');
    } catch {
      defect(
        'INVALID_PATTERN',
        reader.at('pattern'),
        'The keyword `pattern` holds no regular expression that compiles with the `u` flag; correct it.',
      );
    }
    addCheck(node, check, Object.freeze({ source, expression }));
  },
  lines: {
    PATTERN_MISMATCH: (issue) =>
      `${subject(issue.path)} must match the declared pattern \`${issue.pattern ?? ''}\` (a regular expression, matched anywhere in the string unless anchored).`,
  },
};
