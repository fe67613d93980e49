import type { GateDeclaredType } from '../../refusal.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import { frozenCopy } from '../frozen.ts';
import { optionalNote, subject } from '../wording.ts';
import type { Keyword } from './keyword.ts';

const JSON_TYPES: ReadonlySet<string> = new Set([
  'null',
  'boolean',
  'object',
  'array',
  'number',
  'integer',
  'string',
]);

/**
 * `type`: a type name or an array of distinct ones (`["string", "null"]` is a nullable string).
 * The generated checker and the interpreter dispatch on the value's kind against these types first
 * (see `codegen.ts` and `typeAdmits` in `facts.ts`); every other check applies to a value of its kind.
 */
export const typeKeyword: Keyword = {
  keywords: ['type'],
  read(schema, node, reader) {
    const type = schema.type;
    if (type === undefined) return;
    const list = Array.isArray(type) ? type : [type];
    if (
      list.length === 0 ||
      !list.every((name) => typeof name === 'string' && JSON_TYPES.has(name)) ||
      new Set(list).size !== list.length
    ) {
      defect(
        'MALFORMED_SCHEMA',
        reader.at('type'),
        'The keyword `type` holds neither a type name nor an array of distinct type names; correct it.',
      );
    }
    node.types = frozenCopy(list as GateDeclaredType[]);
  },
  lines: {
    TYPE_MISMATCH: (issue, told) =>
      `${subject(issue.path)} must be ${expectation(issue, told) ?? 'a value of the declared type'}${optionalNote(issue)}.`,
  },
};
