/**
 * Guards `x-mcp-header` (SEP-2243): the canonical document keeps the annotation where the revision
 * allows it (a string, safe integer or boolean property reached through `properties` alone, a
 * token name unique case-insensitively), `mcpHeadersOf` lists those declarations in document order,
 * and every breach of the revision's rules, in an input or an output, throws INVALID_MCP_HEADER at
 * publish with the annotation's path, in words that repeat none of the author's values.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { MCP_HEADER_KEYWORD, mcpHeadersOf } from '../src/document.ts';
import {
  DateTime,
  Int8,
  Int64,
  publishCanonical,
  publishCanonicalOutput,
  Recursive,
  SafeInteger,
  SCHEMA_ERROR_CODES,
  SchemaDefectError,
  Map as StringMap,
  Uint32,
} from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const header = (name: unknown) => ({ [MCP_HEADER_KEYWORD]: name }) as { 'x-mcp-header': string };

describe('x-mcp-header on an input property', () => {
  it('is kept on the published property and listed with its path and type', () => {
    const input = Type.Object({
      region: Type.String({ ...header('Region'), description: 'Where to run.' }),
      options: Type.Optional(
        Type.Object({
          limit: SafeInteger(header('Limit')),
          dry: Type.Optional(Type.Boolean(header('Dry-Run'))),
        }),
      ),
      at: DateTime(header('At')),
      small: Int8(header('Small')),
      wide: Uint32(header("x!#$%&'*+-.^_`|~9")),
      mode: Type.Union([Type.Literal('fast'), Type.Literal('slow')], header('Mode')),
      query: Type.String(),
    });
    const document = publishCanonical(input);
    const properties = document['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['region']).toEqual({
      type: 'string',
      description: 'Where to run.',
      'x-mcp-header': 'Region',
    });
    expect(properties['query']).toEqual({ type: 'string' });
    expect(mcpHeadersOf(document)).toEqual([
      { name: 'Region', header: 'Mcp-Param-Region', path: ['region'], type: 'string' },
      { name: 'Limit', header: 'Mcp-Param-Limit', path: ['options', 'limit'], type: 'integer' },
      { name: 'Dry-Run', header: 'Mcp-Param-Dry-Run', path: ['options', 'dry'], type: 'boolean' },
      { name: 'At', header: 'Mcp-Param-At', path: ['at'], type: 'string' },
      { name: 'Small', header: 'Mcp-Param-Small', path: ['small'], type: 'integer' },
      {
        name: "x!#$%&'*+-.^_`|~9",
        header: "Mcp-Param-x!#$%&'*+-.^_`|~9",
        path: ['wide'],
        type: 'integer',
      },
      { name: 'Mode', header: 'Mcp-Param-Mode', path: ['mode'], type: 'string' },
    ]);
  });

  it('lists nothing for a document without the annotation, and a frozen list otherwise', () => {
    expect(mcpHeadersOf(publishCanonical(Type.Object({ a: Type.String() })))).toEqual([]);
    const list = mcpHeadersOf(publishCanonical(Type.Object({ a: Type.String(header('A')) })));
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0])).toBe(true);
    expect(Object.isFrozen(list[0]?.path)).toBe(true);
  });

  it('keeps a property named like the keyword as data', () => {
    const document = publishCanonical(Type.Object({ 'x-mcp-header': Type.String() }));
    expect(mcpHeadersOf(document)).toEqual([]);
  });

  it('reads an integer by its enum when it states no bounds', () => {
    const document = {
      type: 'object',
      properties: { level: { type: 'integer', enum: [1, 2, 3], 'x-mcp-header': 'Level' } },
    };
    expect(mcpHeadersOf(document)).toEqual([
      { name: 'Level', header: 'Mcp-Param-Level', path: ['level'], type: 'integer' },
    ]);
  });
});

const REFUSED: readonly (readonly [string, TSchema, string])[] = [
  ['an empty name', Type.Object({ a: Type.String(header('')) }), '/properties/a/x-mcp-header'],
  [
    'a name that is no string',
    Type.Object({ a: Type.String(header(7)) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a name with a space',
    Type.Object({ a: Type.String(header('My Region')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a name with a colon',
    Type.Object({ a: Type.String(header('Region:Primary')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a name with a tab',
    Type.Object({ a: Type.String(header('Region\t1')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a name with CR LF',
    Type.Object({ a: Type.String(header('A\r\nSet-Cookie')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a non-ASCII name',
    Type.Object({ a: Type.String(header('Région')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a name with a slash',
    Type.Object({ a: Type.String(header('a/b')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'the same name twice',
    Type.Object({ a: Type.String(header('Region')), b: Type.String(header('Region')) }),
    '/properties/b/x-mcp-header',
  ],
  [
    'the same name in another case',
    Type.Object({
      a: Type.String(header('MyField')),
      b: Type.Object({ c: Type.String(header('myfield')) }),
    }),
    '/properties/b/properties/c/x-mcp-header',
  ],
  ['a number', Type.Object({ a: Type.Number(header('Score')) }), '/properties/a/x-mcp-header'],
  ['an object', Type.Object({ a: Type.Object({}, header('Data')) }), '/properties/a/x-mcp-header'],
  [
    'an array',
    Type.Object({ a: Type.Array(Type.String(), header('Items')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a nullable string',
    Type.Object({ a: Type.Union([Type.String(), Type.Null()], header('A')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a nullable enum',
    Type.Object({ a: Type.Union([Type.Literal('x'), Type.Null()], header('A')) }),
    '/properties/a/x-mcp-header',
  ],
  [
    'a union of types',
    Type.Object({ a: Type.Union([Type.String(), SafeInteger()], header('A')) }),
    '/properties/a/x-mcp-header',
  ],
  ['an open value', Type.Object({ a: Type.Unknown(header('A')) }), '/properties/a/x-mcp-header'],
  ['an Int64', Type.Object({ a: Int64(header('Id')) }), '/properties/a/x-mcp-header'],
  [
    'a map',
    Type.Object({ a: StringMap(Type.String(), header('A')) }),
    '/properties/a/x-mcp-header',
  ],
  ['the root', Type.Object({ a: Type.String() }, header('Root')), '/x-mcp-header'],
  [
    'an array item',
    Type.Object({ a: Type.Array(Type.String(header('Item'))) }),
    '/properties/a/items/x-mcp-header',
  ],
  [
    'a property of an array item',
    Type.Object({ a: Type.Array(Type.Object({ b: Type.String(header('B')) })) }),
    '/properties/a/items/properties/b/x-mcp-header',
  ],
  [
    'a map value',
    Type.Object({ a: StringMap(Type.String(header('V'))) }),
    '/properties/a/additionalProperties/x-mcp-header',
  ],
  [
    'a member of an object union',
    Type.Object({
      shape: Type.Union([
        Type.Object({ kind: Type.Literal('circle'), r: Type.String(header('R')) }),
        Type.Object({ kind: Type.Literal('square'), s: Type.String() }),
      ]),
    }),
    '/properties/shape/anyOf/0/properties/r/x-mcp-header',
  ],
  [
    'a property inside a recursive type',
    Type.Object({
      tree: Recursive('Tree', (self) =>
        Type.Object({ label: Type.String(header('Label')), kids: Type.Array(self) }),
      ),
    }),
    '/$defs/Tree/properties/label/x-mcp-header',
  ],
  [
    'a reference to a recursive type',
    Type.Object({
      tree: Recursive('Node', (self) => Type.Object({ kids: Type.Array(self) }), header('Tree')),
    }),
    '/properties/tree/x-mcp-header',
  ],
];

describe('x-mcp-header refused at publish', () => {
  it.each(REFUSED)('%s', (_, input, path) => {
    const defect = defectOf(input);
    expect(defect.code).toBe(SCHEMA_ERROR_CODES.INVALID_MCP_HEADER);
    expect(defect.details.path).toBe(path);
    for (const value of ['Region', 'MyField', 'Score', 'Data', 'Label', 'Tree', 'Root']) {
      expect(defect.message).not.toContain(value);
    }
  });

  it('refuses a property of a recursive root', () => {
    const root = Recursive('Root', () => Type.Object({ a: Type.String(header('A')) }));
    expect(defectOf(root).code).toBe(SCHEMA_ERROR_CODES.INVALID_MCP_HEADER);
  });

  it('refuses an integer whose bounds leave the safe range in a foreign document', () => {
    const wide = { type: 'integer', minimum: 0, maximum: 2n ** 60n, 'x-mcp-header': 'N' };
    const unbounded = { type: 'integer', 'x-mcp-header': 'N' };
    for (const property of [wide, unbounded]) {
      expect(() => mcpHeadersOf({ type: 'object', properties: { n: property } })).toThrow(
        SchemaDefectError,
      );
    }
  });

  it('refuses a property behind a $ref and a type list in a foreign document', () => {
    const cases = [
      { $ref: '#/$defs/S', 'x-mcp-header': 'S' },
      { type: ['string', 'null'], 'x-mcp-header': 'S' },
      { type: 'string', nullable: true, 'x-mcp-header': 'S' },
      { type: 'string', anyOf: [{ minLength: 1 }], 'x-mcp-header': 'S' },
    ];
    for (const property of cases) {
      expect(() =>
        mcpHeadersOf({
          type: 'object',
          properties: { s: property },
          $defs: { S: { type: 'string' } },
        }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_MCP_HEADER' }));
    }
  });

  it('refuses the annotation anywhere in an output document', () => {
    const output = Type.Object({ result: Type.String(header('Result')) });
    expect(() => publishCanonicalOutput(output)).toThrow(
      expect.objectContaining({
        code: SCHEMA_ERROR_CODES.INVALID_MCP_HEADER,
        details: { path: '/properties/result/x-mcp-header' },
      }),
    );
  });
});
