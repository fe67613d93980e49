/*
 * Invariant: every judged keyword has exactly one module in the table the plan, the generated
 * checker and the interpreter walk, and every issue code has exactly one line that words it.
 */
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, GATE_KEYWORDS } from '../src/index.ts';
import { KEYWORD_TABLE } from '../src/internal/keywords/index.ts';

describe('the keyword table', () => {
  it('holds exactly the judged keywords, each in one module', () => {
    const owned = KEYWORD_TABLE.flatMap((keyword) => keyword.keywords);
    expect(new Set(owned).size).toBe(owned.length);
    expect(new Set(owned)).toEqual(new Set(GATE_KEYWORDS.judged));
  });

  it('words each issue code in at most one module', () => {
    const worded = KEYWORD_TABLE.flatMap((keyword) => Object.keys(keyword.lines ?? {}));
    expect(new Set(worded).size).toBe(worded.length);
    for (const code of worded) expect(Object.values(GATE_ISSUE_CODES)).toContain(code);
  });
});
