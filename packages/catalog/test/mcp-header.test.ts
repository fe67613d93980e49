/*
 * Guards `x-mcp-header` (SEP-2243) in the catalog: a tool may declare it on an input property, the
 * published `tools/list` entry keeps it, and the entry lists its declarations (header, property
 * path, type) for the server; a declaration breaking the revision's rules fails the build as an
 * UNRENDERABLE_SCHEMA naming the tool, with the annotation's path as a field and the schema's
 * INVALID_MCP_HEADER as its cause. A tool without the annotation lists none.
 */
import { SafeInteger, SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { CATALOG_ERROR_CODES, createCatalog } from '../src/index.ts';
import { caught, tool } from './helpers.ts';

const header = (name: string) => ({ 'x-mcp-header': name });

describe('x-mcp-header in the catalog', () => {
  it('publishes the annotation and lists the declarations of the entry', () => {
    const input = Type.Object({
      region: Type.String({ ...header('Region'), description: 'Where to run.' }),
      options: Type.Optional(Type.Object({ limit: SafeInteger(header('Limit')) })),
      dry: Type.Optional(Type.Boolean(header('Dry'))),
      text: Type.String(),
    });
    const catalog = createCatalog({ tools: [tool({ input }), tool({ name: 'plain' })] });
    const entry = catalog.get('echo');
    const properties = entry?.published.inputSchema['properties'] as Record<string, object>;
    expect(properties['region']).toEqual({
      type: 'string',
      description: 'Where to run.',
      'x-mcp-header': 'Region',
    });
    expect(entry?.headers).toEqual([
      { name: 'Region', header: 'Mcp-Param-Region', path: ['region'], type: 'string' },
      { name: 'Limit', header: 'Mcp-Param-Limit', path: ['options', 'limit'], type: 'integer' },
      { name: 'Dry', header: 'Mcp-Param-Dry', path: ['dry'], type: 'boolean' },
    ]);
    expect(Object.isFrozen(entry?.headers)).toBe(true);
    expect(catalog.get('plain')?.headers).toEqual([]);
  });

  it.each([
    [
      'a name that is no token',
      Type.Object({ a: Type.String(header('My Region')) }),
      '/properties/a/x-mcp-header',
    ],
    [
      'a name given twice in two cases',
      Type.Object({ a: Type.String(header('Region')), b: Type.String(header('REGION')) }),
      '/properties/b/x-mcp-header',
    ],
    ['a number', Type.Object({ a: Type.Number(header('Score')) }), '/properties/a/x-mcp-header'],
    [
      'an array item',
      Type.Object({ a: Type.Array(Type.String(header('Item'))) }),
      '/properties/a/items/x-mcp-header',
    ],
  ])('refuses %s at build, naming the tool', (_, input, path) => {
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.details).toEqual({ tool: 'echo', path });
    expect(error.message).toContain('`echo`');
    expect(error.message).toContain('INVALID_MCP_HEADER');
    expect(error.cause).toBeInstanceOf(SchemaDefectError);
    expect((error.cause as SchemaDefectError).code).toBe(SCHEMA_ERROR_CODES.INVALID_MCP_HEADER);
  });

  it('refuses the annotation on an output', () => {
    const output = Type.Object({ result: Type.String(header('Result')) });
    const error = caught(() =>
      createCatalog({ tools: [tool({ output, run: () => ({ result: 'x' }) })] }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.details.path).toBe('/properties/result/x-mcp-header');
    expect(error.message).toContain('output schema');
  });
});
