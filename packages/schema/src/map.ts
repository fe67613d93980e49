import { type TSchema, type TString, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';

/** The `patternProperties` key TypeBox gives a record keyed by any string; the mark of a map. */
export const STRING_KEY_PATTERN = '^.*$';

/**
 * The options of a map: its annotations, how many entries it holds (`minProperties`,
 * `maxProperties`, counts of keys) and the rule every key follows (`keys`, a string declaration:
 * `Type.String({ pattern, minLength, maxLength, description })`). All are published and judged.
 */
export interface MapOptions extends AnnotationOptions {
  minProperties?: number;
  maxProperties?: number;
  keys?: TString;
}

/** A string-keyed map as TypeBox declares it (a record over every string key). */
export interface TStringMap<TValue extends TSchema = TSchema> extends TSchema {
  '~kind': 'Record';
  type: 'object';
  patternProperties: { '^.*$': TValue };
}

/**
 * A map from caller-chosen string keys to `value`: `Record<string, Static<value>>` in the handler.
 * Published as an object without declared properties whose `additionalProperties` is the value
 * shape, with `minProperties`/`maxProperties` and the key rule as `propertyNames` when given.
 * Exported as `Map`, the name the vocabulary gives it; declared here under another name so this
 * module keeps the global `Map`.
 */
export function StringMap<TValue extends TSchema>(
  value: TValue,
  options?: MapOptions,
): TStringMap<TValue> {
  const { keys, ...rest } = options ?? {};
  const record = Type.Record(Type.String(), value, {
    ...rest,
    ...(keys === undefined ? {} : { propertyNames: keys }),
  });
  return record as unknown as TStringMap<TValue>;
}
