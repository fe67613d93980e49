/*
 * Invariant: the public surface is exactly this table. Adding, removing or changing the kind of an
 * export is a reviewed decision: change the table with it.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';

describe('the public surface', () => {
  it('of @portcullis/gate', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual({
      CompiledGate: 'interface',
      compileGate: 'function',
      compileGates: 'function',
      GATE_ISSUE_CODES: 'const',
      GATE_KEYWORDS: 'const',
      GateCompilation: 'type',
      GateDeclaredType: 'type',
      GateIssue: 'interface',
      GateIssueCode: 'type',
      GateJudgement: 'type',
      GateKeyword: 'type',
      GateRefusal: 'interface',
      judge: 'function',
      MAP_ENTRY_NOTE: 'const',
      MAP_ENTRY_SEGMENT: 'const',
      REFUSAL_HEADER: 'const',
      REFUSAL_ISSUE_LIMIT: 'const',
      REFUSAL_MORE_LINE: 'const',
    });
  });
});
