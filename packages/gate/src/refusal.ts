import type { JsonValue } from '@portcullis/schema';
import type { TemporalFormat } from './keywords.ts';
import type { GateRule } from './rules.ts';

/** A JSON Schema type name as a document declares it. */
export type DeclaredType =
  | 'null'
  | 'boolean'
  | 'object'
  | 'array'
  | 'number'
  | 'integer'
  | 'string';

/**
 * One fault, told in the document's terms. `path` is built only from declared property names and
 * array indices (RFC 6901 escaping); a map entry's key is the caller's and appears as
 * `<entry>` ({@link MAP_ENTRY_SEGMENT}). The facts are those the document declares at that place;
 * bounds and enum values are the document's own values (`bigint` where the document holds one).
 */
export interface RefusalIssue {
  readonly path: string;
  readonly rule: GateRule;
  /** Declared types at the place (through `$ref`), when the document declares them. */
  readonly types?: readonly DeclaredType[];
  readonly format?: TemporalFormat;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly exclusiveMinimum?: number | bigint;
  readonly exclusiveMaximum?: number | bigint;
  /** The accepted values (`enum`, or the one `const`). */
  readonly values?: readonly JsonValue[];
  /** UNDECLARED_PROPERTY: the names the object accepts. */
  readonly names?: readonly string[];
  /** UNDECLARED_PROPERTY: how many names the object carried that it does not declare. */
  readonly count?: number;
  /** True when the place is a property the document does not require (it may be omitted). */
  readonly optional?: boolean;
}

/**
 * A refusal of caller input: a value, never thrown, composed from the document alone. `text` is
 * written for a model to read and correct its call; `issues` carry the same faults as data.
 */
export interface Refusal {
  readonly text: string;
  readonly issues: readonly RefusalIssue[];
}

/** The outcome of {@link judge}: admitted, or refused with the reasons. */
export type Judgement = { readonly ok: true } | { readonly ok: false; readonly refusal: Refusal };
