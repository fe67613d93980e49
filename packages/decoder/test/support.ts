import type { DecodedValue, DecodeRefusal, DecodeResult } from '../src/index.ts';

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The UTF-16 code units of `text`, copied one by one (independently of the decoder's own copy). */
export function unitsOf(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

/** The decoded value with every bigint turned into the number JSON.parse would have produced. */
export function asParsed(value: DecodedValue): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(asParsed);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) {
      Object.defineProperty(out, name, {
        value: asParsed(member),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** The value of an accepted result; fails the test with the refusal code otherwise. */
export function acceptedValue(result: DecodeResult): DecodedValue {
  if (!result.ok) throw new Error(`expected acceptance, got ${result.refusal.code}`);
  return result.value;
}

/** The refusal of a refused result; fails the test otherwise. */
export function refusalOf(result: DecodeResult): DecodeRefusal {
  if (result.ok) throw new Error('expected a refusal');
  return result.refusal;
}
