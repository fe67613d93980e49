/*
 * The gate against Ajv 8 on a document in the extended vocabulary (string bounds, a pattern, array
 * bounds with uniqueItems, multipleOf, nullables, a discriminated object union, a union of distinct
 * types), in the same run. Ajv is compiled strict, with `allErrors: false` and ajv-formats; it needs
 * `allowUnionTypes` to accept `type: ["string", "null"]` in strict mode.
 */

import { compare, type Measurement } from '@portcullis/bench';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { compileGate, judge } from '../src/index.ts';
import { TICKET_DOCUMENT, validTicket } from '../test/fixtures/documents.ts';

const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;

/** Measures the valid and invalid decisions; returns the valid rows. */
export function measureVocabulary(): readonly Measurement[] {
  const ajv = new Ajv2020({ strict: true, allErrors: false, allowUnionTypes: true });
  addFormats(ajv);
  const ajvValidate = ajv.compile(TICKET_DOCUMENT);
  const gate = compileGate(TICKET_DOCUMENT);
  const valid = validTicket();
  const invalid = validTicket();
  invalid.labels = ['bug', 'checkout', 'bug'];
  invalid.target = { kind: 'repo', name: 'Shop Front' };
  for (const [name, admits] of [
    ['gate', gate.admits],
    ['ajv', (value: unknown) => ajvValidate(value)],
  ] as const) {
    if (!admits(valid) || admits(invalid))
      throw new Error(`${name} does not judge the vocabulary bench values as expected`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(valid));
  const rows = compare({
    title:
      'Valid input, extended vocabulary (string bounds, pattern, uniqueItems, multipleOf, nullables, discriminated union)',
    baseline: {
      name: 'Ajv 8 compiled (strict, allErrors: false, ajv-formats)',
      fn: () => ajvValidate(valid),
    },
    contenders: [
      { name: 'gate judge(value, document)', fn: () => judge(valid, TICKET_DOCUMENT) },
      { name: 'gate compiled admits(value)', fn: () => gate.admits(valid) },
    ],
    bytesPerOp: bytes,
  });
  compare({
    title: 'Invalid input, extended vocabulary, decision only (a duplicate label, a bad pattern)',
    baseline: {
      name: 'Ajv 8 compiled (strict, allErrors: false, ajv-formats)',
      fn: () => ajvValidate(invalid),
    },
    contenders: [{ name: 'gate compiled admits(value)', fn: () => gate.admits(invalid) }],
  });
  return rows;
}
