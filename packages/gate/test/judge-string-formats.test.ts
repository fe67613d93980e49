/*
 * Invariant: the six string formats are asserted by the gate through the `format` keyword module,
 * by the rules of `src/internal/string-formats.ts`: the JSON-Schema-Test-Suite's optional format
 * files hold through `judge` and the compiled checker alike, and a refusal names the format and its
 * RFC, never the value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRING_FORMATS } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';

const ROOT = join(
  import.meta.dirname,
  'fixtures/json-schema-test-suite/draft2020-12/optional/format',
);
const CANARY = 'CANARY-77ad';

interface SuiteGroup {
  readonly description: string;
  readonly schema: SchemaNode;
  readonly tests: ReadonlyArray<{
    readonly description: string;
    readonly data: unknown;
    readonly valid: boolean;
  }>;
}

describe.each([...STRING_FORMATS])('the format %s', (format) => {
  const groups = JSON.parse(readFileSync(join(ROOT, `${format}.json`), 'utf8')) as SuiteGroup[];
  for (const group of groups) {
    it(`${group.description}: every case of the suite, through the gate`, () => {
      for (const test of group.tests) {
        expect([test.description, judge(test.data, group.schema).ok]).toEqual([
          test.description,
          test.valid,
        ]);
        expect(compileGate(group.schema).admits(test.data)).toBe(test.valid);
      }
    });
  }

  it('is refused with its rule and RFC, never the value', () => {
    const document = {
      type: 'object',
      properties: { at: { type: 'string', format } },
      required: ['at'],
    } as const;
    for (const value of [`-${CANARY}`, `${CANARY}..x`, ` ${CANARY} `, `[${CANARY}]`]) {
      const judgement = judge({ at: value }, document);
      if (judgement.ok) throw new Error(`expected ${format} to refuse`);
      expect(judgement.refusal.issues).toEqual([{ path: '/at', code: 'FORMAT_MISMATCH', format }]);
      expect(judgement.refusal.text).toMatch(/must be an? .*\(RFC \d+/);
      expect(judgement.refusal.text).not.toContain('77ad');
    }
  });
});
