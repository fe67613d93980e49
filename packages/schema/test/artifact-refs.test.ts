/**
 * Guards the reserved `artifact_refs` property: the exported constant is the key the vocabulary
 * declares, the canonical input never publishes it, and outputs keep it.
 */
import { type Static, Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ARTIFACT_REFS_PROPERTY,
  ArtifactRefs,
  publishCanonical,
  publishCanonicalOutput,
} from '../src/index.ts';

describe('artifact_refs', () => {
  it('pins the constant to the key the vocabulary declares', () => {
    expect(ARTIFACT_REFS_PROPERTY).toBe('artifact_refs');
    expect(Object.keys(ArtifactRefs())).toEqual([ARTIFACT_REFS_PROPERTY]);
  });

  it('is an optional list of refs in the handler', () => {
    const input = Type.Object({ query: Type.String(), ...ArtifactRefs() });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{
      query: string;
      artifact_refs?: string[];
    }>();
  });

  it('is never published in the input and always in the output', () => {
    const input = Type.Object({ query: Type.String(), ...ArtifactRefs() });
    expect(Object.keys(publishCanonical(input)['properties'] as object)).not.toContain(
      ARTIFACT_REFS_PROPERTY,
    );
    expect(Object.keys(publishCanonicalOutput(input)?.['properties'] as object)).toContain(
      ARTIFACT_REFS_PROPERTY,
    );
  });
});
