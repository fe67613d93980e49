/*
 * Arguments are judged twice, against the document the request's dialect published and then,
 * after the dialect's inverse, against the canonical one; under `canonical` the two are the same
 * document and the same compiled gate, so one pass is both, and it judges exactly as the canonical
 * gate does. Any other dialect still gets both passes.
 */
import { describe, expect, it } from 'vitest';
import { judgeArguments } from '../src/internal/judge-request.ts';
import { type ServedTool, serveTool } from '../src/internal/published.ts';
import { DIALECT_NAMES } from '../src/internal/siblings/dialects.ts';
import type { CompiledGate } from '../src/internal/siblings/gate.ts';
import { exposed } from './fixtures/catalog.ts';

const served = exposed.entries.map(serveTool);
const add = served.find((tool) => tool.name === 'add')!;

/** The tool with every gate wrapped so each pass is recorded under the name it is judged by. */
function counted(tool: ServedTool, passes: string[]): ServedTool {
  const wrap = (gate: CompiledGate, name: string): CompiledGate => ({
    ...gate,
    judge: (value: unknown) => {
      passes.push(name);
      return gate.judge(value);
    },
  });
  const canonicalGate = wrap(tool.canonicalGate, 'canonical');
  const dialects = Object.fromEntries(
    DIALECT_NAMES.map((dialect) => {
      const view = tool.dialects[dialect];
      const gate =
        view.inputGate === tool.canonicalGate ? canonicalGate : wrap(view.inputGate, dialect);
      return [dialect, { ...view, inputGate: gate }];
    }),
  );
  return { ...tool, canonicalGate, dialects } as ServedTool;
}

describe('the canonical dialect', () => {
  it('publishes the canonical document, judged by the canonical gate itself', () => {
    for (const tool of served) expect(tool.dialects.canonical.inputGate).toBe(tool.canonicalGate);
  });

  it('is judged in one pass, which admits and refuses exactly as the canonical gate', () => {
    for (const args of [{ a: 1, b: 2 }, { a: 2 ** 31, b: 2 }, { a: 1 }, { a: 1, b: 2, c: 3 }]) {
      const passes: string[] = [];
      const judged = judgeArguments(counted(add, passes), 'canonical', args);
      expect(passes).toEqual(['canonical']);
      const direct = add.canonicalGate.judge(args);
      expect(judged.ok).toBe(direct.ok);
      if (judged.ok) expect(judged.canonical).toBe(args);
      else expect(judged.refusal).toEqual((direct as { refusal: unknown }).refusal);
    }
  });

  it('gets both passes should its gate ever not be the canonical one', () => {
    const passes: string[] = [];
    const tool = counted(add, passes);
    const apart = {
      ...tool,
      dialects: {
        ...tool.dialects,
        canonical: { ...tool.dialects.canonical, inputGate: { ...tool.canonicalGate } },
      },
    } as ServedTool;
    expect(judgeArguments(apart, 'canonical', { a: 1, b: 2 }).ok).toBe(true);
    expect(passes).toEqual(['canonical', 'canonical']);
  });
});

describe('every other dialect', () => {
  it.each(DIALECT_NAMES.filter((dialect) => dialect !== 'canonical'))(
    '%s gets the pass of its published document, then the canonical pass',
    (dialect) => {
      const passes: string[] = [];
      const tool = counted(add, passes);
      const view = tool.dialects[dialect];
      expect(judgeArguments(tool, dialect, { a: 1, b: 2 }).ok).toBe(true);
      expect(passes).toEqual([
        view.inputGate === tool.canonicalGate ? 'canonical' : dialect,
        'canonical',
      ]);
    },
  );

  it('is refused by the second pass when only the canonical document forbids the value', () => {
    // gemini does not state Int32's bounds; the canonical pass holds them.
    const passes: string[] = [];
    const judged = judgeArguments(counted(add, passes), 'gemini', { a: 2 ** 31, b: 2 });
    expect(judged.ok).toBe(false);
    expect(passes).toEqual(['gemini', 'canonical']);
  });
});
