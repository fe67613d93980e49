import type { JsonValue } from '@portcullis/schema';
import { defect } from '../defect.ts';
import { EnumIndex } from '../enum-index.ts';
import type { Keyword } from './keyword.ts';

/**
 * `nullable`, read as OpenAPI 3.0 reads it (the spelling a dialect publishes for `[T, "null"]`):
 * `nullable: true` beside a `type` adds `null` to the types, beside an `enum` adds `null` to the
 * members; `nullable: false` asserts nothing. It is read after `type` and `enum`, and changes what
 * they admit; canonical documents never carry it.
 */
export const nullableKeyword: Keyword = {
  keywords: ['nullable'],
  read(schema, node, reader) {
    const nullable = schema.nullable;
    if (nullable === undefined) return;
    if (typeof nullable !== 'boolean')
      defect(
        'MALFORMED_SCHEMA',
        reader.at('nullable'),
        'The keyword `nullable` does not hold a boolean; make it `true` or drop it.',
      );
    if (!nullable) return;
    if (node.types !== undefined && !node.types.includes('null'))
      node.types = Object.freeze([...node.types, 'null']);
    if (node.enumValues !== undefined && !node.enumValues.includes(null)) {
      node.enumValues = Object.freeze([...node.enumValues, null as JsonValue]);
      node.enumIndex = new EnumIndex(node.enumValues);
    }
  },
};
