import { ArtifactRefs, type TArtifactRefs, Uint8 } from '@portcullis/schema';
import {
  type TInteger,
  type TObject,
  type TOptional,
  type TProperties,
  type TString,
  Type,
} from 'typebox';

/** The shallowest `depth` a thinker may be asked for: answer directly, dispatch nothing. */
export const THINKER_DEPTH_MIN = 0;

/** The deepest `depth` a thinker may be asked for. */
export const THINKER_DEPTH_MAX = 5;

/**
 * The properties every thinker's input declares: its contract with whoever asks it, a consumer or
 * an orchestrator.
 */
export interface ThinkerContractProperties {
  /** What the thinker is asked. Required. */
  readonly query: TString;
  /** How deep it may go, an integer within {@link THINKER_DEPTH_MIN}..{@link THINKER_DEPTH_MAX}. */
  readonly depth: TOptional<TInteger>;
}

/**
 * The properties of {@link thinkerInput}`(properties)`: `query` and `depth` unless the author
 * declares them again, the author's properties, then the reserved `artifact_refs`.
 */
export type ThinkerInputProperties<TAuthored extends TProperties> = {
  [K in
    | Exclude<keyof ThinkerContractProperties, keyof TAuthored>
    | keyof TAuthored
    | keyof TArtifactRefs]: K extends keyof TArtifactRefs
    ? TArtifactRefs[K]
    : K extends keyof TAuthored
      ? TAuthored[K]
      : K extends keyof ThinkerContractProperties
        ? ThinkerContractProperties[K]
        : never;
};

/**
 * The input a thinker starts from: `query` (a required string), `depth` (an optional integer from
 * {@link THINKER_DEPTH_MIN} to {@link THINKER_DEPTH_MAX}) and the reserved `artifact_refs` (never
 * published, filled by this process), plus the author's `properties`. An author may declare
 * `query` or `depth` again, to describe them for a model or narrow `depth`; the catalog refuses a
 * thinker whose `query` is not a string or whose `depth` leaves those bounds. `artifact_refs` is
 * always the vocabulary's own.
 */
export function thinkerInput<const TAuthored extends TProperties = Record<never, never>>(
  properties?: TAuthored,
): TObject<ThinkerInputProperties<TAuthored>> {
  const contract: ThinkerContractProperties = {
    query: Type.String({ description: 'What the thinker is asked.' }),
    depth: Type.Optional(
      Uint8({
        minimum: THINKER_DEPTH_MIN,
        maximum: THINKER_DEPTH_MAX,
        description: `How deep the thinker may go, from ${THINKER_DEPTH_MIN} (answer directly) to ${THINKER_DEPTH_MAX}.`,
      }),
    ),
  };
  return Type.Object({ ...contract, ...properties, ...ArtifactRefs() }) as unknown as TObject<
    ThinkerInputProperties<TAuthored>
  >;
}
