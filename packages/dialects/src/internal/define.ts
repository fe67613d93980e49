import type { JsonValue } from '@portcullis/schema';
import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import type { Dialect, Publication, SchemaSide } from '../dialect.ts';
import { DIALECT_ERROR_CODES, DialectError } from '../errors.ts';
import type { DialectName } from '../names.ts';

/**
 * Assembles a frozen {@link Dialect} from its rendering and its inverse (the identity when none is
 * given).
 */
export function defineDialect<TName extends DialectName>(spec: {
  readonly name: TName;
  readonly audience: string;
  readonly render: (canonical: SchemaObject, side: SchemaSide) => Publication;
  readonly arguments?: (wire: JsonValue, canonicalInput: SchemaObject) => JsonValue;
}): Dialect & { readonly name: TName } {
  const { name, audience, render } = spec;
  const inverse = spec.arguments ?? ((wire: JsonValue) => wire);
  return Object.freeze({
    name,
    audience,
    publish: (canonical: SchemaObject, side: SchemaSide) => render(canonical, side),
    arguments: (wire: JsonValue, canonicalInput: SchemaObject) => inverse(wire, canonicalInput),
  });
}

/** Narrows a rendered node to the document type, refusing a root that is not an object schema. */
export function objectRoot(node: SchemaNode, dialect: DialectName, side: SchemaSide): SchemaObject {
  if (isJsonObject(node) && (side === 'output' || node.type === 'object')) return node;
  throw new DialectError(
    DIALECT_ERROR_CODES.ROOT_NOT_OBJECT,
    'The input document has no object schema (`type: "object"`) at its root, which every vendor requires. Declare the input as an object and put any other value in one of its properties.',
    { dialect, path: '' },
  );
}
