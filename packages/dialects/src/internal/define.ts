import {
  isJsonObject,
  type JsonValue,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema';
import type { Dialect, Publication, SchemaSide } from '../dialect.ts';
import { DIALECT_ERROR_CODES, DialectError } from '../errors.ts';
import type { DialectName } from '../names.ts';

/** Assembles a {@link Dialect} from its rendering and its inverse. */
export function defineDialect(spec: {
  readonly name: DialectName;
  readonly consumer: string;
  readonly render: (canonical: SchemaObject, side: SchemaSide) => Publication;
  readonly arguments?: (wire: JsonValue, canonicalInput: SchemaObject) => JsonValue;
}): Dialect {
  const { name, consumer, render } = spec;
  const inverse = spec.arguments ?? ((wire: JsonValue) => wire);
  return {
    name,
    consumer,
    publish: (canonical, side) => render(canonical, side),
    inputSchema: (canonical) => render(canonical, 'input').schema,
    outputSchema: (canonical) => render(canonical, 'output').schema,
    arguments: (wire, canonicalInput) => inverse(wire, canonicalInput),
  };
}

/** Narrows a rendered node to the document type, refusing a root that is not an object schema. */
export function objectRoot(node: SchemaNode, dialect: DialectName, side: SchemaSide): SchemaObject {
  if (isJsonObject(node) && (side === 'output' || node.type === 'object')) return node;
  throw new DialectError(
    DIALECT_ERROR_CODES.ROOT_NOT_OBJECT,
    'an input document must have an object schema (`type: "object"`) at its root',
    { dialect },
  );
}
