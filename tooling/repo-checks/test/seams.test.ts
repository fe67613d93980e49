/*
 * Guards the seam between @portcullis/catalog and @portcullis/dispatcher. The catalog may not
 * import the dispatcher, so the types that cross between them are declared twice: the log levels,
 * the artifact registry, the run context a server builds on the job context, and the guardrail
 * shapes. The dispatcher's declarations are the source of truth; each assertion below fails to
 * compile (typecheck covers this file) or to run when the catalog's mirror drifts from them in a
 * direction the server relies on.
 */
import type {
  ToolArtifactRegistry as CatalogArtifactRegistry,
  ToolLogLevel as CatalogLogLevel,
  RegistryContext,
  ToolAdmissionGuardrail,
  ToolContext,
  ToolGuardrailSubject,
  ToolGuardrails,
  ToolGuardrailVerdict,
  ToolInputGuardrail,
  ToolOutputGuardrail,
} from '@portcullis/catalog';
import { TOOL_LOG_LEVELS as CATALOG_LOG_LEVELS } from '@portcullis/catalog';
import {
  ADMIT,
  type AdmissionGuardrail,
  type ArtifactRegistry,
  createArtifactRegistry,
  defineArtifactType,
  type GuardrailSubject,
  type Guardrails,
  type GuardrailVerdict,
  type InputGuardrail,
  type JobContext,
  LOG_LEVELS,
  type LogLevel,
  type OutputGuardrail,
  refuse,
} from '@portcullis/dispatcher';
import { describe, expect, expectTypeOf, it } from 'vitest';

/** A tool's declared input and output, as `Static` of its schemas would give them. */
type Input = { readonly account: bigint };
type Output = { readonly balance: number };

describe('log levels', () => {
  it('are one list, in one order', () => {
    expect([...CATALOG_LOG_LEVELS]).toEqual([...LOG_LEVELS]);
  });

  it('are one type', () => {
    expectTypeOf<CatalogLogLevel>().toEqualTypeOf<LogLevel>();
  });
});

describe('the artifact registry', () => {
  it('of the dispatcher is what a registry-aware tool receives', () => {
    expectTypeOf<ArtifactRegistry>().toExtend<CatalogArtifactRegistry>();
    expectTypeOf<NonNullable<JobContext['registry']>>().toExtend<RegistryContext['registry']>();
  });

  it('registers and resolves as the catalog describes it', () => {
    class Note {
      ref: string | null = null;
    }
    const registry: CatalogArtifactRegistry = createArtifactRegistry([
      defineArtifactType('note', Note),
    ]);
    const note = new Note();
    const ref = registry.register(note);
    expect(ref).toMatch(/^note:/);
    expect(note.ref).toBe(ref);
    expect(registry.resolve(ref)).toBe(note);
  });
});

describe('the run context', () => {
  it('is built from the job context: its signal, reports and principal serve as they are', () => {
    type Served = 'signal' | 'reportProgress' | 'log';
    expectTypeOf<Pick<JobContext, Served>>().toExtend<Pick<ToolContext, Served>>();
    expectTypeOf<JobContext['principal']>().toExtend<ToolContext['consumer']>();
    expectTypeOf<Parameters<JobContext['log']>>().toEqualTypeOf<Parameters<ToolContext['log']>>();
  });
});

describe('guardrails', () => {
  it('answer one verdict, either way round', () => {
    expectTypeOf<ToolGuardrailVerdict>().toExtend<GuardrailVerdict>();
    expectTypeOf<GuardrailVerdict>().toExtend<ToolGuardrailVerdict>();
    expectTypeOf(ADMIT).toExtend<ToolGuardrailVerdict>();
    expectTypeOf(refuse).returns.toExtend<ToolGuardrailVerdict>();
  });

  it('are told the dispatcher’s subject', () => {
    expectTypeOf<GuardrailSubject>().toExtend<ToolGuardrailSubject>();
  });

  it('of a tool are the dispatcher’s, and a dispatcher guardrail serves on a tool', () => {
    expectTypeOf<ToolAdmissionGuardrail>().toExtend<AdmissionGuardrail>();
    expectTypeOf<ToolInputGuardrail<Input>>().toExtend<InputGuardrail<Input>>();
    expectTypeOf<ToolOutputGuardrail<Output>>().toExtend<OutputGuardrail<Output>>();
    expectTypeOf<ToolGuardrails<Input, Output>>().toExtend<Guardrails<Input, Output>>();
    expectTypeOf<AdmissionGuardrail>().toExtend<ToolAdmissionGuardrail>();
    expectTypeOf<InputGuardrail<Input>>().toExtend<ToolInputGuardrail<Input>>();
    expectTypeOf<OutputGuardrail<Output>>().toExtend<ToolOutputGuardrail<Output>>();
    expectTypeOf<Guardrails<Input, Output>>().toExtend<ToolGuardrails<Input, Output>>();
  });

  it('judge with the same signatures, not only under method bivariance', () => {
    // A method's parameters are compared both ways, so the guardrails above would pass with a
    // subject mismatched in one direction; the parameters and results are held here one by one.
    type Judge<T extends { judge: (...args: never[]) => unknown }> = T['judge'];
    expectTypeOf<Parameters<Judge<AdmissionGuardrail>>>().toExtend<
      Parameters<Judge<ToolAdmissionGuardrail>>
    >();
    expectTypeOf<Parameters<Judge<InputGuardrail<Input>>>>().toExtend<
      Parameters<Judge<ToolInputGuardrail<Input>>>
    >();
    expectTypeOf<Parameters<Judge<OutputGuardrail<Output>>>>().toExtend<
      Parameters<Judge<ToolOutputGuardrail<Output>>>
    >();
    expectTypeOf<ReturnType<Judge<ToolAdmissionGuardrail>>>().toExtend<
      ReturnType<Judge<AdmissionGuardrail>>
    >();
    expectTypeOf<ReturnType<Judge<ToolInputGuardrail<Input>>>>().toExtend<
      ReturnType<Judge<InputGuardrail<Input>>>
    >();
    expectTypeOf<ReturnType<Judge<ToolOutputGuardrail<Output>>>>().toExtend<
      ReturnType<Judge<OutputGuardrail<Output>>>
    >();
  });
});
