/**
 * The judgement of a modern `tools/call`'s `Mcp-Param-*` headers against its arguments (revision
 * 2026-07-28, SEP-2243): a tool's input may declare properties (`x-mcp-header`) that a client on
 * Streamable HTTP mirrors into headers, so that an intermediary can route on them; a header and an
 * argument that disagree mean the router and the tool act on different values, so the call is
 * refused (`-32020`, HTTP 400) before anything runs. Pure: no I/O, nothing thrown, nothing the
 * caller sent kept in the answer (the reason is a code of ours, the header a name we declared).
 */
import type { McpHeaderDeclaration } from '@portcullis/schema/document';

/** A request's headers: Node's `req.headersDistinct` (preferred, so duplicates show) or `req.headers`. */
export type ParamHeaderSource = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Why a call's headers were refused, for logs; never shown to the caller. */
export const PARAM_HEADER_REASONS = Object.freeze({
  /** The argument has a value and its declared header is absent. */
  MISSING: 'missing',
  /** The declared header is present and the argument has no value (absent or null). */
  UNEXPECTED: 'unexpected',
  /** The declared header is given more than once (also in two spellings of its name). */
  DUPLICATE: 'duplicate',
  /** The header holds a character outside visible ASCII, space and tab. */
  INVALID_CHARACTERS: 'invalid-characters',
  /** The header is in the `=?base64?...?=` form and is not strict Base64 of UTF-8 text. */
  MALFORMED_BASE64: 'malformed-base64',
  /** The header, decoded, is not the argument's value in the declared type's text. */
  MISMATCH: 'mismatch',
} as const);

/** One of {@link PARAM_HEADER_REASONS}. */
export type ParamHeaderReason = (typeof PARAM_HEADER_REASONS)[keyof typeof PARAM_HEADER_REASONS];

/** The judgement of a call's `Mcp-Param-*` headers. */
export type ParamHeaderJudgement =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: ParamHeaderReason;
      /** The declared field name (`Mcp-Param-Region`): our words, from the published schema. */
      readonly header: string;
    };

/**
 * The one text of a refusal, whatever its reason: it names no header and repeats no value, so it
 * tells a caller nothing about the arguments or the tool beyond what `tools/list` published.
 */
export const PARAM_HEADER_REFUSAL_TEXT =
  'An Mcp-Param header of this request does not agree with its arguments. Send one header for each argument the tool marks with x-mcp-header in its inputSchema, omit it when the argument is absent or null, and give it the argument value (strings as they are or in the =?base64?...?= form, integers in decimal, booleans as true or false).';

export interface ParamHeaderOptions {
  /**
   * Whether the consumer was shown the declarations, so a missing header is refused: true where
   * the request's dialect publishes `x-mcp-header` (canonical), false where it removes it (every
   * vendor dialect), where a header that does arrive is still judged. Default true.
   */
  readonly requireHeaders?: boolean;
}

const ACCEPTED: ParamHeaderJudgement = Object.freeze({ ok: true });
const PREFIX = 'mcp-param-';
const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';
/** Visible ASCII, space and tab: what a header value may hold (RFC 9110, as the revision reads it). */
const FIELD_TEXT = /^[\t\x20-\x7e]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** An integer's text: decimal, no leading zeros, an optional zero fraction (`42.0` is 42). */
const INTEGER_TEXT = /^(-?)(0|[1-9][0-9]*)(?:\.0+)?$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function refused(reason: ParamHeaderReason, header: string): ParamHeaderJudgement {
  return Object.freeze({ ok: false, reason, header });
}

/** Every `Mcp-Param-*` value of `headers` by lower-cased field name, in one pass. */
function paramValues(headers: ParamHeaderSource): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const key of Object.keys(headers)) {
    if (key.length <= PREFIX.length || key.slice(0, PREFIX.length).toLowerCase() !== PREFIX) {
      continue;
    }
    const value = headers[key];
    if (value === undefined) continue;
    const name = key.toLowerCase();
    const values = found.get(name) ?? [];
    if (typeof value === 'string') values.push(value);
    else for (const each of value) values.push(each);
    found.set(name, values);
  }
  return found;
}

/** The value at `path` through own properties of plain objects; undefined where there is none. */
function argumentAt(args: unknown, path: readonly string[]): unknown {
  let value: unknown = args;
  for (const name of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/** Trims optional whitespace (space, tab) from both ends, as an HTTP parser does. */
function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value[start] === ' ' || value[start] === '\t')) start++;
  while (end > start && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
  return value.slice(start, end);
}

/**
 * The text a header carries: its value, or the UTF-8 text of its strict Base64 when it is in the
 * `=?base64?...?=` form (padding required, canonical, no character outside the alphabet).
 */
function headerText(
  raw: string,
): { readonly text: string } | { readonly reason: ParamHeaderReason } {
  const value = trimOws(raw);
  if (!FIELD_TEXT.test(value)) return { reason: PARAM_HEADER_REASONS.INVALID_CHARACTERS };
  if (
    value.length < SENTINEL_START.length + SENTINEL_END.length ||
    !value.startsWith(SENTINEL_START) ||
    !value.endsWith(SENTINEL_END)
  ) {
    return { text: value };
  }
  const encoded = value.slice(SENTINEL_START.length, value.length - SENTINEL_END.length);
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) {
    return { reason: PARAM_HEADER_REASONS.MALFORMED_BASE64 };
  }
  const bytes = Buffer.from(encoded, 'base64');
  // Non-zero bits under the padding decode too; only the canonical spelling is taken.
  if (bytes.toString('base64') !== encoded)
    return { reason: PARAM_HEADER_REASONS.MALFORMED_BASE64 };
  try {
    return { text: UTF8.decode(bytes) };
  } catch {
    return { reason: PARAM_HEADER_REASONS.MALFORMED_BASE64 };
  }
}

/** The decimal text of an integer argument, or undefined when the argument is no integer. */
function integerText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
  return undefined;
}

/** True when the header's text states the argument's value in the declared type. */
function agrees(text: string, value: unknown, type: McpHeaderDeclaration['type']): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string' && text === value;
    case 'boolean':
      return typeof value === 'boolean' && text === String(value);
    case 'integer': {
      const expected = integerText(value);
      const match = INTEGER_TEXT.exec(text);
      if (expected === undefined || match === null) return false;
      const digits = match[2] as string;
      // -0 and 0 are one integer.
      const stated = match[1] === '-' && digits !== '0' ? `-${digits}` : digits;
      return stated === expected;
    }
  }
}

/**
 * Judges a modern `tools/call`'s `Mcp-Param-*` headers against its arguments as they arrived
 * (`params.arguments`), for the tool's `declarations` (`CatalogEntry.headers`). For each
 * declaration: an argument with a value (present, not null) needs its header (unless
 * `requireHeaders` is false), a header needs an argument with a value, one header only, and the
 * header (trimmed of spaces and tabs, decoded from `=?base64?...?=`) must state the value: a string
 * exactly, an integer in decimal (`42`, `42.0`), a boolean as `true` or `false`. Header names
 * compare case-insensitively; a header no declaration names is not judged. Call it only once the
 * consumer is known to be granted the tool, so the answer reveals nothing about other tools. Cost:
 * linear in the headers and the declarations' paths.
 */
export function judgeParamHeaders(
  declarations: readonly McpHeaderDeclaration[],
  headers: ParamHeaderSource,
  args: unknown,
  options: ParamHeaderOptions = {},
): ParamHeaderJudgement {
  if (declarations.length === 0) return ACCEPTED;
  const requireHeaders = options.requireHeaders ?? true;
  const sent = paramValues(headers);
  for (const declaration of declarations) {
    const values = sent.get(declaration.header.toLowerCase());
    const value = argumentAt(args, declaration.path);
    const hasValue = value !== undefined && value !== null;
    if (values === undefined || values.length === 0) {
      if (hasValue && requireHeaders) {
        return refused(PARAM_HEADER_REASONS.MISSING, declaration.header);
      }
      continue;
    }
    if (values.length > 1) return refused(PARAM_HEADER_REASONS.DUPLICATE, declaration.header);
    if (!hasValue) return refused(PARAM_HEADER_REASONS.UNEXPECTED, declaration.header);
    const read = headerText(values[0] as string);
    if ('reason' in read) return refused(read.reason, declaration.header);
    if (!agrees(read.text, value, declaration.type)) {
      return refused(PARAM_HEADER_REASONS.MISMATCH, declaration.header);
    }
  }
  return ACCEPTED;
}
