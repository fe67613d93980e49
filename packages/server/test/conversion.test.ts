/*
 * A call skips the typed conversion only when it cannot change anything: the decision, made once
 * per tool from its canonical document, is `always` for a declaration holding an `Int64`, `bigint`
 * (convert only arguments that hold a bigint) where a number place is not kept within the safe
 * integers (an unbounded `Number`, an integer enum beyond 2^53), and `never` otherwise, reading the
 * whole document, `$defs` included; and a tool on every side of it receives exactly its declared
 * types.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import {
  DateTime,
  Int32,
  Int64,
  publishCanonical,
  Recursive,
  SafeInteger,
  Map as SchemaMap,
  Uint8,
  Unknown,
} from '@portcullis/schema';
import { type TSchema, Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversionOf, holdsBigInt } from '../src/internal/conversion.ts';
import { createToolServer } from '../src/tool-server.ts';
import { call, captureLogger, closeAll, onClose, rawPeer } from './support.ts';

afterEach(closeAll);

const conversion = (declaration: TSchema) => conversionOf(publishCanonical(declaration));

describe('conversionOf', () => {
  it.each([
    ['no arguments', Type.Object({})],
    [
      'strings, booleans, dates and string enums',
      Type.Object({
        a: Type.String(),
        b: Type.Boolean(),
        c: DateTime(),
        d: Type.Union([Type.Literal('x'), Type.Literal('y')]),
      }),
    ],
    [
      'integers of a width up to SafeInteger, bounded numbers, safe number enums',
      Type.Object({
        a: Int32(),
        b: Uint8(),
        c: SafeInteger(),
        d: Type.Number({ minimum: 0, maximum: 1 }),
        e: Type.Union([Type.Literal(1), Type.Literal(2)]),
      }),
    ],
    ['an open value (carried as admitted)', Type.Object({ a: Unknown() })],
    ['arrays and maps of strings', Type.Object({ a: Type.Array(SchemaMap(Type.String())) })],
  ])('is never for %s', (_case, declaration) => {
    expect(conversion(declaration)).toBe('never');
  });

  it.each([
    ['an Int64', Type.Object({ a: Int64() })],
    ['an Int64 deep in arrays and maps', Type.Object({ a: Type.Array(SchemaMap(Int64())) })],
    [
      'an Int64 reached only through $defs',
      Type.Object({
        tree: Recursive('Node', (self) => Type.Object({ id: Int64(), kids: Type.Array(self) })),
      }),
    ],
    ['an Int64 beside an unbounded Number', Type.Object({ a: Type.Number(), b: Int64() })],
  ])('is always for %s', (_case, declaration) => {
    expect(conversion(declaration)).toBe('always');
  });

  it.each([
    ['an unbounded Number', Type.Object({ a: Type.Number() })],
    ['a Number bounded on one side only', Type.Object({ a: Type.Number({ minimum: 0 }) })],
    ['an integer enum beyond the safe integers', Type.Object({ a: Type.Literal(1e20) })],
    [
      'an unbounded Number reached only through $defs',
      Type.Object({
        tree: Recursive('Node', (self) =>
          Type.Object({ w: Type.Number(), kids: Type.Array(self) }),
        ),
      }),
    ],
  ])('is bigint for %s', (_case, declaration) => {
    expect(conversion(declaration)).toBe('bigint');
  });
});

describe('holdsBigInt', () => {
  it('finds a bigint at any depth, in arrays and objects, and nothing else', () => {
    expect(holdsBigInt({ a: [1, { b: 'x', c: [null, true, 2.5] }] })).toBe(false);
    expect(holdsBigInt({ a: [1, { b: 'x', c: [null, 3n] }] })).toBe(true);
    expect(holdsBigInt(JSON.parse('{"__proto__": {"x": 1}}'))).toBe(false);
    expect(holdsBigInt(5n)).toBe(true);
  });

  it('reads own enumerable values alone, in objects nested in arrays and arrays in objects', () => {
    expect(holdsBigInt([{ a: [[{ b: 1n }]] }])).toBe(true);
    expect(holdsBigInt([[], {}, [[[]]], 'x', 1, null])).toBe(false);
    expect(holdsBigInt(Object.create({ inherited: 1n }))).toBe(false);
    expect(holdsBigInt(Object.defineProperty({}, 'hidden', { value: 1n, enumerable: false }))).toBe(
      false,
    );
    expect(holdsBigInt({ [Symbol('s')]: 1n })).toBe(false);
    expect(holdsBigInt(Object.create(null, { own: { value: [2n], enumerable: true } }))).toBe(true);
  });
});

describe('what run receives', () => {
  const seen: unknown[] = [];
  const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;
  const plain = defineTool({
    name: 'plain',
    description: 'Nothing to convert.',
    input: Type.Object({ name: Type.String(), count: Int32(), tags: Type.Array(Type.String()) }),
    weight: WEIGHT,
    run: (input) => {
      seen.push(input);
      return { ok: true };
    },
  });
  const ratio = defineTool({
    name: 'ratio',
    description: 'An unbounded number.',
    input: Type.Object({ ratio: Type.Number(), label: Type.String() }),
    weight: WEIGHT,
    run: (input) => {
      seen.push(input);
      return { ok: true };
    },
  });
  const measured = defineTool({
    name: 'measured',
    description: 'A number and an Int64.',
    input: Type.Object({ ratio: Type.Number(), id: Type.Optional(Int64()) }),
    weight: WEIGHT,
    run: (input) => {
      seen.push(input);
      return { ok: true };
    },
  });

  async function peer() {
    const server = createToolServer({
      exposure: exposure(createCatalog({ tools: [plain, ratio, measured] }), [
        'plain',
        'ratio',
        'measured',
      ]),
      grants: { alice: ['plain', 'ratio', 'measured'] },
      callTimeoutMs: 10_000,
      dispatcher: { maxRunning: 2, maxQueued: 2 },
      logger: captureLogger(),
    });
    onClose(() => server.close());
    return rawPeer(server, 'alice');
  }

  it('is the admitted arguments when nothing converts', async () => {
    seen.length = 0;
    const raw = await peer();
    const answer = await raw.request(call(1, 'plain', { name: 'a', count: 3, tags: ['x'] }));
    expect(answer.result).toMatchObject({ content: [{ type: 'text', text: '{"ok":true}' }] });
    expect(seen).toEqual([{ name: 'a', count: 3, tags: ['x'] }]);
  });

  it('is the very object admitted when nothing converts, and a new one when something may', async () => {
    seen.length = 0;
    const server = createToolServer({
      exposure: exposure(createCatalog({ tools: [plain, ratio, measured] }), [
        'plain',
        'ratio',
        'measured',
      ]),
      grants: { alice: ['plain', 'ratio', 'measured'] },
      callTimeoutMs: 10_000,
      dispatcher: { maxRunning: 2, maxQueued: 2 },
      logger: captureLogger(),
    });
    onClose(() => server.close());
    const answers: unknown[] = [];
    const transport: Transport = {
      start: async () => {},
      close: async () => {},
      send: async (message) => {
        answers.push(message);
      },
    };
    await server.connect(transport, { consumer: 'alice' });
    const plainArguments = { name: 'a', count: 3, tags: ['x'] };
    const measuredArguments = { ratio: 0.5 };
    const ratioArguments = { ratio: 0.5, label: 'x' };
    const bigRatioArguments = { ratio: 10n ** 20n, label: 'x' };
    transport.onmessage?.(call(1, 'plain', plainArguments) as never);
    transport.onmessage?.(call(2, 'measured', measuredArguments) as never);
    transport.onmessage?.(call(3, 'ratio', ratioArguments) as never);
    transport.onmessage?.(call(4, 'ratio', bigRatioArguments) as never);
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    expect(seen[0]).toBe(plainArguments);
    expect(seen[1]).toEqual(measuredArguments);
    expect(seen[1]).not.toBe(measuredArguments);
    expect(seen[2]).toBe(ratioArguments);
    expect(seen[3]).toEqual({ ratio: 1e20, label: 'x' });
  });

  it('is converted when an integer beyond 2^53 arrives at a Number or an Int64', async () => {
    seen.length = 0;
    const raw = await peer();
    await raw.request(call(1, 'measured', { ratio: 10n ** 20n, id: 2n ** 60n }));
    expect(seen).toEqual([{ ratio: 1e20, id: 2n ** 60n }]);
    expect(typeof (seen[0] as { ratio: unknown }).ratio).toBe('number');
  });
});
