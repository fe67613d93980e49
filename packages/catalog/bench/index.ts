/**
 * What building a catalog costs beyond publishing its documents. The baseline publishes the
 * canonical input and output documents of every definition directly with `@portcullis/schema`
 * (work the catalog cannot avoid); the contender builds the whole catalog from the same
 * definitions (validation, publishing, freezing, the published tool entries). Run with
 * `npx pnpm@12.4.2 bench` or `npx tsx bench/index.ts` inside the package.
 */
import { compare, target } from '@portcullis/bench';
import {
  DateTime,
  Int64,
  publishCanonical,
  publishCanonicalOutput,
  Recursive,
  Map as SchemaMap,
  Uint8,
} from '@portcullis/schema';
import Type from 'typebox';
import { type AnyToolDefinition, createCatalog, defineTool, thinkerInput } from '../src/index.ts';

const TOOLS = 60;

const Outline = Recursive('Outline', (self) =>
  Type.Object({ heading: Type.String(), children: Type.Array(self) }),
);

function definition(index: number): AnyToolDefinition {
  const shape = index % 3;
  const input =
    shape === 0
      ? Type.Object({
          station: Int64(),
          from: DateTime(),
          days: Type.Optional(Uint8({ minimum: 1, maximum: 14 })),
          units: Type.Optional(SchemaMap(Type.Union([Type.Literal('si'), Type.Literal('us')]))),
        })
      : shape === 1
        ? thinkerInput({ style: Type.Optional(Type.String()) })
        : Type.Object({ topic: Type.String(), outline: Type.Optional(Outline) });
  return defineTool({
    name: `tool_${index}`,
    description: `Benchmark tool number ${index}.`,
    kind: shape === 1 ? 'thinker' : 'tool',
    input,
    output: Type.Object({ summary: Type.String(), readings: Type.Array(Type.Number()) }),
    weight: { kind: 'compute', level: 2, minSeconds: 0.1, maxSeconds: 4 },
    annotations: { readOnlyHint: true },
    run: () => ({ summary: '', readings: [] }),
  } as never) as AnyToolDefinition;
}

const definitions = Array.from({ length: TOOLS }, (_, index) => definition(index));

const rows = compare({
  title: `catalog build over ${TOOLS} definitions`,
  baseline: {
    name: 'publish documents only',
    fn: () =>
      definitions.map((tool) => [
        publishCanonical(tool.input),
        tool.output === undefined ? undefined : publishCanonicalOutput(tool.output),
      ]),
  },
  contenders: [{ name: 'createCatalog', fn: () => createCatalog({ tools: definitions }) }],
});

const contender = rows.find((row) => row.name === 'createCatalog');
if (contender !== undefined) {
  // A catalog is built once, at start; the budget is a thousand tools in 50 ms.
  target('createCatalog per definition', contender.nsPerOp / TOOLS / 1000, '<=', 50, 'µs');
}
