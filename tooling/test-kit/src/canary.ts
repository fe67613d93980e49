/**
 * Canaries: unique marks a hostile payload carries in its values and in the keys it invents, so a
 * response that repeats any part of what a caller sent is caught by looking for them. A string
 * canary is `CNRY` and six digits (`CNRY000042`); no word the boundary composes holds `CNRY`. A
 * numeric canary is a hostile number's own decimal digits (at least ten of them), found only where
 * no other digit touches it.
 */

/** What every string canary starts with. */
export const CANARY_MARK = 'CNRY';

const STRING_CANARY = /CNRY\d{6}/;

/** Mints canaries: strings, keys and numbers, each different from every other one it minted. */
export interface CanaryMint {
  /** A fresh string canary, `CNRY` and six digits. */
  string(): string;
  /** A fresh key canary: a string canary spelled `k_CNRY...`, for a name the caller invents. */
  key(): string;
  /** A fresh integer of ten or more digits, returned as its digits (`offset` added). */
  digits(offset?: bigint): string;
  /** Every numeric canary minted so far. */
  readonly numbers: ReadonlySet<string>;
  /** How many canaries were minted. */
  readonly count: number;
}

/** A mint whose numbers start at `base` (distinct mints should use distinct bases). */
export function createCanaryMint(base = 4_100_000_000_000n): CanaryMint {
  let sequence = 0;
  const numbers = new Set<string>();
  const next = () => {
    sequence += 1;
    if (sequence > 999_999) throw new Error('The canary mint ran out of six-digit canaries.');
    return sequence;
  };
  return {
    string: () => `${CANARY_MARK}${String(next()).padStart(6, '0')}`,
    key: () => `k_${CANARY_MARK}${String(next()).padStart(6, '0')}`,
    digits(offset = 0n) {
      const value = base + BigInt(next()) * 1_000n + 731n + offset;
      const text = (value < 0n ? -value : value).toString();
      numbers.add(text);
      return text;
    },
    numbers,
    get count() {
      return sequence;
    },
  };
}

/**
 * Every canary found in `text`: any string canary (whoever minted it) and the numeric canaries of
 * `numbers` standing alone (no digit before or after). Empty when the text carries none.
 */
export function findCanaries(text: string, numbers: Iterable<string> = []): string[] {
  const found: string[] = [];
  const strings = new RegExp(STRING_CANARY.source, 'g');
  for (const match of text.matchAll(strings)) found.push(match[0]);
  for (const digits of numbers) {
    let at = text.indexOf(digits);
    while (at !== -1) {
      const before = text.charCodeAt(at - 1);
      const after = text.charCodeAt(at + digits.length);
      const isDigit = (code: number) => code >= 48 && code <= 57;
      if (!isDigit(before) && !isDigit(after)) {
        found.push(digits);
        break;
      }
      at = text.indexOf(digits, at + 1);
    }
  }
  return found;
}
