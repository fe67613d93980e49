import type { JsonValue } from '@portcullis/schema';
import type { SchemaObject } from '@portcullis/schema/document';
import type { DialectError } from './errors.ts';
import type { DialectName } from './names.ts';

/** Which document a dialect renders: the arguments a caller sends, or the result a tool returns. */
export type SchemaSide = 'input' | 'output';

/**
 * One rendering of a canonical document. `narrowed` lists, as JSON pointers into `schema`, every
 * declared field whose shape the dialect could not state and published narrower or shapeless
 * instead (a map, an open value, the closed last level of an unrolled or broken recursion), and
 * every place where it dropped a value constraint it cannot state (stated in words in that
 * place's description instead, such as "At most 20 items."): what a server puts in
 * `_meta["portcullis/narrowed"]` so a consumer knows the rendering is not the whole criterion
 * there. Empty when nothing narrowed; in document order; a field inside one that narrowed whole
 * is not listed again. An output rendering lists nothing but maps `gemini` cannot state.
 */
export interface Publication {
  readonly schema: SchemaObject;
  readonly narrowed: readonly string[];
}

/**
 * One spelling of the canonical contract. Every function is pure and deterministic: the canonical
 * document is never mutated, a rendering shares no object with it or with any other rendering,
 * property order is kept, and rendering a rendered document again changes nothing.
 */
export interface Dialect {
  /** The wire name a request selects this dialect by. */
  readonly name: DialectName;
  /** Who reads this spelling: the vendor API that receives the rendering. */
  readonly audience: string;
  /**
   * Renders the canonical document of one side, with the paths that narrowed. An output rendering
   * gets the vocabulary narrowing alone, never narrower values. Throws {@link DialectError} when
   * the document cannot be published in this dialect; rendering is deterministic, so a document
   * that published once publishes again.
   */
  publish(canonical: SchemaObject, side: SchemaSide): Publication;
  /**
   * The inverse of this spelling: turns arguments written against this dialect's input document
   * into the canonical arguments, following `canonicalInput`. Never judges: whatever it cannot
   * undo is left for the gate to refuse. Returns `wire` itself when nothing changed.
   */
  arguments(wire: JsonValue, canonicalInput: SchemaObject): JsonValue;
}
