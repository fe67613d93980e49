/*
 * Guards per-tool guardrails: a definition carries `guardrails: { admission?, input?, output? }`
 * in the dispatcher's shapes, its input guardrails typed with the declared input and its output
 * guardrails with the declared output; defineTool keeps a frozen copy of each list; the catalog
 * refuses at build, with INVALID_GUARDRAIL and the place as `details.path` (never in the message),
 * anything but stages of named objects with a judge function.
 */
import { Int64 } from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CATALOG_ERROR_CODES,
  createCatalog,
  defineTool,
  type ToolAdmissionGuardrail,
  type ToolGuardrailSubject,
  type ToolGuardrailVerdict,
  type ToolInputGuardrail,
  type ToolOutputGuardrail,
} from '../src/index.ts';
import { caught, tool, WEIGHT } from './helpers.ts';

const ADMIT: ToolGuardrailVerdict = { ok: true };

const SUBJECT: ToolGuardrailSubject = {
  principal: 'alice',
  origin: 'mcp',
  workflow: { id: 'w-1', principal: 'alice', origin: 'mcp' },
  jobName: 'ledger',
  depth: 0,
};

const onlyAlice: ToolAdmissionGuardrail = {
  name: 'only-alice',
  judge: (subject) =>
    subject.principal === 'alice'
      ? ADMIT
      : { ok: false, text: 'Only alice may call this tool.', correctable: false },
};

function ledger(admission: readonly ToolAdmissionGuardrail[] = [onlyAlice]) {
  return defineTool({
    name: 'ledger',
    description: 'Returns the balance of an account.',
    input: Type.Object({ account: Int64() }),
    output: Type.Object({ balance: Type.Number() }),
    weight: WEIGHT,
    guardrails: {
      admission,
      input: [
        {
          name: 'positive-account',
          judge: (input) => {
            expectTypeOf(input).toEqualTypeOf<{ account: bigint }>();
            return input.account > 0n
              ? ADMIT
              : { ok: false, text: 'The `account` must be positive.', correctable: true };
          },
        },
      ],
      output: [
        {
          name: 'no-overdraft',
          judge: async (output) => {
            expectTypeOf(output).toEqualTypeOf<{ balance: number }>();
            return output.balance >= 0
              ? ADMIT
              : { ok: false, text: 'The balance is withheld.', correctable: false };
          },
        },
      ],
    },
    run: () => ({ balance: 10 }),
  });
}

describe('guardrails on a definition', () => {
  it('are accepted by the catalog and reach the entry as declared', async () => {
    const catalog = createCatalog({ tools: [ledger()] });
    const guardrails = catalog.get('ledger')?.definition.guardrails;
    expect(guardrails?.admission?.map((guardrail) => guardrail.name)).toEqual(['only-alice']);
    expect(guardrails?.input?.[0]?.judge({ account: -1n }, SUBJECT)).toEqual({
      ok: false,
      text: 'The `account` must be positive.',
      correctable: true,
    });
    expect(await guardrails?.output?.[0]?.judge({ balance: 3 }, SUBJECT)).toEqual({ ok: true });
    expect(guardrails?.admission?.[0]?.judge({ ...SUBJECT, principal: 'bob' })).toEqual({
      ok: false,
      text: 'Only alice may call this tool.',
      correctable: false,
    });
  });

  it('are copied and frozen by defineTool, so a later push reaches nothing', () => {
    const admission = [onlyAlice];
    const definition = ledger(admission);
    admission.push({ name: '', judge: () => ADMIT });
    expect(definition.guardrails?.admission).toHaveLength(1);
    expect(Object.isFrozen(definition.guardrails)).toBe(true);
    expect(Object.isFrozen(definition.guardrails?.admission)).toBe(true);
    expect(createCatalog({ tools: [definition] }).size).toBe(1);
  });

  it('accept a guardrail whose judge is a method of its class', () => {
    class Quota {
      readonly name = 'quota';
      judge(): ToolGuardrailVerdict {
        return ADMIT;
      }
    }
    expect(createCatalog({ tools: [ledger([new Quota()])] }).size).toBe(1);
  });

  it('are typed with the declared input and output', () => {
    type Ledger = ReturnType<typeof ledger>;
    type Guardrails = NonNullable<Ledger['guardrails']>;
    expectTypeOf<NonNullable<Guardrails['input']>[number]>().toEqualTypeOf<
      ToolInputGuardrail<{ account: bigint }>
    >();
    expectTypeOf<NonNullable<Guardrails['output']>[number]>().toEqualTypeOf<
      ToolOutputGuardrail<{ balance: number }>
    >();
    defineTool({
      name: 'typed',
      description: 'Typed guardrails.',
      input: Type.Object({ count: Type.Number() }),
      weight: WEIGHT,
      guardrails: {
        input: [
          {
            name: 'wrong',
            // @ts-expect-error the input declares a number `count`, not a string `text`
            judge: (input: { text: string }) => (input.text === '' ? ADMIT : ADMIT),
          },
        ],
      },
      run: () => null,
    });
    defineTool({
      name: 'verdicts',
      description: 'A guardrail answers only verdicts.',
      input: Type.Object({}),
      weight: WEIGHT,
      // @ts-expect-error a verdict discriminates on `ok`, not `admitted`
      guardrails: { admission: [{ name: 'old', judge: () => ({ admitted: true }) }] },
      run: () => null,
    });
  });
});

const judge = () => ADMIT;

describe('malformed guardrails', () => {
  it.each([
    [
      [],
      'guardrails',
      'a `guardrails` that is not an object: group guardrails as `{ admission, input, output }`',
    ],
    [
      'only-alice',
      'guardrails',
      'a `guardrails` that is not an object: group guardrails as `{ admission, input, output }`',
    ],
    [
      { before: [] },
      'guardrails',
      '1 undeclared stage in `guardrails`: the stages are `admission`, `input` and `output`',
    ],
    [
      JSON.parse('{"__proto__": [], "after": []}'),
      'guardrails',
      '2 undeclared stages in `guardrails`: the stages are `admission`, `input` and `output`',
    ],
    [
      { input: { name: 'x', judge } },
      'guardrails.input',
      'a guardrail stage that is not an array: list the guardrails of a stage in order',
    ],
    [
      { input: [null] },
      'guardrails.input[0]',
      'a guardrail without a name: give each guardrail a non-empty `name`',
    ],
    [
      {
        admission: [
          { name: 'ok', judge },
          { name: ' ', judge },
        ],
      },
      'guardrails.admission[1]',
      'a guardrail without a name: give each guardrail a non-empty `name`',
    ],
    [
      { output: [{ name: 7, judge }] },
      'guardrails.output[0]',
      'a guardrail without a name: give each guardrail a non-empty `name`',
    ],
    [
      { output: [{ name: 'check' }] },
      'guardrails.output[0]',
      'a guardrail without a `judge` function: give it one',
    ],
    [
      { admission: [{ name: 'check', judge: 'yes' }] },
      'guardrails.admission[0]',
      'a guardrail without a `judge` function: give it one',
    ],
  ])('refuses %j at %s', (guardrails, path, fault) => {
    const error = caught(() => createCatalog({ tools: [tool({ guardrails })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_GUARDRAIL);
    expect(error.message).toBe(`Tool \`echo\` (tools[0]) has ${fault}.`);
    expect(error.details).toStrictEqual({ tool: 'echo', path });
  });

  it('accepts empty stages and no guardrails at all', () => {
    const catalog = createCatalog({
      tools: [tool({ guardrails: { admission: [], input: [], output: [] } }), tool({ name: 'x' })],
    });
    expect(catalog.size).toBe(2);
  });
});
