import { type TSchema, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';

/** The `patternProperties` key TypeBox gives a record keyed by any string; the mark of a map. */
export const STRING_KEY_PATTERN = '^.*$';

/** A string-keyed map as TypeBox declares it (a record over every string key). */
export interface TStringMap<TValue extends TSchema = TSchema> extends TSchema {
  '~kind': 'Record';
  type: 'object';
  patternProperties: { '^.*$': TValue };
}

/**
 * A map from caller-chosen string keys to `value`: `Record<string, Static<value>>` in the handler.
 * Published as an object without declared properties whose `additionalProperties` is the value
 * shape. Exported as `Map`, the name the vocabulary gives it; declared here under another name so
 * this module keeps the global `Map`.
 */
export function StringMap<TValue extends TSchema>(
  value: TValue,
  options?: AnnotationOptions,
): TStringMap<TValue> {
  return Type.Record(Type.String(), value, { ...options }) as unknown as TStringMap<TValue>;
}
