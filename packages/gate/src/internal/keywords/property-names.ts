import type { GateIssue } from '../../refusal.ts';
import { expectation } from '../expectation.ts';
import type { Facts } from '../facts.ts';
import type { PlanNode } from '../plan.ts';
import { subject } from '../wording.ts';
import type { Emitter, Keyword } from './keyword.ts';

/*
 * `propertyNames`: the rule every name of an object follows (a map's key rule), judged on each
 * name the value holds. A key is the caller's: a fault is told at `<entry>` with the rule's
 * declared facts (pattern, lengths, format, values), never with the key.
 */

/** The declared facts of a key rule: what its line tells (the rule's checks, then its facts). */
export function keyRuleFacts(rule: PlanNode): Facts {
  const { types: _types, ...declared } = rule.facts;
  const facts: Record<string, unknown> = declared;
  for (const { check, state } of rule.checks) {
    if (check.on !== 'string') continue;
    for (const [key, value] of Object.entries(check.facts(state, rule, ''))) {
      if (facts[key] === undefined) facts[key] = value;
    }
  }
  return facts as Facts;
}

function lengthWords(issue: GateIssue): string | undefined {
  const { minLength, maxLength } = issue;
  const unit = (count: number) => (count === 1 ? 'character' : 'characters');
  if (minLength !== undefined && minLength === maxLength)
    return `of exactly ${minLength} ${unit(minLength)}`;
  if (minLength !== undefined && maxLength !== undefined)
    return `of ${minLength} to ${maxLength} ${unit(maxLength)}`;
  if (minLength !== undefined) return `of at least ${minLength} ${unit(minLength)}`;
  if (maxLength !== undefined) return `of at most ${maxLength} ${unit(maxLength)}`;
  return undefined;
}

/** The generated statement refusing a name `k` of the object in `x` outside the key rule. */
export function keyRuleLine(node: PlanNode, emitter: Emitter): string[] {
  if (node.propertyNames === undefined) return [];
  return [`if (!(${emitter.expression(node.propertyNames, 'k')})) return false;`];
}

export const propertyNamesKeyword: Keyword = {
  keywords: ['propertyNames'],
  read(schema, node, reader) {
    if (schema.propertyNames === undefined) return;
    node.propertyNames = reader.child(schema.propertyNames, reader.at('propertyNames'));
  },
  lines: {
    KEY_MISMATCH: (issue, told) => {
      const parts: string[] = [];
      const expected = expectation(issue, told);
      if (expected !== undefined) parts.push(expected);
      if (issue.pattern !== undefined)
        parts.push(
          `matching the declared pattern \`${issue.pattern}\` (a regular expression, matched anywhere in the key unless anchored)`,
        );
      const lengths = lengthWords(issue);
      if (lengths !== undefined) parts.push(lengths);
      const rule = parts.length === 0 ? 'the declared key rule' : `a key ${parts.join(', ')}`;
      return `A key at \`${issue.path}\` must be ${rule}; rename that key.`;
    },
    DUPLICATE_KEY: (issue) =>
      `${subject(issue.path)} must give each key once: two of its entries name the same key; keep one entry for that key.`,
  },
};
