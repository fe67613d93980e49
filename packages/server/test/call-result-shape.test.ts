import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentResult,
  embeddedResourceContent,
  imageContent,
  type RichContent,
  textContent,
  withContent,
} from '../src/content.ts';
import { ResourceNotFoundError, ToolError } from '../src/errors.ts';
import { serveHttp } from '../src/http.ts';
import { createToolServer } from '../src/tool-server.ts';
import { post, resolver, TOKENS } from './http-support.ts';
import { call, captureLogger, closeAll, onClose, rawPeer, sdkClient } from './support.ts';

afterEach(closeAll);

const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;

type Run = () => unknown;

/** A server with one tool per case, each without an output schema. */
function serverOf(cases: Record<string, Run>, withOutput: Record<string, Run> = {}) {
  const tools = [
    ...Object.entries(cases).map(([name, run]) =>
      defineTool({
        name,
        description: `case ${name}`,
        input: Type.Object({}),
        weight: WEIGHT,
        run: () => run(),
      }),
    ),
    ...Object.entries(withOutput).map(([name, run]) =>
      defineTool({
        name,
        description: `case ${name}`,
        input: Type.Object({}),
        output: Type.Object({ caption: Type.String() }),
        weight: WEIGHT,
        run: () => run() as { caption: string },
      }),
    ),
  ];
  const catalog = createCatalog({ tools });
  const names = tools.map((tool) => tool.name);
  const logger = captureLogger();
  const server = createToolServer({
    exposure: exposure(catalog, names),
    grants: { alice: names },
    callTimeoutMs: 10_000,
    dispatcher: { maxRunning: 4, maxQueued: 64 },
    logger,
  });
  onClose(() => server.close());
  return { server, logger };
}

/** Calls `name` and returns the raw answer (no schema check by the helper). */
async function rawCall(server: ReturnType<typeof serverOf>['server'], name: string) {
  const peer = await rawPeer(server, 'alice');
  const answer = peer.answer(1);
  await peer.send(call(1, name, {}));
  return answer;
}

function schemaVerdict(answer: Record<string, unknown>): string {
  if (!('result' in answer)) return `error ${JSON.stringify(answer.error)}`;
  const parsed = CallToolResultSchema.safeParse(answer.result);
  return parsed.success
    ? 'ok'
    : `REFUSED by CallToolResultSchema: ${JSON.stringify(answer.result)}`;
}

describe('a ToolError whose text is not a string', () => {
  const cases: Record<string, Run> = {
    number_text: () => {
      throw new ToolError(42 as unknown as string, { correctable: true });
    },
    undefined_text: () => {
      throw new ToolError(undefined as unknown as string, { correctable: false });
    },
    object_text: () => {
      throw new ToolError({ secret: 'x' } as unknown as string, { correctable: false });
    },
    mutated_text: () => {
      const error = new ToolError('fine', { correctable: true });
      (error as { text: unknown }).text = ['not', 'text'];
      throw error;
    },
    forged_tool_error: () => {
      throw Object.assign(Object.create(ToolError.prototype), { text: 7, correctable: true });
    },
  };
  it.each(Object.keys(cases))('%s: the result sent passes CallToolResultSchema', async (name) => {
    const { server } = serverOf(cases);
    const answer = await rawCall(server, name);
    expect(schemaVerdict(answer)).toBe('ok');
  });
});

/** A helper's image block in an array whose iterator yields `second` from its second use on. */
function flipping(second: object): RichContent[] {
  const blocks = [imageContent('AA==', 'image/png')];
  let reads = 0;
  Object.defineProperty(blocks, Symbol.iterator, {
    value: function* () {
      reads += 1;
      if (reads === 1) yield* Array.prototype.values.call(blocks);
      else yield second;
    },
  });
  return blocks;
}

describe('rich content that is not what a helper made', () => {
  it('an object copying a content-only result is plain output, not content', async () => {
    const { server } = serverOf({
      forged: () => {
        const [symbol] = Object.getOwnPropertySymbols(contentResult([]));
        return { [symbol!]: [{ type: 'bogus', anything: 1 }] };
      },
    });
    const answer = await rawCall(server, 'forged');
    expect(schemaVerdict(answer)).toBe('ok');
  });

  it('a block array with its own iterator is read by index: the blocks checked are the blocks sent', async () => {
    const blocks = flipping({ type: 'image', data: 42 });
    const { server } = serverOf({ flipping: () => contentResult(blocks) });
    const answer = await rawCall(server, 'flipping');
    expect(schemaVerdict(answer)).toBe('ok');
  });

  it('an embedded resource whose text getter changes keeps the text it was checked with', async () => {
    const { server } = serverOf({
      getter: () => {
        let reads = 0;
        const block = embeddedResourceContent({
          uri: 'file:///x',
          get text() {
            reads += 1;
            return (reads === 1 ? 'ok' : 99) as unknown as string;
          },
        });
        return contentResult([block]);
      },
    });
    const answer = await rawCall(server, 'getter');
    expect(schemaVerdict(answer)).toBe('ok');
  });

  it('withContent reads a block array with its own iterator by index too (output schema tool)', async () => {
    const blocks = flipping({ type: 'text' });
    const { server } = serverOf({}, { rich: () => withContent({ caption: 'c' }, blocks) });
    const answer = await rawCall(server, 'rich');
    expect(schemaVerdict(answer)).toBe('ok');
  });
});

describe('odd outputs and odd throws', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const cases: Record<string, Run> = {
    r_undefined: () => undefined,
    r_function: () => () => 1,
    r_symbol: () => Symbol('s'),
    r_bigint: () => 12345678901234567890n,
    r_cycle: () => cycle,
    r_getter: () => ({
      get boom() {
        throw new Error('getter');
      },
    }),
    r_tojson_throws: () => ({
      toJSON() {
        throw new Error('toJSON');
      },
    }),
    r_tojson_symbol: () => ({ toJSON: () => Symbol('x') }),
    r_proxy: () =>
      new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('ownKeys');
          },
        },
      ),
    r_class: () =>
      new (class Point {
        x = 1;
        #y = 2;
      })(),
    r_map: () => new Map([[1, 2]]),
    r_huge: () => 'x'.repeat(5_000_000),
    r_bigint_getter: () => {
      let n = 0;
      return {
        big: 1n,
        get flip() {
          n += 1;
          return n === 1 ? 'a' : Symbol('b');
        },
      };
    },
    t_null: () => {
      throw null;
    },
    t_string: () => {
      throw 'a string with a secret';
    },
    t_getter: () => {
      throw Object.defineProperty(new Error('x'), 'name', {
        get() {
          throw new Error('name');
        },
      });
    },
    t_proxy: () => {
      throw new Proxy(
        {},
        {
          getPrototypeOf() {
            throw new Error('proto');
          },
          get() {
            throw new Error('get');
          },
        },
      );
    },
    t_not_found_mutated: () => {
      const error = new ResourceNotFoundError('invoice');
      (error as { resourceType: unknown }).resourceType = Symbol('x');
      throw error;
    },
    t_tool_error_text_getter: () => {
      const error = new ToolError('fine', { correctable: true });
      Object.defineProperty(error, 'text', {
        get() {
          throw new Error('text');
        },
      });
      throw error;
    },
  };
  const withOutput: Record<string, Run> = {
    o_mismatch: () => ({ caption: 5 }),
    o_undefined: () => undefined,
    o_extra_bigint: () => ({ caption: 'c', extra: 1n }),
    o_tojson_array: () => ({ toJSON: () => ['caption'] }),
    o_tojson_flip: () => {
      let n = 0;
      return {
        caption: 'c',
        toJSON() {
          n += 1;
          return n === 1 ? { caption: 'c' } : null;
        },
      };
    },
  };
  it.each([...Object.keys(cases), ...Object.keys(withOutput)])(
    '%s: the result sent passes CallToolResultSchema',
    async (name) => {
      const { server } = serverOf(cases, withOutput);
      const answer = await rawCall(server, name);
      expect(schemaVerdict(answer)).toBe('ok');
    },
  );
});

describe('results reach real clients in the protocol shape', () => {
  const cases: Record<string, Run> = {
    number_text: () => {
      throw new ToolError(42 as unknown as string, { correctable: true });
    },
    forged: () => {
      const [symbol] = Object.getOwnPropertySymbols(contentResult([]));
      return { [symbol!]: [{ type: 'bogus' }] };
    },
  };

  it.each(Object.keys(cases))(
    '%s over HTTP: the body holds a result the SDK schema accepts',
    async (name) => {
      const { server } = serverOf(cases);
      const host = await serveHttp(server, { consumers: resolver });
      onClose(() => host.close());
      const answer = await post(
        host.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } },
        { authorization: `Bearer ${TOKENS.alice}` },
      );
      const message = JSON.parse(answer.texts[0] ?? answer.body) as Record<string, unknown>;
      expect(schemaVerdict(message)).toBe('ok');
    },
  );

  it.each(Object.keys(cases))(
    '%s through the SDK Client: callTool resolves (no client-side schema error)',
    async (name) => {
      const { server } = serverOf(cases);
      const client = await sdkClient(server, 'alice');
      await expect(client.callTool({ name, arguments: {} })).resolves.toBeDefined();
    },
  );
});

describe("a ToolError's facts", () => {
  it('reach the result _meta beside the flag, which they never override', async () => {
    const { server } = serverOf({
      facts: () => {
        throw new ToolError('It failed.', {
          correctable: false,
          meta: {
            'example/code': -32001,
            'example/kind': 'upstream',
            'portcullis/correctable': true,
          },
        });
      },
    });
    const answer = await rawCall(server, 'facts');
    expect(schemaVerdict(answer)).toBe('ok');
    expect(answer.result).toEqual({
      content: [{ type: 'text', text: 'It failed.' }],
      isError: true,
      _meta: {
        'example/code': -32001,
        'example/kind': 'upstream',
        'portcullis/correctable': false,
      },
    });
  });

  it.each([
    ['an object', { nested: { a: 1 } }],
    ['an infinite number', { n: Number.POSITIVE_INFINITY }],
    ['null', { n: null }],
  ])('one that is %s makes the failure a system error, logged', async (_what, meta) => {
    const { server, logger } = serverOf({
      bad: () => {
        throw new ToolError('It failed.', { correctable: false, meta: meta as never });
      },
    });
    const answer = await rawCall(server, 'bad');
    expect(schemaVerdict(answer)).toBe('ok');
    expect(JSON.stringify(answer)).not.toContain('It failed.');
    expect(
      logger.lines.some((l) => (l.fields as { event?: string }).event === 'tool_error_unwritable'),
    ).toBe(true);
  });
});

describe('text blocks of a tool', () => {
  it('are sent as they are, alone or after the output', async () => {
    const { server } = serverOf({
      prose: () => contentResult([textContent('first'), textContent('second')]),
      mixed: () => withContent({ n: 1 }, [textContent('after')]),
    });
    const prose = await rawCall(server, 'prose');
    expect(schemaVerdict(prose)).toBe('ok');
    expect(prose.result).toEqual({
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'second' },
      ],
    });
    const mixed = await rawCall(server, 'mixed');
    expect((mixed.result as { content: unknown }).content).toEqual([
      { type: 'text', text: '{"n":1}' },
      { type: 'text', text: 'after' },
    ]);
  });

  it('refuse what is not a string', () => {
    expect(() => textContent(7 as unknown as string)).toThrow('text must be a string');
  });
});
