/*
 * Test support: the issues of a refusal, and the same as `path code` lines for compact assertions.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { type GateIssue, judge } from '../../src/index.ts';

/** The judgement of an admitted value. */
export const ok = { ok: true };

/** The issues of the refusal `judge` gives; throws when the value is admitted. */
export function issuesOf(value: unknown, document: SchemaNode): readonly GateIssue[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.issues;
}

/** Each issue of the refusal as `path code`. */
export function codesOf(value: unknown, document: SchemaNode): string[] {
  return issuesOf(value, document).map((issue) => `${issue.path} ${issue.code}`);
}
