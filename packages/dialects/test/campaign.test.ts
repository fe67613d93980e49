/*
 * The dialects' tier of the boundary's campaign: every document of the test-kit's vocabulary is
 * rendered in every dialect, the hostile corpus is generated from each rendering (what that
 * dialect's caller reads), and each dialect's inverse, `arguments()`, is run on every case. The
 * inverse never throws on hostile input and never drops what a caller sent: every canary of a case
 * is still in what it returns, so the gate's canonical pass sees (and refuses) all of it.
 */
import { stringifyCanonical } from '@portcullis/schema';
import {
  createCanaryMint,
  findCanaries,
  hostileCases,
  VOCABULARY_DOCUMENTS,
} from '@portcullis/test-kit';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS, publishEveryDialect } from '../src/index.ts';

describe('the dialects under the hostile corpus', () => {
  it.each(DIALECT_NAMES)('keeps every canary of every case through the %s inverse', (name) => {
    const mint = createCanaryMint(12_000_000_000_000n);
    let payloads = 0;
    let rendered = 0;
    for (const [label, document] of Object.entries(VOCABULARY_DOCUMENTS)) {
      const publication = publishEveryDialect(document, 'input')[name];
      if (!publication.ok) continue;
      rendered += 1;
      for (const c of hostileCases('dialect', publication.value.schema, mint)) {
        payloads += 1;
        const canonical = DIALECTS[name].arguments(c.arguments as never, document);
        const before = findCanaries(stringifyCanonical(c.arguments as never)).sort();
        const after = findCanaries(stringifyCanonical(canonical as never)).sort();
        expect(after, `${label} ${c.path}: ${c.label}`).toEqual(before);
      }
    }
    expect(rendered).toBeGreaterThanOrEqual(8);
    console.log(
      `[campaign] dialect ${name}: ${rendered} documents rendered, ${payloads} payloads through the inverse, every canary kept`,
    );
  });
});
