/*
 * A-labels (IDNA2008, RFC 5890 section 2.3.2.1): an LDH label beginning `xn--` in any case is the
 * Punycode (RFC 3492) spelling of a U-label and is admitted only when that U-label is valid by
 * RFC 5891 section 5.4: it decodes, holds a non-ASCII code point, is in NFC, has no `--` in its
 * third and fourth positions and no hyphen at either end (4.2.3.1), does not begin with a combining
 * mark (4.2.3.2), and every code point is PVALID or a CONTEXTJ/CONTEXTO one whose rule of RFC 5892
 * Appendix A holds, and, when it holds a right-to-left code point (Bidi_Class R, AL or AN), the
 * Bidi rule of RFC 5893 section 2 holds for it. The Bidi rule is read per label, as the label's own
 * property: the LDH labels of a domain that also holds a right-to-left label are not held to it.
 * This is the reading of the JSON-Schema-Test-Suite's `optional/format/hostname.json`.
 *
 * A label is at most 63 characters, so the quadratic insertion of the decoder is bounded by a
 * constant; the only regular expressions here test a single code point against a Unicode property.
 */
import {
  BIDI_AN,
  BIDI_EN,
  BIDI_NEUTRAL,
  BIDI_NSM,
  BIDI_RTL,
  JOINING_D,
  JOINING_L,
  JOINING_R,
  JOINING_T,
  PVALID,
  VIRAMA,
} from './idna-table.ts';

/** Inclusive ranges, flattened `[first0, last0, first1, last1, ...]`, ascending. */
type Ranges = readonly number[];

function decodeRanges(table: string): Ranges {
  const out: number[] = [];
  let previous = 0;
  for (const part of table.split(' ')) {
    const dot = part.indexOf('.');
    const first = previous + Number.parseInt(part.slice(0, dot), 36);
    const last = first + Number.parseInt(part.slice(dot + 1), 36);
    out.push(first, last);
    previous = last + 1;
  }
  return out;
}

function inRanges(ranges: Ranges, codePoint: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (codePoint < (ranges[middle * 2] as number)) high = middle - 1;
    else if (codePoint > (ranges[middle * 2 + 1] as number)) low = middle + 1;
    else return true;
  }
  return false;
}

interface Tables {
  readonly pvalid: Ranges;
  readonly joiningLeft: Ranges;
  readonly joiningDual: Ranges;
  readonly joiningRight: Ranges;
  readonly joiningTransparent: Ranges;
  readonly virama: Ranges;
  readonly bidiRtl: Ranges;
  readonly bidiArabicNumber: Ranges;
  readonly bidiEuropeanNumber: Ranges;
  readonly bidiNonSpacingMark: Ranges;
  readonly bidiNeutral: Ranges;
}

let tables: Tables | undefined;

/** The tables, decoded on the first A-label (most hostnames have none). */
function loadTables(): Tables {
  tables ??= {
    pvalid: decodeRanges(PVALID),
    joiningLeft: decodeRanges(JOINING_L),
    joiningDual: decodeRanges(JOINING_D),
    joiningRight: decodeRanges(JOINING_R),
    joiningTransparent: decodeRanges(JOINING_T),
    virama: decodeRanges(VIRAMA),
    bidiRtl: decodeRanges(BIDI_RTL),
    bidiArabicNumber: decodeRanges(BIDI_AN),
    bidiEuropeanNumber: decodeRanges(BIDI_EN),
    bidiNonSpacingMark: decodeRanges(BIDI_NSM),
    bidiNeutral: decodeRanges(BIDI_NEUTRAL),
  };
  return tables;
}

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** A Punycode digit's value (either case), or -1. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return -1;
}

/**
 * RFC 3492 section 6.2, with the overflow checks of 6.4 (bounded here by the code point range).
 * `encoded` is the label after `xn--`, already LDH. Returns the code points, or undefined.
 */
export function decodePunycode(encoded: string): number[] | undefined {
  const output: number[] = [];
  const delimiter = encoded.lastIndexOf('-');
  for (let at = 0; at < delimiter; at++) output.push(encoded.charCodeAt(at));
  let at = delimiter > 0 ? delimiter + 1 : 0;
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  while (at < encoded.length) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= encoded.length) return undefined;
      const digit = digitValue(encoded.charCodeAt(at++));
      if (digit < 0) return undefined;
      i += digit * w;
      if (i > 0x10ffff * (output.length + 1)) return undefined;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

const COMBINING_MARK = /^\p{M}$/u;
const GREEK = /^\p{Script=Greek}$/u;
const HEBREW = /^\p{Script=Hebrew}$/u;
const KANA_OR_HAN = /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]$/u;

function isScript(script: RegExp, codePoint: number | undefined): boolean {
  return codePoint !== undefined && script.test(String.fromCodePoint(codePoint));
}

/** RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER). */
function contextJoinerHolds(label: readonly number[], at: number, t: Tables): boolean {
  const before = label[at - 1];
  if (before !== undefined && inRanges(t.virama, before)) return true;
  if (label[at] === 0x200d) return false;
  let left = at - 1;
  while (left >= 0 && inRanges(t.joiningTransparent, label[left] as number)) left--;
  const leftPoint = label[left];
  if (
    leftPoint === undefined ||
    !(inRanges(t.joiningLeft, leftPoint) || inRanges(t.joiningDual, leftPoint))
  )
    return false;
  let right = at + 1;
  while (right < label.length && inRanges(t.joiningTransparent, label[right] as number)) right++;
  const rightPoint = label[right];
  return (
    rightPoint !== undefined &&
    (inRanges(t.joiningRight, rightPoint) || inRanges(t.joiningDual, rightPoint))
  );
}

/** RFC 5892 Appendix A.3 to A.9, for the CONTEXTO code points; false for any other. */
function contextOtherHolds(label: readonly number[], at: number): boolean {
  const codePoint = label[at] as number;
  if (codePoint === 0x00b7) return label[at - 1] === 0x6c && label[at + 1] === 0x6c;
  if (codePoint === 0x0375) return isScript(GREEK, label[at + 1]);
  if (codePoint === 0x05f3 || codePoint === 0x05f4) return isScript(HEBREW, label[at - 1]);
  if (codePoint === 0x30fb) return label.some((point) => isScript(KANA_OR_HAN, point));
  if (codePoint >= 0x0660 && codePoint <= 0x0669)
    return !label.some((point) => point >= 0x06f0 && point <= 0x06f9);
  if (codePoint >= 0x06f0 && codePoint <= 0x06f9)
    return !label.some((point) => point >= 0x0660 && point <= 0x0669);
  return false;
}

/** The Bidi_Class groups RFC 5893 tells apart; R and AL are one (`rtl`), ES CS ET ON BN another. */
type BidiGroup = 'rtl' | 'an' | 'en' | 'nsm' | 'neutral' | 'l';

/** The group of an admissible code point (every admissible one outside the tables is L). */
function bidiGroup(codePoint: number, t: Tables): BidiGroup {
  if (inRanges(t.bidiRtl, codePoint)) return 'rtl';
  if (inRanges(t.bidiArabicNumber, codePoint)) return 'an';
  if (inRanges(t.bidiEuropeanNumber, codePoint)) return 'en';
  if (inRanges(t.bidiNonSpacingMark, codePoint)) return 'nsm';
  if (inRanges(t.bidiNeutral, codePoint)) return 'neutral';
  return 'l';
}

/**
 * RFC 5893 section 2, rules 1 to 6, for a label that holds an R, AL or AN code point; true for any
 * other label.
 */
function bidiRuleHolds(label: readonly number[], t: Tables): boolean {
  const groups = label.map((point) => bidiGroup(point, t));
  if (!groups.some((group) => group === 'rtl' || group === 'an')) return true;
  const rtl = groups[0] === 'rtl';
  if (!rtl && groups[0] !== 'l') return false;
  let last = groups.length - 1;
  while (last > 0 && groups[last] === 'nsm') last--;
  if (rtl) {
    if (groups.includes('l')) return false;
    if (groups.includes('en') && groups.includes('an')) return false;
    return groups[last] !== 'nsm' && groups[last] !== 'neutral';
  }
  if (groups.includes('rtl') || groups.includes('an')) return false;
  return groups[last] === 'l' || groups[last] === 'en';
}

/**
 * True when `label` (an LDH label starting `xn--` in any case, at most 63 characters) is a valid
 * A-label by the rules in this file's header.
 */
export function isALabel(label: string): boolean {
  const uLabel = decodePunycode(label.slice(4).toLowerCase());
  if (uLabel === undefined || !uLabel.some((point) => point >= 0x80)) return false;
  const text = String.fromCodePoint(...uLabel);
  if (text.normalize('NFC') !== text) return false;
  if (uLabel[2] === 0x2d && uLabel[3] === 0x2d) return false;
  if (uLabel[0] === 0x2d || uLabel[uLabel.length - 1] === 0x2d) return false;
  if (isScript(COMBINING_MARK, uLabel[0])) return false;
  const t = loadTables();
  for (let at = 0; at < uLabel.length; at++) {
    const codePoint = uLabel[at] as number;
    if (inRanges(t.pvalid, codePoint)) continue;
    if (codePoint === 0x200c || codePoint === 0x200d) {
      if (!contextJoinerHolds(uLabel, at, t)) return false;
    } else if (!contextOtherHolds(uLabel, at)) {
      return false;
    }
  }
  return bidiRuleHolds(uLabel, t);
}
