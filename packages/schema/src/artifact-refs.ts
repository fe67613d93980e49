import { type TArray, type TOptional, type TString, Type } from 'typebox';

/**
 * The reserved input property that carries references into this process's artifact registry. The
 * canonical INPUT document never publishes it, so a caller that sends it is refused as undeclared;
 * output documents keep it.
 */
export const ARTIFACT_REFS_PROPERTY = 'artifact_refs';

/** The declaration {@link ArtifactRefs} returns: the reserved key, an optional list of refs. */
export type TArtifactRefs = { readonly artifact_refs: TOptional<TArray<TString>> };

/**
 * The vocabulary's declaration of the reserved property, to spread into an object:
 * `Type.Object({ query: Type.String(), ...ArtifactRefs() })`. The handler sees
 * `artifact_refs?: string[]`, filled by this process and never by a caller.
 */
export function ArtifactRefs(): TArtifactRefs {
  return {
    [ARTIFACT_REFS_PROPERTY]: Type.Optional(
      Type.Array(Type.String(), { description: 'References into the artifact registry' }),
    ),
  };
}
