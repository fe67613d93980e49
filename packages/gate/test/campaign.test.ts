/*
 * The gate's tier of the boundary's campaign: the test-kit's hostile cases, generated from a
 * document per construct of the vocabulary, are each refused by the gate, and no refusal (its
 * text, its issues) carries a canary; 1,000 generated valid values per document are each admitted.
 * Every document of the test-kit's vocabulary is judged: one the gate cannot compile (a keyword
 * or format it does not judge) fails the first test, named with the reason.
 */
import { SchemaDefectError, stringifyCanonical } from '@portcullis/schema';
import { walkSchema } from '@portcullis/schema/document';
import {
  createCanaryMint,
  findCanaries,
  hostileCases,
  VOCABULARY_DOCUMENTS,
  validArguments,
} from '@portcullis/test-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_KEYWORDS, judge } from '../src/index.ts';

/** Why the gate does not compile a document (a keyword or a format it does not judge). */
function waitingFor(document: object): string | undefined {
  const unknown = new Set<string>();
  walkSchema(document as never, (node) => {
    if (typeof node === 'object')
      for (const key of Object.keys(node)) if (!KNOWN.has(key)) unknown.add(key);
    return undefined;
  });
  if (unknown.size > 0) return [...unknown].join(', ');
  try {
    compileGate(document as never);
    return undefined;
  } catch (error) {
    if (!(error instanceof SchemaDefectError)) throw error;
    return error.message;
  }
}
const KNOWN = new Set<string>([...GATE_KEYWORDS.judged, ...GATE_KEYWORDS.annotations]);

const judgedDocuments = Object.entries(VOCABULARY_DOCUMENTS).filter(
  ([, d]) => waitingFor(d) === undefined,
);
const waiting = Object.entries(VOCABULARY_DOCUMENTS).filter(([, d]) => waitingFor(d) !== undefined);

describe('the gate under the hostile corpus', () => {
  it('judges every document of the vocabulary', () => {
    expect(waiting.map(([name, d]) => `${name}: ${waitingFor(d)}`)).toEqual([]);
    expect(judgedDocuments.length).toBe(Object.keys(VOCABULARY_DOCUMENTS).length);
  });

  it.each(judgedDocuments)(
    'refuses every hostile case of "%s" without a canary',
    (_name, document) => {
      const mint = createCanaryMint(11_000_000_000_000n);
      const cases = hostileCases('gate', document, mint);
      expect(cases.length).toBeGreaterThan(5);
      for (const c of cases) {
        // A lone surrogate never reaches the gate as JSON text; in memory the gate refuses it too.
        const judgement = judge(c.arguments as never, document);
        expect(judgement.ok, `${c.path} ${c.keyword}: ${c.label}`).toBe(false);
        if (judgement.ok) continue;
        const told = stringifyCanonical(judgement.refusal as never);
        expect(
          findCanaries(
            told,
            c.canaries.filter((x) => /^\d/.test(x)),
          ),
          c.label,
        ).toEqual([]);
      }
      console.log(`[campaign] gate ${_name}: ${cases.length} payloads refused, 0 canaries found`);
    },
  );

  it.each(judgedDocuments)('admits 1,000 generated valid values of "%s"', (_name, document) => {
    const values = fc.sample(validArguments(document), { numRuns: 1_000, seed: 42 });
    const refused = values.filter((value) => !judge(value as never, document).ok);
    expect(refused.slice(0, 3)).toEqual([]);
  });
});
