/*
 * Pins the public surface: exactly these names, each of this kind. Adding, removing, renaming or
 * changing the kind of an export is a reviewed decision, made here; and no name is exported twice
 * under another spelling.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';
import * as dispatcher from '../src/index.ts';

const SURFACE = {
  ADMIT: 'const',
  ARTIFACT_ERROR_CODES: 'const',
  AdmissionGuardrail: 'interface',
  Artifact: 'interface',
  ArtifactError: 'class',
  ArtifactErrorCode: 'type',
  ArtifactErrorDetails: 'interface',
  ArtifactRef: 'type',
  ArtifactRegistry: 'interface',
  ArtifactType: 'interface',
  BusyBound: 'type',
  BusyRefusal: 'interface',
  CANCEL_REASONS: 'const',
  CancelReason: 'type',
  CancellationError: 'class',
  CancellationErrorDetails: 'interface',
  CancelledRefusal: 'interface',
  DEFAULT_MAX_JOBS_PER_WORKFLOW: 'const',
  DISPATCHER_ERROR_CODES: 'const',
  DISPATCH_REFUSAL_CODES: 'const',
  DISPATCH_REFUSAL_TEXTS: 'const',
  DispatchRefusal: 'type',
  DispatchRefusalCode: 'type',
  Dispatcher: 'interface',
  DispatcherError: 'class',
  DispatcherErrorCode: 'type',
  DispatcherErrorDetails: 'interface',
  DispatcherOptions: 'interface',
  DispatcherStats: 'interface',
  GuardrailAdmitted: 'interface',
  GuardrailRefusal: 'interface',
  GuardrailRefused: 'interface',
  GuardrailStage: 'type',
  GuardrailSubject: 'interface',
  GuardrailVerdict: 'type',
  Guardrails: 'interface',
  InputGuardrail: 'interface',
  Job: 'interface',
  JobCompleted: 'interface',
  JobContext: 'interface',
  JobFailed: 'interface',
  JobInfo: 'interface',
  JobOutcome: 'type',
  JobRefused: 'interface',
  JobReport: 'type',
  LOG_LEVELS: 'const',
  LogLevel: 'type',
  LogReport: 'interface',
  MaybePromise: 'type',
  OutputGuardrail: 'interface',
  Principal: 'type',
  ProgressReport: 'interface',
  ReportListener: 'type',
  SealedScopeRefusal: 'interface',
  SubmitOptions: 'interface',
  Workflow: 'class',
  createArtifactRegistry: 'function',
  createDispatcher: 'function',
  defineArtifactType: 'function',
  refuse: 'function',
};

describe('@portcullis/dispatcher surface', () => {
  it('exports exactly these names, of these kinds', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual(SURFACE);
  });

  it('holds at run time exactly the exports that are values', { timeout: 120_000 }, () => {
    const values = Object.entries(SURFACE)
      .filter(([, kind]) => kind !== 'type' && kind !== 'interface')
      .map(([name]) => name);
    expect(Object.keys(dispatcher).sort()).toEqual(values.sort());
  });
});
