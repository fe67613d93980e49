import type { JsonValue, StringFormat, TemporalFormat } from '@portcullis/schema';
import type { GateIssueCode } from './issue-codes.ts';

/** A JSON Schema type name as a document declares it. */
export type GateDeclaredType =
  | 'null'
  | 'boolean'
  | 'object'
  | 'array'
  | 'number'
  | 'integer'
  | 'string';

/**
 * One fault, told in the document's terms. `code` is the stable machine code (one of
 * `GATE_ISSUE_CODES`). `path` is built only from declared property names and array indices (RFC 6901
 * escaping); a map entry's key is the caller's and appears as `<entry>` (`MAP_ENTRY_SEGMENT`). The
 * facts are those the document declares at that place; bounds and enum values are the document's
 * own values (`bigint` where the document holds one).
 */
export interface GateIssue {
  readonly path: string;
  readonly code: GateIssueCode;
  /** Declared types at the place (through `$ref`), when the document declares them. */
  readonly types?: readonly GateDeclaredType[];
  readonly format?: TemporalFormat | StringFormat;
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
  /**
   * UNDECLARED_PROPERTY at an object that accepts no name: its declared description, when it has
   * one (the document's words, such as how deep a dialect states a recursion).
   */
  readonly description?: string;
  /** TOO_SHORT, TOO_LONG: the declared length bounds of the string, in code points. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** PATTERN_MISMATCH: the declared regular expression (the document's text). */
  readonly pattern?: string;
  /** TOO_FEW_ITEMS, TOO_MANY_ITEMS: the declared bounds on the number of items. */
  readonly minItems?: number;
  readonly maxItems?: number;
  /** TOO_FEW_PROPERTIES, TOO_MANY_PROPERTIES: the declared bounds on the number of names. */
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** NOT_MULTIPLE: the declared divisor. */
  readonly multipleOf?: number | bigint;
  /** DUPLICATE_ITEMS: the indexes of the first two equal items (never the items themselves). */
  readonly indexes?: readonly [number, number];
  /** True when the place is a property the document does not require (it may be omitted). */
  readonly optional?: boolean;
}

/**
 * A refusal of caller input: a value, never thrown, composed from the document alone. `text` is
 * written for a model to read and correct its call; `issues` carry the same faults as data, at most
 * `REFUSAL_ISSUE_LIMIT` of them; `more` is true when the value holds further faults that were
 * neither described nor counted (the gate stops looking once the limit is passed).
 */
export interface GateRefusal {
  readonly text: string;
  readonly issues: readonly GateIssue[];
  readonly more: boolean;
}

/** The outcome of `judge`: admitted, or refused with the reasons. */
export type GateJudgement =
  | { readonly ok: true }
  | { readonly ok: false; readonly refusal: GateRefusal };
