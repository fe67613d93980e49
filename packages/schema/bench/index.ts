import { compare } from '@portcullis/bench';
import { Type } from 'typebox';
import {
  ArtifactRefs,
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
