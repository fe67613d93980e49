/*
 * Invariant: nothing the caller sent comes back. Canary-tagged bad values (as values, as keys, as
 * enum misses, as bad dates, nested, inside maps and arrays, as numbers) are replayed through the
 * gate and no canary appears anywhere in the refusal: not in its text, not in its issues.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GateRefusal, judge } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from './fixtures/documents.ts';

const CANARY = 'CANARY-9f2c';
const NUMERIC_CANARY = 7_777_777_777;

/** Everything a refusal carries, as one string (bigint written as digits). */
function everything(refusal: GateRefusal): string {
  return `${refusal.text}\n${JSON.stringify(refusal.issues, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
}

function refusalOf(value: unknown, document: SchemaNode = SHIPMENT_DOCUMENT): GateRefusal {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

function withChanges(change: (value: Record<string, unknown>) => void): Record<string, unknown> {
  const value = validShipment();
  change(value);
  return value;
}

const CASES: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  [
    'an undeclared name at the root',
    withChanges((v) => {
      v[CANARY] = CANARY;
    }),
  ],
  [
    'an undeclared name in a nested object',
    withChanges((v) => {
      (v.customer as Record<string, unknown>)[`${CANARY}x`] = 1;
    }),
  ],
  [
    'an undeclared name in an array item',
    withChanges((v) => {
      (v.items as Record<string, unknown>[])[0] = {
        sku: 'a',
        quantity: 1,
        unit_price_cents: 1,
        [CANARY]: true,
      };
    }),
  ],
  [
    'an undeclared name below a recursive $ref',
    withChanges((v) => {
      v.category = { name: 'a', subcategories: [{ name: 'b', [CANARY]: 1 }] };
    }),
  ],
  [
    'an enum miss',
    withChanges((v) => {
      v.priority = CANARY;
    }),
  ],
  [
    'an enum miss behind a $ref',
    withChanges((v) => {
      (v.shipping_address as Record<string, unknown>).country = CANARY;
    }),
  ],
  [
    'a bad date-time',
    withChanges((v) => {
      v.requested_at = `2024-05-01T${CANARY}`;
    }),
  ],
  [
    'a bad date',
    withChanges((v) => {
      v.deliver_by = `${CANARY}-01-01`;
    }),
  ],
  [
    'a bad duration',
    withChanges((v) => {
      v.handling_window = `P${CANARY}`;
    }),
  ],
  [
    'a string for an integer',
    withChanges((v) => {
      v.attempt = CANARY;
    }),
  ],
  [
    'a string for an object',
    withChanges((v) => {
      v.customer = CANARY;
    }),
  ],
  [
    'a string for an array',
    withChanges((v) => {
      v.items = CANARY;
    }),
  ],
  [
    'a number out of range',
    withChanges((v) => {
      v.weight_grams = NUMERIC_CANARY * 1000;
      v.attempt = NUMERIC_CANARY;
    }),
  ],
  [
    'a bigint out of range',
    withChanges((v) => {
      (v.customer as Record<string, unknown>).customer_id = BigInt(NUMERIC_CANARY) ** 3n;
    }),
  ],
  [
    'a bigint beyond every double',
    withChanges((v) => {
      v.weight_grams = BigInt(`${NUMERIC_CANARY}${'0'.repeat(310)}`);
      v.metadata = { [CANARY]: -(BigInt(NUMERIC_CANARY) ** 40n) };
    }),
  ],
  [
    'a forbidden character in a value',
    withChanges((v) => {
      v.notes = `${CANARY}\u0000`;
    }),
  ],
  [
    'a forbidden character in a map key',
    withChanges((v) => {
      v.metadata = { [`${CANARY}\u0001`]: 'x' };
    }),
  ],
  [
    'a bad map value under a canary key',
    withChanges((v) => {
      v.metadata = { [CANARY]: 7, [`${CANARY}2`]: [CANARY] };
    }),
  ],
  [
    'a lone surrogate in a tag',
    withChanges((v) => {
      v.tags = ['ok', `${CANARY}\ud800`];
    }),
  ],
  [
    'a canary object where a string is declared',
    withChanges((v) => {
      v.notes = { [CANARY]: CANARY };
    }),
  ],
  [
    'a canary name replacing a required one',
    withChanges((v) => {
      delete v.order_id;
      v[`order_id${CANARY}`] = 'x';
    }),
  ],
  [
    'everything at once',
    withChanges((v) => {
      v[CANARY] = CANARY;
      v.priority = CANARY;
      v.metadata = { [CANARY]: CANARY.length };
      v.requested_at = CANARY;
      v.attempt = NUMERIC_CANARY;
    }),
  ],
];

describe('canary replay', () => {
  it.each(CASES)('%s: refused, and no canary in the refusal', (_, value) => {
    const all = everything(refusalOf(value));
    expect(all).not.toContain('CANARY');
    expect(all).not.toContain(String(NUMERIC_CANARY));
  });

  it('holds for canaries anywhere in generated values, against the realistic document', () => {
    const canaryText = fc.constantFrom(
      CANARY,
      `${CANARY}\u0000`,
      `P${CANARY}`,
      `2024-01-01T${CANARY}`,
      `${CANARY}\ud800`,
    );
    const hostile = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        canaryText,
        fc.constantFrom<unknown>(
          NUMERIC_CANARY,
          BigInt(NUMERIC_CANARY) ** 4n,
          -NUMERIC_CANARY,
          null,
          true,
        ),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(canaryText, tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    const places = fc.constantFrom(...Object.keys(SHIPMENT_DOCUMENT.properties), CANARY);
    let refused = 0;
    fc.assert(
      fc.property(fc.dictionary(places, hostile, { minKeys: 1, maxKeys: 6 }), (changes) => {
        const value = { ...validShipment(), ...changes };
        const judgement = judge(value, SHIPMENT_DOCUMENT);
        if (judgement.ok) return;
        refused++;
        const all = everything(judgement.refusal);
        expect(all).not.toContain('CANARY');
        expect(all).not.toContain(String(NUMERIC_CANARY));
      }),
      { numRuns: 500 },
    );
    // The property says something only about refusals: most generated values must be refused.
    expect(refused).toBeGreaterThan(400);
  });

  it("holds under an open document, where every key is the caller's", () => {
    const all = everything(
      refusalOf({ [CANARY]: { [`${CANARY}\u0002`]: [`${CANARY}\u0003`] } }, { type: 'object' }),
    );
    expect(all).not.toContain('CANARY');
  });
});
