/**
 * Guards where `x-mcp-header` (SEP-2243) is published, for every dialect of the table: canonical
 * keeps it where the author declared it (an MCP client reads it there and mirrors the argument);
 * every vendor dialect removes it, at every depth (a strict vendor answers an unknown keyword with
 * a 400, the others do not document it), so a consumer reading one mirrors nothing and a server
 * expects no header from it. A property NAMED `x-mcp-header` is data and survives everywhere, and
 * nothing else of the rendering changes.
 */
import type { SchemaObject } from '@portcullis/schema/document';
import { MCP_HEADER_KEYWORD, mcpHeadersOf, walkSchema } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS, type DialectName } from '../src/index.ts';

/** A canonical input document, with or without the annotations. */
function document(headers: boolean): SchemaObject {
  const mark = (name: string) => (headers ? { [MCP_HEADER_KEYWORD]: name } : {});
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      region: { type: 'string', ...mark('Region') },
      options: {
        type: 'object',
        properties: {
          limit: { type: 'integer', minimum: 0, maximum: 9, ...mark('Limit') },
          'x-mcp-header': { type: 'boolean' },
        },
        required: ['x-mcp-header'],
        additionalProperties: false,
      },
      query: { type: 'string' },
    },
    required: ['region', 'query'],
    additionalProperties: false,
  };
}
const annotated = document(true);
const plain = document(false);

/** How many schema objects of `schema` carry the keyword (a property of that name is not one). */
function annotations(schema: object): number {
  let count = 0;
  walkSchema(schema as never, (node) => {
    if (typeof node === 'object' && Object.hasOwn(node, MCP_HEADER_KEYWORD)) count++;
    return undefined;
  });
  return count;
}

const KEEPS: { readonly [TName in DialectName]: boolean } = {
  canonical: true,
  openai_strict: false,
  gemini: false,
  gemini_json: false,
  nova: false,
  anthropic_strict: false,
};

describe.each(DIALECT_NAMES.map((name) => [name]))('x-mcp-header in %s', (name) => {
  const dialect = DIALECTS[name];
  const rendered = dialect.publish(annotated, 'input');

  it(KEEPS[name] ? 'is kept where declared' : 'is removed at every depth', () => {
    if (KEEPS[name]) {
      expect(mcpHeadersOf(rendered.schema).map((d) => d.path)).toEqual([
        ['region'],
        ['options', 'limit'],
      ]);
    } else {
      expect(annotations(rendered.schema)).toBe(0);
      expect(mcpHeadersOf(rendered.schema)).toEqual([]);
    }
  });

  it('changes nothing else of the rendering, and keeps a property of that name', () => {
    const without = dialect.publish(plain, 'input');
    if (!KEEPS[name]) expect(rendered).toEqual(without);
    expect(JSON.stringify(rendered.schema)).toContain('"x-mcp-header":{');
  });
});
