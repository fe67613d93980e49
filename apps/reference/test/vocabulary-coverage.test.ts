/*
 * Guards the claim that the reference app's tools, together, use the whole vocabulary: every
 * integer width, every temporal format, a map, a recursive input, enums, an open value, a string
 * length, a pattern, item counts and unique items, a nullable, a discriminated union, output
 * schemas, an artifact-carrying tool and every tool kind. Read from the canonical documents the
 * catalog publishes, so a tool that stops using a construct fails here.
 */
import type { JsonObject, JsonValue } from '@portcullis/schema';
import { INT64_MAX, INT64_MIN, INTEGER_WIDTHS } from '@portcullis/schema';
import { discriminatorOf } from '@portcullis/schema/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_PATTERN } from '../src/corpus/document-text.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';
import { type Harness, openHarness } from './support/tool-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness(generatedCorpus());
});
afterAll(() => {
  harness.close();
  removeTempDirs();
});

/** Every schema node of a document (through properties, items, maps, unions, $defs). */
function nodes(document: JsonValue): JsonObject[] {
  const found: JsonObject[] = [];
  const pending: JsonValue[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const node = value as JsonObject;
    found.push(node);
    for (const key of ['properties', '$defs']) {
      const children = node[key];
      if (children && typeof children === 'object' && !Array.isArray(children)) {
        pending.push(...(Object.values(children) as JsonValue[]));
      }
    }
    for (const key of ['items', 'additionalProperties']) {
      const child = node[key];
      if (child !== undefined && typeof child === 'object') pending.push(child);
    }
    if (Array.isArray(node.anyOf)) pending.push(...(node.anyOf as JsonValue[]));
  }
  return found;
}

/** Where each width is used: tool, side, path of properties, and the bounds published there. */
const WIDTH_USES: readonly [
  string,
  string,
  'input' | 'output',
  string,
  bigint | number,
  bigint | number,
][] = [
  ['Int8', 'search_documents', 'input', 'snippet_words', 4, 64],
  ['Uint8', 'search_documents', 'input', 'limit', 1, 50],
  ['Int16', 'corpus_stats', 'input', 'utc_offset_minutes', -840, 840],
  ['Uint16', 'survey_corpus', 'input', 'max_files_per_folder', 1, 65535],
  ['Int32', 'read_document', 'input', 'start_line', -2147483648, 2147483647],
  ['Uint32', 'read_document', 'input', 'max_lines', 1, 4294967295],
  ['Uint32', 'read_document', 'output', 'document/size_bytes', 0, 4294967295],
  [
    'SafeInteger',
    'corpus_stats',
    'output',
    'documents',
    Number.MIN_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER,
  ],
  ['Int64', 'read_document', 'input', 'id', INT64_MIN, INT64_MAX],
  ['Int64', 'survey_corpus', 'output', 'run_id', INT64_MIN, INT64_MAX],
];

function property(document: JsonObject | undefined, path: string): JsonObject | undefined {
  let node: JsonValue | undefined = document;
  for (const name of path.split('/')) {
    const properties: Record<string, JsonValue> | undefined = (
      node as { properties?: Record<string, JsonValue> } | undefined
    )?.properties;
    node = properties?.[name];
  }
  return node as JsonObject | undefined;
}

describe('the document tools together', () => {
  const all = () =>
    harness.catalog.entries.flatMap((entry) => [entry.canonicalInput, entry.canonicalOutput ?? {}]);

  it('expose six tools and keep the survey sub-agent in the catalog only', () => {
    const exposed = [
      'search_documents',
      'read_document',
      'tag_documents',
      'corpus_stats',
      'survey_corpus',
      'explain_query',
    ];
    expect(harness.tools.exposed).toEqual(exposed);
    expect(harness.catalog.entries.map((entry) => entry.name)).toEqual([
      ...exposed,
      'survey_folder',
    ]);
    expect(new Set(harness.catalog.entries.map((entry) => entry.kind))).toEqual(
      new Set(['tool', 'thinker', 'orchestrator']),
    );
  });

  it.each(WIDTH_USES)('use %s at %s %s %s', (width, tool, side, path, minimum, maximum) => {
    const entry = harness.catalog.get(tool);
    const document = side === 'input' ? entry?.canonicalInput : entry?.canonicalOutput;
    expect(property(document, path)).toMatchObject({ type: 'integer', minimum, maximum });
    const { minimum: low, maximum: high } = INTEGER_WIDTHS[width as keyof typeof INTEGER_WIDTHS];
    expect(minimum >= low && maximum <= high).toBe(true);
  });

  it('use all eight widths', () => {
    expect(new Set(WIDTH_USES.map(([width]) => width))).toEqual(
      new Set(Object.keys(INTEGER_WIDTHS)),
    );
  });

  it('use every temporal format, a map, a recursive definition, enums and an open value', () => {
    const every = all().flatMap(nodes);
    const formats = new Set(
      every.map((node) => node.format).filter((format) => format !== undefined),
    );
    expect(formats).toEqual(new Set(['date-time', 'date', 'time', 'duration']));
    expect(every.some((node) => typeof node.additionalProperties === 'object')).toBe(true);
    expect(every.some((node) => Array.isArray(node.enum))).toBe(true);
    const search = harness.catalog.get('search_documents')?.canonicalInput as JsonObject;
    expect(Object.keys(search.$defs as JsonObject)).toEqual(['Filter']);
    const tag = harness.catalog.get('tag_documents')?.canonicalInput as {
      properties: Record<string, JsonObject>;
    };
    expect(tag.properties.note).toEqual({
      description: 'Any JSON to keep with this write in the audit log.',
    });
  });

  it('use a string length, a pattern, item counts, unique items, a nullable and a discriminated union', () => {
    const search = harness.catalog.get('search_documents')?.canonicalInput as {
      properties: Record<string, JsonObject>;
      $defs: Record<string, { properties: Record<string, JsonObject> }>;
    };
    expect(search.properties.query).toMatchObject({ type: 'string', maxLength: 1000 });
    expect(search.$defs.Filter?.properties.tag).toMatchObject({
      type: 'string',
      pattern: TAG_PATTERN,
    });
    expect(search.properties.filter?.anyOf).toEqual([
      expect.objectContaining({ $ref: '#/$defs/Filter' }),
      { type: 'null' },
    ]);
    const order = search.properties.order as JsonObject;
    expect(discriminatorOf(order as never)?.property).toBe('by');
    expect([...(discriminatorOf(order as never)?.members.keys() ?? [])]).toEqual([
      'relevance',
      'modified',
    ]);
    const tag = harness.catalog.get('tag_documents')?.canonicalInput as {
      properties: Record<string, JsonObject>;
    };
    expect(tag.properties.ids).toMatchObject({ minItems: 1, maxItems: 100, uniqueItems: true });
    const every = all().flatMap(nodes);
    for (const keyword of ['maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems'])
      expect(
        every.some((node) => keyword in node),
        keyword,
      ).toBe(true);
  });

  it('grant the default reader exactly the exposed tools that declare readOnlyHint', () => {
    expect(harness.tools.readOnly).toEqual([
      'search_documents',
      'read_document',
      'corpus_stats',
      'explain_query',
    ]);
    const declared = harness.tools.exposed.filter(
      (name) => harness.catalog.get(name)?.definition.annotations?.readOnlyHint === true,
    );
    expect(harness.tools.readOnly).toEqual(declared);
    // The sub-agent reads only, but is not exposed, so no consumer is granted it.
    expect(harness.catalog.get('survey_folder')?.definition.annotations?.readOnlyHint).toBe(true);
    expect(harness.tools.readOnly).not.toContain('survey_folder');
  });

  it('publish an output schema for every exposed tool and an artifact-carrying reader', () => {
    for (const name of harness.tools.exposed)
      expect(harness.catalog.get(name)?.canonicalOutput, name).toBeDefined();
    expect(harness.catalog.get('read_document')?.definition.registryAware).toBe(true);
  });
});
