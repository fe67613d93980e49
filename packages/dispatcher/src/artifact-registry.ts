import { randomUUID } from 'node:crypto';
import { ArtifactError } from './errors.ts';
import { checkArtifactType, checkArtifactTypes } from './internal/validate.ts';

/**
 * An artifact's identity on the wire: its type alias, a colon, and an id minted once, at
 * registration (a random UUID, so refs from different calls never collide).
 */
export type ArtifactRef = `${string}:${string}`;

/**
 * An object of a registered artifact type. `ref` starts `null`; a registry stamps it at
 * registration and it never changes after.
 */
export interface Artifact {
  ref: string | null;
}

/** A class of artifacts under its alias. Make one with {@link defineArtifactType}. */
export interface ArtifactType<TArtifact extends Artifact = Artifact> {
  readonly alias: string;
  /** Instances whose nearest registered class is this one are artifacts of this type. */
  readonly type: abstract new (
    ...args: never[]
  ) => TArtifact;
}

/**
 * Names an artifact class with its alias (the part of a ref before the colon, which lets a consumer
 * rebuild the typed object). Throws `ArtifactError` `INVALID_ALIAS` for an alias that is empty or
 * holds anything outside `[A-Za-z0-9_.-]` (a colon above all) or does not start with a letter.
 */
export function defineArtifactType<TArtifact extends Artifact>(
  alias: string,
  type: abstract new (...args: never[]) => TArtifact,
): ArtifactType<TArtifact> {
  checkArtifactType(alias, type);
  return Object.freeze({ alias, type });
}

/**
 * The artifacts of one call. A registry is throwaway: what outlives it is the ref stamped on each
 * artifact.
 */
export interface ArtifactRegistry {
  /**
   * Registers an artifact and returns its ref, minting and stamping one if it has none. Registering
   * the same artifact again returns the same ref; an artifact that already carries a ref of its own
   * type's alias (from an earlier call) keeps it. Throws `ArtifactError` for a value of no
   * registered type (`UNREGISTERED_TYPE`), a ref of another alias (`FOREIGN_REF`), a ref this
   * registry holds for another artifact (`DUPLICATE_REF`), or a ref that cannot be written
   * (`UNWRITABLE_REF`).
   */
  register(artifact: Artifact): ArtifactRef;
  /**
   * Registers every artifact reachable from `value` through arrays, plain and class objects (own
   * enumerable properties, artifacts included), maps (keys and values) and sets, each object
   * visited once, so cycles are safe and no artifact serializes with a null ref. Binary buffers,
   * dates, regular expressions and functions are not entered. Returns how many distinct artifacts
   * it reached.
   */
  indexReachableFrom(value: unknown): number;
  /** The artifact registered under `ref` in this registry, if any. */
  resolve(ref: string): Artifact | undefined;
  /** The artifact type of a value (its nearest registered class), if it has one. */
  typeOf(value: unknown): ArtifactType | undefined;
  /** How many artifacts this registry holds. */
  readonly size: number;
}

/**
 * A fresh registry over the given artifact types. Throws `ArtifactError` `DUPLICATE_TYPE` when two
 * types share an alias or a class, `INVALID_ALIAS` for a type not made by {@link defineArtifactType}.
 */
export function createArtifactRegistry(types: readonly ArtifactType[]): ArtifactRegistry {
  checkArtifactTypes(types);
  const byPrototype = new Map<object, ArtifactType>();
  const aliases = new Set<string>();
  for (const entry of types) {
    const checked = defineArtifactType(entry?.alias, entry?.type);
    if (aliases.has(checked.alias) || byPrototype.has(checked.type.prototype)) {
      throw new ArtifactError(
        'DUPLICATE_TYPE',
        'Two artifact types share an alias or a class; give each class one alias of its own.',
        { alias: checked.alias },
      );
    }
    aliases.add(checked.alias);
    byPrototype.set(checked.type.prototype, checked);
  }

  const resolved = new Map<object, ArtifactType | null>();
  const byRef = new Map<string, Artifact>();
  const refOf = new Map<object, ArtifactRef>();

  function typeOfObject(value: object): ArtifactType | undefined {
    const start = Object.getPrototypeOf(value) as object | null;
    if (start === null) return undefined;
    const cached = resolved.get(start);
    if (cached !== undefined) return cached ?? undefined;
    let found: ArtifactType | null = null;
    for (let proto: object | null = start; proto !== null; proto = Object.getPrototypeOf(proto)) {
      const type = byPrototype.get(proto);
      if (type !== undefined) {
        found = type;
        break;
      }
    }
    resolved.set(start, found);
    return found ?? undefined;
  }

  function registerAs(artifact: Artifact, type: ArtifactType): ArtifactRef {
    const known = refOf.get(artifact);
    if (known !== undefined) return known;
    const carried: unknown = artifact.ref;
    let ref: ArtifactRef;
    if (carried === null || carried === undefined) {
      ref = `${type.alias}:${randomUUID()}`;
      try {
        artifact.ref = ref;
      } catch (cause) {
        throw new ArtifactError(
          'UNWRITABLE_REF',
          'An artifact does not let its `ref` be stamped; make `ref` a writable property.',
          { alias: type.alias, cause },
        );
      }
      if (artifact.ref !== ref) {
        throw new ArtifactError(
          'UNWRITABLE_REF',
          'An artifact does not keep the `ref` stamped on it; make `ref` a plain writable property.',
          { alias: type.alias },
        );
      }
    } else if (
      typeof carried === 'string' &&
      carried.length > type.alias.length + 1 &&
      carried.startsWith(`${type.alias}:`)
    ) {
      ref = carried as ArtifactRef;
      if (byRef.has(ref)) {
        throw new ArtifactError(
          'DUPLICATE_REF',
          'Two artifacts carry the same ref; give each artifact its own ref, or `null` to have one minted.',
          { alias: type.alias },
        );
      }
    } else {
      throw new ArtifactError(
        'FOREIGN_REF',
        'An artifact carries a ref that is not of its type’s alias; set it to `null` to have one minted.',
        { alias: type.alias },
      );
    }
    byRef.set(ref, artifact);
    refOf.set(artifact, ref);
    return ref;
  }

  return {
    register(artifact) {
      const type =
        typeof artifact === 'object' && artifact !== null ? typeOfObject(artifact) : undefined;
      if (type === undefined) {
        throw new ArtifactError(
          'UNREGISTERED_TYPE',
          '`register` is given a value whose class is no registered artifact type; add its type to the registry.',
        );
      }
      return registerAs(artifact, type);
    },

    indexReachableFrom(value) {
      const seen = new Set<object>();
      const pending: unknown[] = [value];
      let reached = 0;
      while (pending.length > 0) {
        const next = pending.pop();
        if (typeof next !== 'object' || next === null || seen.has(next)) continue;
        seen.add(next);
        if (Array.isArray(next)) {
          for (const item of next) pending.push(item);
          continue;
        }
        if (next instanceof Map) {
          for (const [key, item] of next) pending.push(key, item);
          continue;
        }
        if (next instanceof Set) {
          for (const item of next) pending.push(item);
          continue;
        }
        if (
          ArrayBuffer.isView(next) ||
          next instanceof ArrayBuffer ||
          next instanceof Date ||
          next instanceof RegExp ||
          next instanceof WeakMap ||
          next instanceof WeakSet ||
          next instanceof Promise
        ) {
          continue;
        }
        const type = typeOfObject(next);
        if (type !== undefined) {
          registerAs(next as Artifact, type);
          reached++;
        }
        const record = next as Record<string, unknown>;
        for (const key of Object.keys(record)) pending.push(record[key]);
      }
      return reached;
    },

    resolve(ref) {
      return byRef.get(ref);
    },

    typeOf(value) {
      return typeof value === 'object' && value !== null ? typeOfObject(value) : undefined;
    },

    get size() {
      return byRef.size;
    },
  };
}
