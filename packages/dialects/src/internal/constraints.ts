import { isJsonObject, type SchemaObject } from '@portcullis/schema/document';
import {
  fromEntries,
  joinSentences,
  literal,
  pointer,
  type RewriteContext,
  type Segments,
  withKeyword,
} from './rewrite.ts';

/**
 * The value constraints of the vocabulary a dialect may be unable to state: when it drops one, the
 * place is listed in `narrowed` and the constraint is stated in words in the description (the
 * canonical pass still judges it). In the order their sentences are written.
 */
export const VALUE_CONSTRAINTS = Object.freeze([
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'minProperties',
  'maxProperties',
] as const);

/** One of {@link VALUE_CONSTRAINTS}. */
export type ValueConstraint = (typeof VALUE_CONSTRAINTS)[number];

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  'date-time': 'A date and time (RFC 3339).',
  date: 'A full date, YYYY-MM-DD (RFC 3339).',
  time: 'A time of day with its offset (RFC 3339).',
  duration: 'An ISO 8601 duration.',
  uuid: 'A UUID (RFC 9562).',
  email: 'An email address (RFC 5321 mailbox).',
  uri: 'An absolute URI (RFC 3986).',
  hostname: 'A hostname (RFC 1123).',
  ipv4: 'An IPv4 address in dotted-quad form.',
  ipv6: 'An IPv6 address (RFC 4291).',
};

/** Whether a dialect drops `keyword` from `node` (it is only asked of keywords `node` holds). */
export type Drops = (keyword: ValueConstraint, node: SchemaObject) => boolean;

const has = (node: SchemaObject, keyword: ValueConstraint, dropped: ReadonlySet<string>) =>
  dropped.has(keyword) && Object.hasOwn(node, keyword);

const plural = (count: unknown, noun: string) =>
  `${literal(count)} ${count === 1 || count === 1n ? noun : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** `At least 1 and at most 20 items.` for the count keywords of `dropped` present on `node`. */
function countSentence(
  node: SchemaObject,
  dropped: ReadonlySet<string>,
  min: ValueConstraint,
  max: ValueConstraint,
  noun: string,
): string | undefined {
  const low = has(node, min, dropped) ? node[min] : undefined;
  const high = has(node, max, dropped) ? node[max] : undefined;
  if (low !== undefined && high !== undefined) {
    return low === high
      ? `Exactly ${plural(low, noun)}.`
      : `At least ${literal(low)} and at most ${plural(high, noun)}.`;
  }
  if (low !== undefined) return `At least ${plural(low, noun)}.`;
  if (high !== undefined) return `At most ${plural(high, noun)}.`;
  return undefined;
}

function boundsSentence(node: SchemaObject, dropped: ReadonlySet<string>): string | undefined {
  const parts: string[] = [];
  if (has(node, 'minimum', dropped)) parts.push(`at least ${literal(node.minimum)}`);
  if (has(node, 'exclusiveMinimum', dropped)) {
    parts.push(`greater than ${literal(node.exclusiveMinimum)}`);
  }
  if (has(node, 'maximum', dropped)) parts.push(`at most ${literal(node.maximum)}`);
  if (has(node, 'exclusiveMaximum', dropped)) {
    parts.push(`less than ${literal(node.exclusiveMaximum)}`);
  }
  return parts.length === 0 ? undefined : `${capitalized(parts.join(' and '))}.`;
}

/**
 * The sentences stating the `dropped` constraints of `node` (those it holds), composed from the
 * document alone, or `''` when it holds none of them.
 */
export function constraintWords(node: SchemaObject, dropped: ReadonlySet<string>): string {
  const sentences: string[] = [];
  if (has(node, 'format', dropped) && typeof node.format === 'string') {
    sentences.push(FORMAT_WORDS[node.format] ?? `In the ${literal(node.format)} format.`);
  }
  const length = countSentence(node, dropped, 'minLength', 'maxLength', 'character');
  if (length !== undefined) sentences.push(length);
  if (has(node, 'pattern', dropped) && typeof node.pattern === 'string') {
    sentences.push(`Matches the regular expression \`${node.pattern}\`.`);
  }
  const bounds = boundsSentence(node, dropped);
  if (bounds !== undefined) sentences.push(bounds);
  if (has(node, 'multipleOf', dropped)) {
    sentences.push(`A multiple of ${literal(node.multipleOf)}.`);
  }
  const items = countSentence(node, dropped, 'minItems', 'maxItems', 'item');
  if (items !== undefined) sentences.push(items);
  if (has(node, 'uniqueItems', dropped) && node.uniqueItems === true) {
    sentences.push('No two items are equal.');
  }
  if (has(node, 'propertyNames', dropped) && isJsonObject(node.propertyNames)) {
    sentences.push(keyRuleSentence(node.propertyNames));
  }
  const entries = countSentence(node, dropped, 'minProperties', 'maxProperties', 'entry');
  if (entries !== undefined) sentences.push(entries);
  return sentences.join(' ');
}

/** The rule of a map's keys in words: its description, then its constraints (composed alike). */
function keyRuleSentence(rule: SchemaObject): string {
  const own = typeof rule.description === 'string' ? rule.description : '';
  const words = constraintWords(rule, new Set(VALUE_CONSTRAINTS));
  const said = [own, words].filter((part) => part !== '').join(own === '' ? '' : ' ');
  return said === '' ? 'Every key is a string.' : `Every key: ${joinSentences(said, '').trim()}`;
}

/**
 * `node` without the value constraints `drops` says the dialect cannot state, each stated in words
 * at the end of its description, and its place (`at`, a pointer into the rendering) listed in
 * `ctx.narrowed`. Returns `node` itself when it holds none of them.
 */
export function dropConstraints(
  node: SchemaObject,
  drops: Drops,
  at: Segments,
  ctx: RewriteContext,
): SchemaObject {
  let dropped: Set<string> | undefined;
  for (const keyword of VALUE_CONSTRAINTS) {
    if (!Object.hasOwn(node, keyword) || !drops(keyword, node)) continue;
    dropped ??= new Set();
    dropped.add(keyword);
  }
  if (dropped === undefined) return node;
  const words = constraintWords(node, dropped);
  const kept = fromEntries(Object.entries(node).filter(([key]) => !dropped.has(key)));
  if (dropped.has('propertyNames')) {
    // The key rule is gone from the rendering: what narrowed inside it is told here, in words.
    const inside = `${pointer(at)}/propertyNames`;
    for (let i = ctx.narrowed.length - 1; i >= 0; i--) {
      const place = ctx.narrowed[i]!;
      if (place === inside || place.startsWith(`${inside}/`)) ctx.narrowed.splice(i, 1);
    }
  }
  ctx.narrowed.push(pointer(at));
  return words === ''
    ? kept
    : withKeyword(kept, 'description', joinSentences(kept.description, words));
}

/**
 * `narrowed` pointers collected during one rewrite (a place is listed after the places below it,
 * since a rewrite finishes a node after its children, and a place replaced whole before anything
 * below it) put in document order: each place moved in front of the places below it, which were
 * listed right before it.
 */
export function parentsFirst(narrowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const place of narrowed) {
    let at = out.length;
    while (at > 0 && out[at - 1]!.startsWith(`${place}/`)) at -= 1;
    out.splice(at, 0, place);
  }
  return out;
}
