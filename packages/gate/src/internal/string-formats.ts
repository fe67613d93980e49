/*
 * The string formats of schema's `STRING_FORMATS`, each judged by the rule stated in
 * STRING_FORMAT_RULES. They run on caller text, so every check is a hand-written scanner, linear in
 * the input (no regular expression), refuses any text longer than its format's maximum before
 * scanning, and admits ASCII only: a non-ASCII code unit (a lone surrogate included) never matches
 * any class below. Where the JSON-Schema-Test-Suite's `optional/format/<name>.json` (draft 2020-12)
 * reads a rule, its reading is followed and named in the rule's comment.
 */
import type { StringFormat } from '@portcullis/schema';
import { isALabel } from './idna.ts';

const UUID_LENGTH = 36;
const IPV4_MAX_LENGTH = 15;
/** `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`. */
const IPV6_MAX_LENGTH = 45;
const HOSTNAME_MAX_LENGTH = 253;
const LABEL_MAX_LENGTH = 63;
/** RFC 5321 section 4.5.3.1.3: a path is at most 256 octets with its angle brackets. */
const EMAIL_MAX_LENGTH = 254;
/** RFC 5321 section 4.5.3.1.1. */
const LOCAL_PART_MAX_LENGTH = 64;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** One ASCII byte table per class, indexed by code unit; anything at or above 0x80 is outside. */
function asciiClass(members: string, ranges: readonly (readonly [number, number])[] = []) {
  const table = new Uint8Array(128);
  for (const char of members) table[char.charCodeAt(0)] = 1;
  for (const [first, last] of ranges) table.fill(1, first, last + 1);
  return (code: number): boolean => code < 128 && table[code] === 1;
}

const ALNUM: readonly (readonly [number, number])[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
];
/** RFC 3986 `unreserved` / `sub-delims`, with `:` and `@`: `pchar` less `pct-encoded`. */
const isPchar = asciiClass("-._~!$&'()*+,;=:@", ALNUM);
/** RFC 3986 `userinfo` characters less `pct-encoded`. */
const isUserinfoChar = asciiClass("-._~!$&'()*+,;=:", ALNUM);
/** RFC 3986 `reg-name` characters less `pct-encoded`. */
const isRegNameChar = asciiClass("-._~!$&'()*+,;=", ALNUM);
/** RFC 3986 `scheme` characters after the first. */
const isSchemeChar = asciiClass('+-.', ALNUM);
/** RFC 5322 `atext`, the characters of an RFC 5321 `Atom`. */
const isAtext = asciiClass("!#$%&'*+-/=?^_`{|}~", ALNUM);

/** RFC 9562 section 4: 8-4-4-4-12 hexadecimal digits, either case, any version and variant. */
function isUuid(text: string): boolean {
  if (text.length !== UUID_LENGTH) return false;
  for (let at = 0; at < UUID_LENGTH; at++) {
    const code = text.charCodeAt(at);
    if (at === 8 || at === 13 || at === 18 || at === 23) {
      if (code !== 0x2d) return false;
    } else if (!isHexDigit(code)) {
      return false;
    }
  }
  return true;
}

/** `dec-octet` of RFC 3986 section 3.2.2 over `text[from, to)`: 0..255 without a leading zero. */
function isDecOctet(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length < 1 || length > 3) return false;
  let value = 0;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (!isDigit(code)) return false;
    value = value * 10 + (code - 0x30);
  }
  return value <= 255 && (length === 1 || text.charCodeAt(from) !== 0x30);
}

/** Dotted-quad over `text[from, to)`. */
function isIpv4Between(text: string, from: number, to: number): boolean {
  if (to - from > IPV4_MAX_LENGTH) return false;
  let start = from;
  let parts = 0;
  for (let at = from; at <= to; at++) {
    if (at === to || text.charCodeAt(at) === 0x2e) {
      if (!isDecOctet(text, start, at)) return false;
      parts++;
      start = at + 1;
    }
  }
  return parts === 4;
}

/**
 * RFC 2673 section 3.2 dotted-quad: four decimal parts 0..255 joined by `.`, no leading zero (as
 * RFC 3986's `dec-octet`), no other spelling.
 */
function isIpv4(text: string): boolean {
  return isIpv4Between(text, 0, text.length);
}

/**
 * RFC 4291 section 2.2 over `text[from, to)`: eight groups of 1..4 hexadecimal digits, `::` once
 * for one or more zero groups, the last two groups optionally a dotted-quad; no zone id, no
 * brackets, no prefix length. The dotted-quad is read by the `ipv4` rule, so without leading zeros:
 * RFC 4291 is silent on them, RFC 3986's `ls32` and the suite (`::ffff:192.168.0.01`) refuse them.
 */
function isIpv6Between(text: string, from: number, to: number): boolean {
  if (to - from > IPV6_MAX_LENGTH || to - from < 2) return false;
  let at = from;
  let groups = 0;
  let compressed = false;
  if (text.charCodeAt(at) === 0x3a) {
    if (text.charCodeAt(at + 1) !== 0x3a) return false;
    compressed = true;
    at += 2;
    if (at === to) return true;
  }
  for (;;) {
    const start = at;
    while (at < to && at - start < 5 && isHexDigit(text.charCodeAt(at))) at++;
    if (at < to && text.charCodeAt(at) === 0x2e) {
      if (!isIpv4Between(text, start, to)) return false;
      groups += 2;
      break;
    }
    if (at === start || at - start > 4) return false;
    groups++;
    if (at === to) break;
    if (text.charCodeAt(at) !== 0x3a) return false;
    at++;
    if (text.charCodeAt(at) === 0x3a) {
      if (compressed) return false;
      compressed = true;
      at++;
      if (at === to) break;
    } else if (at === to) {
      return false;
    }
  }
  return compressed ? groups <= 7 : groups === 8;
}

function isIpv6(text: string): boolean {
  return isIpv6Between(text, 0, text.length);
}

/** One LDH label over `text[from, to)`: 1..63 letters, digits, hyphens, no hyphen at either end. */
function isLabel(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length < 1 || length > LABEL_MAX_LENGTH) return false;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (!(isAlpha(code) || isDigit(code) || code === 0x2d)) return false;
  }
  if (text.charCodeAt(from) === 0x2d || text.charCodeAt(to - 1) === 0x2d) return false;
  const isXn =
    length >= 4 &&
    (text.charCodeAt(from) | 0x20) === 0x78 &&
    (text.charCodeAt(from + 1) | 0x20) === 0x6e &&
    text.charCodeAt(from + 2) === 0x2d &&
    text.charCodeAt(from + 3) === 0x2d;
  return !isXn || isALabel(text.slice(from, to));
}

/** RFC 1123 section 2.1 hostname over `text[from, to)`, A-labels checked (see `idna.ts`). */
function isHostnameBetween(text: string, from: number, to: number): boolean {
  if (to - from > HOSTNAME_MAX_LENGTH) return false;
  let start = from;
  for (let at = from; at <= to; at++) {
    if (at === to || text.charCodeAt(at) === 0x2e) {
      if (!isLabel(text, start, at)) return false;
      start = at + 1;
    }
  }
  return true;
}

function isHostname(text: string): boolean {
  return isHostnameBetween(text, 0, text.length);
}

/** RFC 5321 `Dot-string` over `text[from, to)`: atoms of `atext` joined by single dots. */
function isDotString(text: string, from: number, to: number): boolean {
  let atomStart = from;
  for (let at = from; at <= to; at++) {
    if (at === to || text.charCodeAt(at) === 0x2e) {
      if (at === atomStart) return false;
      atomStart = at + 1;
    } else if (!isAtext(text.charCodeAt(at))) {
      return false;
    }
  }
  return true;
}

/**
 * RFC 5321 `Quoted-string` starting at `from` (a `"`): returns the index after its closing quote,
 * or -1. `qtextSMTP` is %d32-33 / %d35-91 / %d93-126; `quoted-pairSMTP` is `\` then %d32-126.
 */
function quotedStringEnd(text: string, from: number, to: number): number {
  for (let at = from + 1; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code === 0x5c) {
      at++;
      const escaped = text.charCodeAt(at);
      if (!(escaped >= 0x20 && escaped <= 0x7e)) return -1;
    } else if (!(code >= 0x20 && code <= 0x7e)) {
      return -1;
    }
  }
  return -1;
}

/**
 * RFC 5321 section 4.1.2 `Mailbox`: `Local-part "@" ( Domain / address-literal )`, the local part a
 * `Dot-string` or a `Quoted-string` of at most 64 octets, the whole at most 254; the domain an
 * RFC 1123 hostname (the `hostname` rule) or `[IPv4]` / `[IPv6:...]` by the `ipv4` / `ipv6` rules.
 * Reading the literals by those rules is stricter than RFC 5321 section 4.1.3 in two corners: an
 * `Snum` with a leading zero is refused, and `::` may stand for a single zero group. A
 * `General-address-literal` (`[tag:...]`) is refused.
 */
function isEmail(text: string): boolean {
  const length = text.length;
  if (length > EMAIL_MAX_LENGTH || length < 3) return false;
  let at: number;
  if (text.charCodeAt(0) === 0x22) {
    at = quotedStringEnd(text, 0, length);
    if (at < 0) return false;
  } else {
    at = text.indexOf('@');
    if (at < 0 || !isDotString(text, 0, at)) return false;
  }
  if (at > LOCAL_PART_MAX_LENGTH || text.charCodeAt(at) !== 0x40) return false;
  const domain = at + 1;
  if (text.charCodeAt(domain) !== 0x5b) return isHostnameBetween(text, domain, length);
  if (text.charCodeAt(length - 1) !== 0x5d) return false;
  const isIpv6Tag =
    length - domain > 6 &&
    (text.charCodeAt(domain + 1) | 0x20) === 0x69 &&
    (text.charCodeAt(domain + 2) | 0x20) === 0x70 &&
    (text.charCodeAt(domain + 3) | 0x20) === 0x76 &&
    text.charCodeAt(domain + 4) === 0x36 &&
    text.charCodeAt(domain + 5) === 0x3a;
  return isIpv6Tag
    ? isIpv6Between(text, domain + 6, length - 1)
    : isIpv4Between(text, domain + 1, length - 1);
}

/** `pct-encoded` at `at`: `%` and two hexadecimal digits. */
function isPercentEncodedAt(text: string, at: number): boolean {
  return (
    text.charCodeAt(at) === 0x25 &&
    isHexDigit(text.charCodeAt(at + 1)) &&
    isHexDigit(text.charCodeAt(at + 2))
  );
}

/**
 * Scans `text[from, to)` where each character is in `isMember` or is a `pct-encoded` triplet;
 * true when all are.
 */
function isRunOf(
  text: string,
  from: number,
  to: number,
  isMember: (code: number) => boolean,
): boolean {
  for (let at = from; at < to; at++) {
    if (isMember(text.charCodeAt(at))) continue;
    if (at + 2 >= to || !isPercentEncodedAt(text, at)) return false;
    at += 2;
  }
  return true;
}

function isPathChar(code: number): boolean {
  return code === 0x2f || isPchar(code);
}

function isQueryChar(code: number): boolean {
  return code === 0x2f || code === 0x3f || isPchar(code);
}

/**
 * RFC 3986 `IPvFuture` over `text[from, to)`: `v` 1*HEXDIG `.` 1*( unreserved / sub-delims / `:` ).
 */
function isIpvFuture(text: string, from: number, to: number): boolean {
  if ((text.charCodeAt(from) | 0x20) !== 0x76) return false;
  let at = from + 1;
  while (at < to && isHexDigit(text.charCodeAt(at))) at++;
  if (at === from + 1 || text.charCodeAt(at) !== 0x2e || at + 1 >= to) return false;
  for (at++; at < to; at++) if (!isUserinfoChar(text.charCodeAt(at))) return false;
  return true;
}

/** RFC 3986 `authority` over `text[from, to)`: `[ userinfo "@" ] host [ ":" port ]`. */
function isAuthority(text: string, from: number, to: number): boolean {
  let hostStart = from;
  const at = text.indexOf('@', from);
  if (at >= 0 && at < to) {
    if (!isRunOf(text, from, at, isUserinfoChar)) return false;
    hostStart = at + 1;
  }
  let hostEnd: number;
  if (text.charCodeAt(hostStart) === 0x5b) {
    const close = text.indexOf(']', hostStart);
    if (close < 0 || close >= to) return false;
    const literalOk =
      isIpvFuture(text, hostStart + 1, close) || isIpv6Between(text, hostStart + 1, close);
    if (!literalOk) return false;
    hostEnd = close + 1;
    if (hostEnd < to && text.charCodeAt(hostEnd) !== 0x3a) return false;
  } else {
    const colon = text.indexOf(':', hostStart);
    hostEnd = colon >= 0 && colon < to ? colon : to;
    if (!isRunOf(text, hostStart, hostEnd, isRegNameChar)) return false;
  }
  for (let port = hostEnd + 1; port < to; port++) if (!isDigit(text.charCodeAt(port))) return false;
  return true;
}

/**
 * RFC 3986 section 3 `URI`: `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, the scheme
 * required (a relative reference is refused), every character of the grammar's classes or a
 * `pct-encoded` triplet: no space, no non-ASCII (that is an IRI). A reg-name host is not read as an
 * IPv4 address, so `http://999.999.999.999/` is admitted (the suite's reading, as the ABNF says).
 */
function isUri(text: string): boolean {
  const length = text.length;
  if (!isAlpha(text.charCodeAt(0))) return false;
  let at = 1;
  while (at < length && isSchemeChar(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== 0x3a) return false;
  at++;
  let end = at;
  while (end < length && text.charCodeAt(end) !== 0x3f && text.charCodeAt(end) !== 0x23) end++;
  const hierEnd = end;
  if (text.charCodeAt(at) === 0x2f && text.charCodeAt(at + 1) === 0x2f) {
    let authorityEnd = at + 2;
    while (authorityEnd < hierEnd && text.charCodeAt(authorityEnd) !== 0x2f) authorityEnd++;
    if (!isAuthority(text, at + 2, authorityEnd)) return false;
    at = authorityEnd;
  }
  if (!isRunOf(text, at, hierEnd, isPathChar)) return false;
  at = hierEnd;
  if (text.charCodeAt(at) === 0x3f) {
    end = at + 1;
    while (end < length && text.charCodeAt(end) !== 0x23) end++;
    if (!isRunOf(text, at + 1, end, isQueryChar)) return false;
    at = end;
  }
  if (at < length) return isRunOf(text, at + 1, length, isQueryChar);
  return true;
}

/**
 * The check of each string format: true when `text` is in the format by its rule in
 * {@link STRING_FORMAT_RULES}. Each is linear in `text.length`, refuses text longer than the
 * format's maximum without scanning it (uuid 36, ipv4 15, ipv6 45, hostname 253, email 254; uri has
 * none, RFC 3986 sets no maximum, and is scanned once), and admits ASCII only.
 */
export const STRING_FORMAT_CHECKS: Readonly<Record<StringFormat, (text: string) => boolean>> =
  Object.freeze({
    uuid: isUuid,
    email: isEmail,
    uri: isUri,
    hostname: isHostname,
    ipv4: isIpv4,
    ipv6: isIpv6,
  });

/** The rule each string format is judged by, one sentence each, with its RFC section. */
export const STRING_FORMAT_RULES: Readonly<Record<StringFormat, string>> = Object.freeze({
  uuid: 'RFC 9562 section 4: 32 hexadecimal digits in groups of 8-4-4-4-12 joined by hyphens, in either case, of any version and variant.',
  email:
    'RFC 5321 section 4.1.2 `Mailbox`: a dot-atom or quoted-string local part of at most 64 octets, `@`, and a domain that is a hostname by the `hostname` rule or an address literal `[IPv4]` or `[IPv6:...]` by the `ipv4` and `ipv6` rules, at most 254 characters in all.',
  uri: 'RFC 3986 section 3 `URI`: a scheme, `:`, and the hierarchical part with optional query and fragment by the full grammar (authority, IP literal, percent-encoding, path forms), ASCII only and without spaces.',
  hostname:
    'RFC 1123 section 2.1: labels of 1 to 63 ASCII letters, digits and inner hyphens joined by single dots, at most 253 characters, no final dot; a label beginning `xn--` must be a valid IDNA2008 A-label (RFC 5891 section 5.4, RFC 5892, and RFC 5893 for a right-to-left label), as the JSON-Schema-Test-Suite reads it.',
  ipv4: 'RFC 2673 section 3.2 dotted-quad: four decimal numbers from 0 to 255 without leading zeros, joined by dots.',
  ipv6: 'RFC 4291 section 2.2: eight groups of 1 to 4 hexadecimal digits joined by colons, `::` at most once for one or more zero groups, the last two groups optionally a dotted-quad by the `ipv4` rule; no zone id, brackets or prefix length.',
});
