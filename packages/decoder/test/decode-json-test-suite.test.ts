/*
 * Invariant: against every file of JSONTestSuite's test_parsing, every `n_` document is refused,
 * every `y_` document is accepted (except the two with duplicate keys, refused on purpose) with
 * JSON.parse's value, and every `i_` document has the outcome stated below with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DecodeRefusalCode, decode } from '../src/index.ts';
import { asParsed } from './support.ts';

const DIR = fileURLToPath(new URL('./fixtures/JSONTestSuite/test_parsing/', import.meta.url));
const FILES = readdirSync(DIR).sort();
const read = (name: string) => new Uint8Array(readFileSync(`${DIR}${name}`));

/** Deliberate deviations from RFC 8259 among the `y_` files. */
const Y_REFUSED: Record<string, { code: DecodeRefusalCode; reason: string }> = {
  'y_object_duplicated_key.json': {
    code: 'DUPLICATE_KEY',
    reason: 'RFC 8259 allows duplicate names; a second value could smuggle past the gate',
  },
  'y_object_duplicated_key_and_value.json': {
    code: 'DUPLICATE_KEY',
    reason: 'duplicates are refused even when both values agree: one rule, no exceptions',
  },
};

const BIG = 'integer beyond ±(2^53-1): accepted, kept exact as bigint';
const OVERFLOW = 'no double can hold it: refused rather than becoming Infinity';
const UNDERFLOW = 'a non-zero literal that a double rounds to 0: refused rather than silently 0';
const LONE = 'a lone surrogate escape cannot be written as UTF-8: refused';
const UTF8 = 'byte input must be well-formed UTF-8: refused, never replaced with U+FFFD';

/** The stated outcome of every `i_` file: accepted, or the refusal code; and why. */
const I_OUTCOMES: Record<string, { outcome: 'accepted' | DecodeRefusalCode; reason: string }> = {
  'i_number_double_huge_neg_exp.json': { outcome: 'NUMBER_UNDERFLOW', reason: UNDERFLOW },
  'i_number_huge_exp.json': { outcome: 'NUMBER_OVERFLOW', reason: OVERFLOW },
  'i_number_neg_int_huge_exp.json': { outcome: 'NUMBER_OVERFLOW', reason: OVERFLOW },
  'i_number_pos_double_huge_exp.json': { outcome: 'NUMBER_OVERFLOW', reason: OVERFLOW },
  'i_number_real_neg_overflow.json': { outcome: 'NUMBER_OVERFLOW', reason: OVERFLOW },
  'i_number_real_pos_overflow.json': { outcome: 'NUMBER_OVERFLOW', reason: OVERFLOW },
  'i_number_real_underflow.json': { outcome: 'NUMBER_UNDERFLOW', reason: UNDERFLOW },
  'i_number_too_big_neg_int.json': { outcome: 'accepted', reason: BIG },
  'i_number_too_big_pos_int.json': { outcome: 'accepted', reason: BIG },
  'i_number_very_big_negative_int.json': { outcome: 'accepted', reason: BIG },
  'i_object_key_lone_2nd_surrogate.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_1st_surrogate_but_2nd_missing.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_1st_valid_surrogate_2nd_invalid.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_UTF-16LE_with_BOM.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_UTF-8_invalid_sequence.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_UTF8_surrogate_U+D800.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_incomplete_surrogate_and_escape_valid.json': {
    outcome: 'LONE_SURROGATE',
    reason: LONE,
  },
  'i_string_incomplete_surrogate_pair.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_incomplete_surrogates_escape_valid.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_invalid_lonely_surrogate.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_invalid_surrogate.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_invalid_utf-8.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_inverted_surrogates_U+1D11E.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_iso_latin_1.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_lone_second_surrogate.json': { outcome: 'LONE_SURROGATE', reason: LONE },
  'i_string_lone_utf8_continuation_byte.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_not_in_unicode_range.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_overlong_sequence_2_bytes.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_overlong_sequence_6_bytes.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_overlong_sequence_6_bytes_null.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_truncated-utf-8.json': { outcome: 'INVALID_UTF8', reason: UTF8 },
  'i_string_utf16BE_no_BOM.json': { outcome: 'INVALID_UTF8', reason: 'only UTF-8 is read' },
  'i_string_utf16LE_no_BOM.json': { outcome: 'INVALID_UTF8', reason: 'only UTF-8 is read' },
  'i_structure_500_nested_arrays.json': {
    outcome: 'accepted',
    reason: 'depth 500 is within the nesting limit of 1000',
  },
  'i_structure_UTF-8_BOM_empty_object.json': {
    outcome: 'BYTE_ORDER_MARK',
    reason: 'RFC 8259 forbids sending a BOM; a boundary refuses it',
  },
};

describe('JSONTestSuite test_parsing', () => {
  it('holds every file the suite has (318), and a stated outcome for every i_ file', () => {
    expect(FILES).toHaveLength(318);
    expect(FILES.filter((f) => f.startsWith('i_')).sort()).toEqual(Object.keys(I_OUTCOMES).sort());
  });

  it.each(FILES.filter((f) => f.startsWith('n_')))('refuses %s', (name) => {
    const bytes = read(name);
    const result = decode(bytes);
    expect(result.ok).toBe(false);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (!text.includes('\uFFFD')) expect(decode(text).ok).toBe(false);
  });

  it.each(FILES.filter((f) => f.startsWith('y_')))('accepts %s as JSON.parse does', (name) => {
    const bytes = read(name);
    const text = new TextDecoder().decode(bytes);
    const refused = Y_REFUSED[name];
    for (const input of [bytes, text]) {
      const result = decode(input);
      if (refused !== undefined) {
        expect(result.ok ? 'accepted' : result.refusal.code).toBe(refused.code);
      } else {
        if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
        expect(asParsed(result.value)).toEqual(JSON.parse(text));
      }
    }
  });

  it.each(Object.entries(I_OUTCOMES))('%s: %o', (name, { outcome }) => {
    const result = decode(read(name));
    expect(result.ok ? 'accepted' : result.refusal.code).toBe(outcome);
    if (result.ok && outcome === 'accepted' && name.startsWith('i_number')) {
      const literal = new TextDecoder().decode(read(name)).trim().slice(1, -1);
      expect(result.value).toEqual([BigInt(literal)]);
    }
  });
});
