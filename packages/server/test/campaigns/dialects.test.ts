/*
 * The dialect campaign: for every dialect, the hostile cases generated from the document THAT
 * dialect lists (what its caller read), sent naming the dialect, each refused by the gate with no
 * canary in any answer; the raw and protocol cases naming the dialect; the strict spellings' own
 * cases (nulls on optional and required properties, nulls under undeclared names); and the three
 * guarantees on the dialect set: every dialect is answerable through one transport, none renders
 * the fixture catalog exactly as canonical does, and the rules check below is exhaustive (a
 * `Record` over `DialectName`: a dialect added without its rules does not compile).
 */
import { DIALECT_NAMES, type DialectName } from '@portcullis/dialects';
import { stringifyCanonical } from '@portcullis/schema';
import { walkSchema } from '@portcullis/schema/document';
import { hostileCases, rawCases } from '@portcullis/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll } from '../support.ts';
import { callBody, hostile, listed, report, stdioDoor, tally, valid } from './doors.ts';

afterEach(closeAll);

type Document = Record<string, unknown>;

/** Keywords anywhere in keyword position of a document. */
function keywordsOf(document: Document): Set<string> {
  const found = new Set<string>();
  walkSchema(document, (node) => {
    if (typeof node === 'object') for (const key of Object.keys(node)) found.add(key);
    return undefined;
  });
  return found;
}

/** Every object node of a document, in keyword position. */
function objectsOf(document: Document): Document[] {
  const found: Document[] = [];
  walkSchema(document, (node) => {
    if (
      typeof node === 'object' &&
      node['type'] === 'object' &&
      typeof node['properties'] === 'object'
    )
      found.push(node as Document);
    return undefined;
  });
  return found;
}

/** Each dialect's rules, checked on every document it lists. Exhaustive by type. */
const RULES: Record<DialectName, (document: Document) => void> = {
  canonical: (d) => expect(d['$schema']).toBe('https://json-schema.org/draft/2020-12/schema'),
  openai_strict: (d) => {
    for (const node of objectsOf(d)) {
      expect(node['additionalProperties']).toBe(false);
      expect([...((node['required'] as string[]) ?? [])].sort()).toEqual(
        Object.keys(node['properties'] as object).sort(),
      );
    }
  },
  gemini: (d) => {
    for (const keyword of ['additionalProperties', '$defs', '$ref', '$schema', 'const', 'title'])
      expect(keywordsOf(d).has(keyword), keyword).toBe(false);
  },
  gemini_json: (d) => {
    for (const keyword of ['$schema', 'title', 'exclusiveMinimum', 'exclusiveMaximum', 'const'])
      expect(keywordsOf(d).has(keyword), keyword).toBe(false);
  },
  nova: (d) => {
    for (const key of Object.keys(d)) expect(['type', 'properties', 'required']).toContain(key);
    expect(keywordsOf(d).has('$ref')).toBe(false);
  },
  anthropic_strict: (d) => {
    expect(keywordsOf(d).has('$ref')).toBe(false);
    for (const node of objectsOf(d)) expect(node['additionalProperties']).toBe(false);
  },
};

describe('the dialect campaign', () => {
  it('holds the three guarantees on the dialect set', async () => {
    const door = await stdioDoor();
    const t = tally(6_000_000_000_000n);
    const canonical = stringifyCanonical([...(await listed(door)).entries()] as never);
    for (const dialect of DIALECT_NAMES) {
      const documents = await listed(door, dialect);
      expect(documents.size, dialect).toBeGreaterThan(10);
      for (const [tool, document] of documents) {
        try {
          RULES[dialect](document);
        } catch (error) {
          throw new Error(`${dialect} ${tool}: ${(error as Error).message}`);
        }
      }
      if (dialect !== 'canonical')
        expect(stringifyCanonical([...documents.entries()] as never), dialect).not.toBe(canonical);
      await valid(door, t, 'add', { a: 1, b: 2 }, { 'portcullis/dialect': dialect });
    }
    expect(Object.keys(RULES)).toEqual([...DIALECT_NAMES]);
  });

  it.each(DIALECT_NAMES)(
    'refuses the corpus generated from the %s documents, echoing nothing',
    async (dialect) => {
      const door = await stdioDoor({}, dialect);
      const t = tally(6_100_000_000_000n);
      const meta = { 'portcullis/dialect': dialect };
      let id = 0;
      for (const [tool, document] of await listed(door, dialect)) {
        for (const c of hostileCases(tool, document, t.mint)) {
          id += 1;
          await hostile(
            door,
            t,
            `${dialect} ${tool} ${c.path} ${c.keyword}: ${c.label}`,
            callBody(id, tool, c.arguments, meta),
            c.canaries,
            c.expect,
          );
        }
      }
      // A blank line is no message over stdio: the empty body has no stdio form.
      for (const c of rawCases({ tool: 'add', integer: 'a', rest: '{"b":2}' }, t.mint))
        if (c.label !== 'an empty body')
          await hostile(door, t, `${dialect}: ${c.label}`, c.body, c.canaries, c.expect);
      await valid(door, t, 'add', { a: 1, b: 2 }, meta);
      expect(t.ledger.canariesFound).toEqual([]);
      expect((door.logs().match(/CNRY\d{6}/g) ?? []).length).toBe(0);
      report(`dialect ${dialect}`, t);
    },
    60_000,
  );

  it('answers the strict spellings: nulls on optional properties are absent, on required or undeclared names refused', async () => {
    const door = await stdioDoor();
    const t = tally(6_200_000_000_000n);
    for (const dialect of DIALECT_NAMES) {
      const meta = { 'portcullis/dialect': dialect };
      const strict = dialect === 'openai_strict';
      const s = t.mint.string();
      // `excited` is optional: openai_strict asks for null there, and null is absent to the tool.
      if (strict) await valid(door, t, 'greet', { name: 'x', excited: null }, meta);
      else
        await hostile(
          door,
          t,
          `${dialect}: null on an optional property`,
          callBody(1, 'greet', { name: s, excited: null }, meta),
          [s],
          'gate',
        );
      const r = t.mint.string();
      await hostile(
        door,
        t,
        `${dialect}: null on a required property`,
        callBody(2, 'greet', { name: null, excited: null, [r]: r }, meta),
        [r],
        'gate',
      );
      const k = t.mint.key();
      const n = t.mint.string();
      await hostile(
        door,
        t,
        `${dialect}: null under an undeclared name`,
        callBody(3, 'greet', { name: n, excited: null, [k]: null }, meta),
        [k, n],
        'gate',
      );
      const m = t.mint.key();
      await hostile(
        door,
        t,
        `${dialect}: null as a map entry`,
        callBody(4, 'echo', { labels: { [m]: null } }, meta),
        [m],
        'gate',
      );
    }
    expect(t.ledger.canariesFound).toEqual([]);
    report('strict spellings', t);
  });
});
