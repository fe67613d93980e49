import type { SchemaObject } from '@portcullis/schema/document';
import type { Publication, SchemaSide } from './dialect.ts';
import { DIALECTS } from './dialects.ts';
import { DialectError } from './errors.ts';
import { DIALECT_NAMES, type DialectName } from './names.ts';

/**
 * One dialect's answer for one document: its rendering, or the {@link DialectError} that says why
 * the document cannot be published in that dialect.
 */
export type PublicationResult =
  | { readonly ok: true; readonly value: Publication }
  | { readonly ok: false; readonly error: DialectError };

/**
 * Renders one canonical document in every dialect, for a catalog or a server to call once per tool
 * and side when it builds or starts: every failure a later `tools/list` could meet is found here,
 * since rendering is deterministic. Returns a frozen record keyed by every wire name, in the order
 * of `DIALECT_NAMES`, holding each rendering or its `DialectError` (a tool past OpenAI's limits is
 * simply not offered in `openai_strict`). Any other error (`SchemaDefectError` for an unresolvable
 * reference in the canonical document, or a programming error) is a defect of the document or the
 * code and is rethrown as it came.
 */
export function publishEveryDialect(
  canonical: SchemaObject,
  side: SchemaSide,
): { readonly [TName in DialectName]: PublicationResult } {
  const entries = DIALECT_NAMES.map((name): [DialectName, PublicationResult] => {
    try {
      return [name, { ok: true, value: DIALECTS[name].publish(canonical, side) }];
    } catch (error) {
      if (error instanceof DialectError) return [name, { ok: false, error }];
      throw error;
    }
  });
  return Object.freeze(Object.fromEntries(entries) as Record<DialectName, PublicationResult>);
}
