/*
 * `elicit` states every enum form MCP 2025-11-25 defines for a form field (untitled and titled
 * single-selects, the legacy `enumNames`, untitled and titled multi-selects with their bounds)
 * exactly as the specification spells them, and judges the content a client returns strictly
 * against them: a value outside the options, a repeated option or a count out of bounds is
 * NOT_CONFORMING, and nothing the client sent comes back. A declaration the form cannot state is a
 * defect of the tool, thrown as INVALID_ELICITATION_SCHEMA.
 */
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { type TObject, Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_REFUSAL_TEXTS, type ClientRequests } from '../src/client-requests.ts';
import { ServerError } from '../src/errors.ts';
import { elicitationOf } from '../src/internal/elicitation.ts';
import { createToolServer } from '../src/tool-server.ts';
import { call, captureLogger, closeAll, onClose, rawPeer, sdkClient, textOf } from './support.ts';

afterEach(closeAll);

const CANARY = 'canary-5e1f';

const Colour = Type.Union([Type.Literal('red'), Type.Literal('green'), Type.Literal('blue')]);
const Size = Type.Union([
  Type.Literal('s', { title: 'Small' }),
  Type.Literal('m', { title: 'Medium' }),
  Type.Literal('l', { title: 'Large' }),
]);

const Form = Type.Object({
  colour: Colour,
  size: Type.Union(
    [Type.Literal('s', { title: 'Small' }), Type.Literal('m', { title: 'Medium' })],
    { description: 'Your size', default: 'm' },
  ),
  legacy: Type.Union([Type.Literal('a'), Type.Literal('b')], { enumNames: ['Alpha', 'Beta'] }),
  colours: Type.Array(Colour, { minItems: 1, maxItems: 2, title: 'Colours' }),
  sizes: Type.Optional(Type.Array(Size, { default: ['s'] })),
});

const REQUESTED = {
  type: 'object',
  properties: {
    colour: { type: 'string', enum: ['red', 'green', 'blue'] },
    size: {
      type: 'string',
      description: 'Your size',
      default: 'm',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'm', title: 'Medium' },
      ],
    },
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
    colours: {
      type: 'array',
      title: 'Colours',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['red', 'green', 'blue'] },
    },
    sizes: {
      type: 'array',
      default: ['s'],
      items: {
        anyOf: [
          { const: 's', title: 'Small' },
          { const: 'm', title: 'Medium' },
          { const: 'l', title: 'Large' },
        ],
      },
    },
  },
  required: ['colour', 'size', 'legacy', 'colours'],
};

const VALID = { colour: 'red', size: 's', legacy: 'b', colours: ['green', 'red'], sizes: ['l'] };

const choose = defineTool({
  name: 'choose',
  description: 'Asks the user to choose.',
  input: Type.Object({}),
  weight: { kind: 'agent', level: 2, minSeconds: 1, maxSeconds: 60 },
  run: (_input, context) => (context as unknown as ClientRequests).elicit('Choose.', Form),
});

function server() {
  const made = createToolServer({
    exposure: exposure(createCatalog({ tools: [choose] }), ['choose']),
    grants: { alice: ['choose'] },
    callTimeoutMs: 60_000,
    dispatcher: { maxRunning: 4, maxQueued: 4 },
    logger: captureLogger(),
  });
  onClose(() => made.close());
  return made;
}

describe('the requested schema', () => {
  it('states each enum form as MCP 2025-11-25 defines it, and the SDK client parses it', async () => {
    const client = await sdkClient(server(), 'alice', { capabilities: { elicitation: {} } });
    let requested: unknown;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      requested = request.params;
      return { action: 'accept', content: VALID };
    });
    const result = await client.callTool({ name: 'choose', arguments: {} });
    expect(requested).toEqual({ mode: 'form', message: 'Choose.', requestedSchema: REQUESTED });
    expect(JSON.parse(textOf(result))).toEqual({
      ok: true,
      value: { action: 'accept', content: VALID },
    });
  });

  it('is prepared once per schema object', () => {
    expect(elicitationOf(Form)).toBe(elicitationOf(Form));
  });
});

describe('the content a client returns', () => {
  async function answered(content: unknown): Promise<unknown> {
    const peer = await rawPeer(server(), 'alice');
    await peer.request({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: { form: {} } },
        clientInfo: { name: 'h', version: '1' },
      },
    });
    const answer = peer.answer(1);
    await peer.send(call(1, 'choose', {}));
    const request = await peer.next((message) => message.method === 'elicitation/create');
    await peer.send({ jsonrpc: '2.0', id: request.id, result: { action: 'accept', content } });
    const text = textOf((await answer).result);
    expect(peer.written.join('\n')).not.toContain(CANARY);
    return JSON.parse(text);
  }

  const NOT_CONFORMING = {
    ok: false,
    refusal: { code: 'NOT_CONFORMING', text: CLIENT_REFUSAL_TEXTS.NOT_CONFORMING },
  };

  it('takes every form chosen within its options and bounds', async () => {
    expect(await answered(VALID)).toEqual({
      ok: true,
      value: { action: 'accept', content: VALID },
    });
    const fewest = { colour: 'blue', size: 'm', legacy: 'a', colours: ['blue'] };
    expect(await answered(fewest)).toEqual({
      ok: true,
      value: { action: 'accept', content: fewest },
    });
  });

  it.each([
    ['an untitled single-select outside its options', { colour: CANARY }],
    ['a titled single-select outside its options', { size: CANARY }],
    ['a titled single-select given a title instead of its value', { size: 'Small' }],
    ['a legacy enum given a name instead of its value', { legacy: 'Alpha' }],
    ['a multi-select holding a value outside its options', { colours: ['red', CANARY] }],
    ['a titled multi-select holding a value outside its options', { sizes: ['s', CANARY] }],
    ['a multi-select with a repeated option', { colours: ['red', 'red'] }],
    ['a titled multi-select with a repeated option', { sizes: ['m', 'm'] }],
    ['a multi-select under its minItems', { colours: [] }],
    ['a multi-select over its maxItems', { colours: ['red', 'green', 'blue'] }],
    ['a multi-select that is a string', { colours: 'red' }],
    ['a single-select that is an array', { colour: ['red'] }],
  ])('refuses %s', async (_case, change) => {
    expect(await answered({ ...VALID, ...change })).toEqual(NOT_CONFORMING);
  });
});

describe('a declaration the form cannot state', () => {
  const invalid: [string, TObject][] = [
    [
      'titles on some options only',
      Type.Object({ a: Type.Union([Type.Literal('x', { title: 'X' }), Type.Literal('y')]) }),
    ],
    [
      'a title that is no string',
      Type.Object({
        a: Type.Union([
          Type.Literal('x', { title: 1 as never }),
          Type.Literal('y', { title: 'Y' }),
        ]),
      }),
    ],
    [
      'enumNames of another length',
      Type.Object({ a: Type.Union([Type.Literal('x'), Type.Literal('y')], { enumNames: ['X'] }) }),
    ],
    [
      'enumNames beside option titles',
      Type.Object({
        a: Type.Union([Type.Literal('x', { title: 'X' })], { enumNames: ['X'] }),
      }),
    ],
    ['enumNames on a string', Type.Object({ a: Type.String({ enumNames: ['X'] }) })],
    [
      'minItems above maxItems',
      Type.Object({ a: Type.Array(Colour, { minItems: 2, maxItems: 1 }) }),
    ],
    ['a negative minItems', Type.Object({ a: Type.Array(Colour, { minItems: -1 }) })],
    ['uniqueItems false', Type.Object({ a: Type.Array(Colour, { uniqueItems: false }) })],
    ['an array of strings', Type.Object({ a: Type.Array(Type.String()) })],
    ['an array of numbers', Type.Object({ a: Type.Array(Type.Number()) })],
    ['a nested object', Type.Object({ a: Type.Object({ b: Type.String() }) })],
  ];

  it.each(invalid)('throws INVALID_ELICITATION_SCHEMA for %s', (_case, schema) => {
    const thrown = (() => {
      try {
        elicitationOf(schema);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(ServerError);
    expect((thrown as ServerError).code).toBe('INVALID_ELICITATION_SCHEMA');
    expect((thrown as ServerError).details).toMatchObject({
      path: expect.stringMatching(/^\/properties\/a/),
    });
  });
});
