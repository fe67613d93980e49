import { escapePointerSegment, isJsonObject } from '@portcullis/schema/document';
import { defect } from '../defect.ts';
import type { Keyword } from './keyword.ts';

/** `$ref`: a local reference, resolved when the plan is built; the node judges as its target too. */
export const refKeyword: Keyword = {
  keywords: ['$ref'],
  read(schema, node, reader) {
    const ref = schema.$ref;
    if (ref === undefined) return;
    if (typeof ref !== 'string')
      defect(
        'MALFORMED_SCHEMA',
        reader.at('$ref'),
        'The keyword `$ref` does not hold a string; make it a local reference such as `#/$defs/Name`.',
      );
    node.ref = reader.resolve(ref);
  },
};

/** `$defs`: definitions, each read (and its defects found) whether or not a value reaches it. */
export const defsKeyword: Keyword = {
  keywords: ['$defs'],
  read(schema, _node, reader) {
    const defs = schema.$defs;
    if (defs === undefined) return;
    if (!isJsonObject(defs))
      defect(
        'MALFORMED_SCHEMA',
        reader.at('$defs'),
        'The keyword `$defs` does not hold an object; make it an object of schemas.',
      );
    for (const name of Object.keys(defs))
      reader.child(defs[name], `${reader.at('$defs')}/${escapePointerSegment(name)}`);
  },
};
