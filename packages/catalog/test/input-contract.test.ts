/*
 * Guards the rules on a declared input that the publisher alone does not state: its root is an
 * object with declared properties (a map, an open value or a scalar at the root is an
 * INVALID_INPUT_ROOT, found before publishing, telling the author to wrap it in a property), the
 * reserved `artifact_refs` is declared only as `ArtifactRefs()` declares it (the publisher drops it
 * unseen, so anything else is an INVALID_DEFINITION at its pointer), and a
 * thinker's input keeps its contract with any caller, `query` a string and `depth` an integer
 * bounded within THINKER_DEPTH_MIN..THINKER_DEPTH_MAX (else INVALID_THINKER_INPUT naming the tool
 * and the property, whose pointer is `details.path`).
 */
import { fileURLToPath } from 'node:url';
import {
  ArtifactRefs,
  Int32,
  Int64,
  Recursive,
  Map as SchemaMap,
  Uint8,
  Unknown,
} from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { CATALOG_ERROR_CODES, createCatalog, scanCatalog, thinkerInput } from '../src/index.ts';
import { BROKEN, caught, rejected, tool } from './helpers.ts';

const ROOT_MESSAGE =
  'Tool `echo` (tools[0]) has an input that is not an object with declared properties, so it tells a model nothing and cannot carry `artifact_refs`. Wrap a map or an open value in a property of `Type.Object`.';

describe('the input root', () => {
  it.each([
    ['a map', SchemaMap(Type.String())],
    ['an open value', Unknown()],
    ['any value', Type.Any()],
    ['a string', Type.String()],
    ['an array', Type.Array(Type.String())],
    ['a recursive map', Recursive('Tree', (self) => SchemaMap(self))],
    ['a schema without a type', {}],
  ])('refuses %s at the root, before publishing', (_what, input) => {
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_INPUT_ROOT);
    expect(error.message).toBe(ROOT_MESSAGE);
    expect(error.details).toStrictEqual({ tool: 'echo', path: '' });
    expect(error.cause).toBeUndefined();
  });

  it('accepts an object, an empty object, a wrapped map and a recursive object', () => {
    const inputs = [
      Type.Object({ text: Type.String() }),
      Type.Object({}),
      Type.Object({ counts: SchemaMap(Type.Integer()) }),
      Recursive('Node', (self) => Type.Object({ name: Type.String(), kids: Type.Array(self) })),
    ];
    const catalog = createCatalog({
      tools: inputs.map((input, index) => tool({ name: `t${index}`, input })),
    });
    expect(catalog.size).toBe(4);
  });

  it('names the module of a scanned definition', async () => {
    const error = await rejected(() => scanCatalog(new URL('invalid-input-root/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_INPUT_ROOT);
    expect(error.message).toBe(
      'Tool `tag_counts` (module `tool.js`) has an input that is not an object with declared properties, so it tells a model nothing and cannot carry `artifact_refs`. Wrap a map or an open value in a property of `Type.Object`.',
    );
    expect(error.details).toStrictEqual({
      tool: 'tag_counts',
      module: fileURLToPath(new URL('invalid-input-root/tool.js', BROKEN)),
      path: '',
    });
  });
});

describe('the reserved artifact_refs', () => {
  it.each([
    ['a string', Type.Object({ artifact_refs: Type.String() })],
    ['a required list', Type.Object({ artifact_refs: Type.Array(Type.String()) })],
    ['a list of numbers', Type.Object({ artifact_refs: Type.Optional(Type.Array(Type.Number())) })],
    [
      'a union',
      Type.Object({ artifact_refs: Type.Optional(Type.Union([Type.String(), Type.Number()])) }),
    ],
  ])('refuses it declared as %s, which the publisher would drop unseen', (_what, input) => {
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(
      'Tool `echo` (tools[0]) is malformed: `artifact_refs` is reserved for references into the artifact registry. Declare it only by spreading `ArtifactRefs()`, an optional list of strings.',
    );
    expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/artifact_refs' });
  });

  it('accepts ArtifactRefs(), its hand-written twin and thinkerInput', () => {
    const inputs = [
      Type.Object({ text: Type.String(), ...ArtifactRefs() }),
      Type.Object({ artifact_refs: Type.Optional(Type.Array(Type.String())) }),
      thinkerInput(),
    ];
    const tools = inputs.map((input, index) => tool({ name: `a${index}`, input }));
    expect(createCatalog({ tools }).size).toBe(3);
  });
});

const START =
  'Start its input from `thinkerInput()`, which declares `query`, `depth` and `artifact_refs`.';
const NOT_A_STRING = 'declares `query` as something other than a string';
const NOT_BOUNDED = 'declares `depth` as something other than an integer from 0 to 5';

function thinker(input: object) {
  return tool({ name: 'ponder', kind: 'thinker', input });
}

describe('the thinker’s input', () => {
  it.each([
    ['no query', Type.Object({ text: Type.String() }), 'query', 'has an input without `query`'],
    ['a numeric query', Type.Object({ query: Type.Number() }), 'query', NOT_A_STRING],
    ['no depth', Type.Object({ query: Type.String() }), 'depth', 'has an input without `depth`'],
    ['an unbounded depth', thinkerInput({ depth: Type.Integer() }), 'depth', NOT_BOUNDED],
    [
      'an Int64 depth',
      thinkerInput({ depth: Int64({ minimum: 0, maximum: 3 }) }),
      'depth',
      NOT_BOUNDED,
    ],
    ['a Uint8 depth', thinkerInput({ depth: Uint8() }), 'depth', NOT_BOUNDED],
    [
      'a negative depth',
      thinkerInput({ depth: Int32({ minimum: -1, maximum: 3 }) }),
      'depth',
      NOT_BOUNDED,
    ],
    [
      'a deeper depth',
      thinkerInput({ depth: Int32({ minimum: 0, maximum: 6 }) }),
      'depth',
      NOT_BOUNDED,
    ],
    ['a string depth', thinkerInput({ depth: Type.String() }), 'depth', NOT_BOUNDED],
  ])('refuses a thinker with %s, naming the property', (_what, input, property, fault) => {
    const error = caught(() => createCatalog({ tools: [thinker(input)] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_THINKER_INPUT);
    expect(error.message).toBe(`Thinker \`ponder\` (tools[0]) ${fault}. ${START}`);
    expect(error.details).toStrictEqual({ tool: 'ponder', path: `/properties/${property}` });
  });

  it('points into the definition of a recursive root', () => {
    const input = Recursive('Plan', (self) =>
      Type.Object({ query: Type.String(), steps: Type.Array(self) }),
    );
    const error = caught(() => createCatalog({ tools: [thinker(input)] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_THINKER_INPUT);
    expect(error.details.path).toBe('/$defs/Plan/properties/depth');
  });

  it('accepts thinkerInput, a narrowed depth and a hand-written contract', () => {
    const inputs = [
      thinkerInput(),
      thinkerInput({ depth: Type.Optional(Int32({ minimum: 1, maximum: 2 })) }),
      Type.Object({
        query: Type.Optional(Type.String()),
        depth: Int32({ minimum: 0, maximum: 5 }),
      }),
    ];
    const tools = inputs.map((input, index) => tool({ name: `p${index}`, kind: 'thinker', input }));
    expect(createCatalog({ tools }).size).toBe(3);
  });

  it('asks nothing of a plain tool or an orchestrator', () => {
    const input = Type.Object({ text: Type.String() });
    const tools = [tool({ input }), tool({ name: 'boss', kind: 'orchestrator', input })];
    expect(createCatalog({ tools }).size).toBe(2);
  });

  it('names the module of a scanned thinker', async () => {
    const error = await rejected(() => scanCatalog(new URL('thinker-without-depth/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_THINKER_INPUT);
    expect(error.message).toBe(
      `Thinker \`shallow\` (module \`tool.js\`) has an input without \`depth\`. ${START}`,
    );
    expect(error.details.module).toBe(
      fileURLToPath(new URL('thinker-without-depth/tool.js', BROKEN)),
    );
  });
});
