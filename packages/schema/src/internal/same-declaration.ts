const MARKERS = ['~kind', '~optional', '~readonly'] as const;

/**
 * True when two declarations are the same type: equal enumerable keywords (deeply, in any key
 * order) and equal TypeBox markers. Functions compare by identity. Lets two separately built but
 * identical recursive types share one `$defs` entry.
 */
export function sameDeclaration(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const marker of MARKERS) {
    if (left[marker] !== right[marker]) return false;
  }
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameDeclaration(left[key], right[key]));
}
