import { compare } from '@portcullis/bench';
import { Type } from 'typebox';
import {
  ArtifactRefs,
  conform,
  Date as DateString,
  DateTime,
  Duration,
  Int32,
  Int64,
  publishCanonical,
  publishCanonicalOutput,
  Recursive,
  Map as StringMap,
  stringifyCanonical,
  Uint8,
  Unknown,
} from '../src/index.ts';

// A realistic tool declaration: nested objects, every width and format, maps, recursion, an enum.
const Folder = Recursive('Folder', (self) =>
  Type.Object({ name: Type.String(), size: Int64(), children: Type.Array(self) }),
);
const declaration = Type.Object({
  query: Type.String({ description: 'What to look for' }),
  since: DateTime(),
  until: Type.Optional(DateTime()),
  day: DateString(),
  budget: Duration(),
  limit: Uint8(),
  offset: Type.Optional(Int32()),
  account: Int64(),
  mode: Type.Union([Type.Literal('fast'), Type.Literal('exact'), Type.Literal('fuzzy')]),
  tags: Type.Array(Type.String()),
  weights: StringMap(Type.Number()),
  labels: StringMap(Unknown()),
  filter: Type.Object({
    owner: Type.Optional(Type.String()),
    range: Type.Object({ from: DateTime(), to: DateTime() }),
    kinds: Type.Array(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  }),
  root: Folder,
  extra: Unknown(),
  ...ArtifactRefs(),
});
const Node = Recursive('Node', (self) =>
  Type.Object({ name: Type.String(), size: Int32(), children: Type.Array(self) }),
);
// The same shape with 32-bit integers, which JSON.stringify (the baselines) can handle.
const withoutBigints = Type.Object({ ...declaration.properties, account: Int32(), root: Node });
const published = publishCanonical(withoutBigints);
const publishedText = JSON.stringify(published);

compare({
  title: 'publish one tool declaration (a deep JSON copy of it is the floor)',
  baseline: { name: 'JSON deep copy', fn: () => JSON.parse(JSON.stringify(withoutBigints)) },
  contenders: [
    { name: 'publishCanonical', fn: () => publishCanonical(declaration) },
    { name: 'publishCanonicalOutput', fn: () => publishCanonicalOutput(declaration) },
  ],
});

compare({
  title: 'serialize a published document',
  baseline: { name: 'JSON.stringify', fn: () => JSON.stringify(published) },
  contenders: [{ name: 'stringifyCanonical', fn: () => stringifyCanonical(published) }],
  bytesPerOp: Buffer.byteLength(publishedText),
});

// What the gate admits for the declaration, as the decoder builds it: Int64s arrive as numbers (or
// bigints beyond 2^53), and conform turns each into a bigint, through the recursive folder too.
const folder = (depth: number): unknown => ({
  name: `f${depth}`,
  size: depth === 0 ? 2n ** 60n : 4096,
  children: depth === 0 ? [] : [folder(depth - 1), folder(depth - 1)],
});
const admitted = {
  query: 'quarterly report',
  since: '2024-05-01T00:00:00Z',
  day: '2024-05-01',
  budget: 'PT15M',
  limit: 20,
  account: 9007199254740993n,
  mode: 'exact',
  tags: ['finance', 'q2', 'draft'],
  weights: { a: 0.5, b: 1.5, c: 2 },
  labels: { owner: 'ops', meta: { nested: [1, 2, 3] } },
  filter: {
    owner: 'ana',
    range: { from: '2024-01-01T00:00:00Z', to: '2024-06-30T23:59:59Z' },
    kinds: ['a', 'b'],
  },
  root: folder(3),
  extra: { anything: ['goes', 1, true, null] },
};
if (!conform(declaration, admitted).ok) throw new Error('the benchmark value does not conform');

compare({
  title: 'conform one admitted call (a structuredClone of it is the floor)',
  baseline: { name: 'structuredClone', fn: () => structuredClone(admitted) },
  contenders: [{ name: 'conform', fn: () => conform(declaration, admitted) }],
});
