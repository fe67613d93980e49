/*
 * `pnpm bench`: the gate against Ajv 8 (compiled, strict, ajv-formats) on one realistic document (and
 * on one in the extended vocabulary, bench/vocabulary.ts) and
 * the same values, measured side by side in one process; the time to compose a refusal for a value
 * with three faults; and what a refusal costs beside the decision on inputs built to amplify it
 * (bench/refusal-cost.ts). Not a test: the machine is shared, so only ratios measured in the same
 * run mean anything.
 */

import { compare, target, timeOne } from '@portcullis/bench';
import type { JsonValue } from '@portcullis/schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Compile } from 'typebox/compile';
import { compileGate, judge } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from '../test/fixtures/documents.ts';
import { measureRefusalCost, reportRefusalTargets } from './refusal-cost.ts';
import { measureVocabulary } from './vocabulary.ts';

/** Ajv cannot read `bigint` bounds: it gets a copy with the Int64 bounds as (rounded) doubles. */
function withoutBigint(value: JsonValue): JsonValue {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map((item: JsonValue) => withoutBigint(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withoutBigint(item)]),
    );
  }
  return value;
}

// ajv-formats is CommonJS; its plugin is the module's `default` export.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;
const ajv = new Ajv2020({ strict: true });
addFormats(ajv);
const ajvDocument = withoutBigint(SHIPMENT_DOCUMENT as unknown as JsonValue) as object;
const ajvValidate = ajv.compile(ajvDocument);
const typebox = Compile(ajvDocument as never);
const gate = compileGate(SHIPMENT_DOCUMENT);

const valid = validShipment();
const threeFaults = validShipment();
(threeFaults.customer as Record<string, unknown>).tier = 'platinum';
(threeFaults.items as Record<string, unknown>[])[1] = {
  sku: 'PEN-013',
  quantity: 0,
  unit_price_cents: 250,
};
threeFaults.requested_at = '2024-02-30T10:00:00Z';

for (const [name, admits] of [
  ['gate', gate.admits],
  ['ajv', (value: unknown) => ajvValidate(value)],
] as const) {
  if (!admits(valid) || admits(threeFaults))
    throw new Error(`${name} does not judge the bench values as expected`);
}
const refusal = judge(threeFaults, SHIPMENT_DOCUMENT);
if (refusal.ok || refusal.refusal.issues.length !== 3)
  throw new Error('the three-fault value must give three issues');

const bytes = Buffer.byteLength(JSON.stringify(valid));
const validRows = compare({
  title:
    'Valid input: a realistic tool input (18 properties, nested, array of objects, map, recursion)',
  baseline: { name: 'Ajv 8 compiled (strict, ajv-formats)', fn: () => ajvValidate(valid) },
  contenders: [
    { name: 'gate judge(value, document)', fn: () => judge(valid, SHIPMENT_DOCUMENT) },
    { name: 'gate compiled admits(value)', fn: () => gate.admits(valid) },
    { name: 'TypeBox Compile (not exact; for reference)', fn: () => typebox.Check(valid) },
  ],
  bytesPerOp: bytes,
});

compare({
  title: 'Invalid input, decision only (three faults)',
  baseline: { name: 'Ajv 8 compiled (strict, ajv-formats)', fn: () => ajvValidate(threeFaults) },
  contenders: [{ name: 'gate compiled admits(value)', fn: () => gate.admits(threeFaults) }],
});

const vocabularyRows = measureVocabulary();

const refusalNs = timeOne(() => judge(threeFaults, SHIPMENT_DOCUMENT));
const amplified = measureRefusalCost();
console.log('');
const judgeRow = validRows.find((row) => row.name.startsWith('gate judge'));
target('valid-input judging, ratio against Ajv', judgeRow?.ratio ?? 0, '>=', 1.0);
const vocabularyRow = vocabularyRows.find((row) => row.name.startsWith('gate judge'));
target(
  'valid-input judging in the extended vocabulary, ratio against Ajv',
  vocabularyRow?.ratio ?? 0,
  '>=',
  1.0,
);
target('refusal composed for a three-fault value', refusalNs / 1000, '<=', 50, 'µs');
reportRefusalTargets(amplified);
