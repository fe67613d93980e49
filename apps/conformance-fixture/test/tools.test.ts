/*
 * The diagnostic tools the 2026-07-28 scenarios call by name, driven over the 2025-11-25 wire by
 * the SDK's client: each asks the client exactly what its scenario describes (the same message,
 * schema and prompt), answers from the reply, and refuses in our words when the client did not
 * declare what the tool needs. What the modern wire adds (input_required, requestState) is the
 * server's and is judged by the conformance run itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ClientCapabilities,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CLIENT_REFUSAL_TEXTS } from '@portcullis/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture } from '../src/suite.ts';

let fixture: Awaited<ReturnType<typeof startFixture>>;
const opened: Client[] = [];
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()));
  await fixture.stop();
});

interface Asked {
  readonly elicited: { message: string; requestedSchema: unknown }[];
  readonly sampled: { messages: unknown; maxTokens: number }[];
}

/** A client declaring `capabilities`, answering elicitations from `answers` in turn and sampling with `Paris`. */
async function client(
  capabilities: ClientCapabilities,
  answers: Record<string, unknown>[] = [],
): Promise<{ readonly client: Client; readonly asked: Asked }> {
  const asked: Asked = { elicited: [], sampled: [] };
  const mcp = new Client({ name: 'fixture-tools-test', version: '1.0.0' }, { capabilities });
  if (capabilities.elicitation !== undefined) {
    mcp.setRequestHandler(ElicitRequestSchema, (request) => {
      const { message, requestedSchema } = request.params as {
        message: string;
        requestedSchema: unknown;
      };
      asked.elicited.push({ message, requestedSchema });
      return { action: 'accept', content: answers[asked.elicited.length - 1] ?? {} };
    });
  }
  if (capabilities.sampling !== undefined) {
    mcp.setRequestHandler(CreateMessageRequestSchema, (request) => {
      asked.sampled.push({
        messages: request.params.messages,
        maxTokens: request.params.maxTokens,
      });
      return {
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'test-model',
        stopReason: 'endTurn',
      };
    });
  }
  if (capabilities.roots !== undefined) {
    mcp.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: [{ uri: 'file:///test/root', name: 'Test Root' }],
    }));
  }
  await mcp.connect(new StreamableHTTPClientTransport(new URL(fixture.url)));
  opened.push(mcp);
  return { client: mcp, asked };
}

const textOf = (result: object): string =>
  (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[]).find(
    (block) => block.type === 'text',
  )?.text ?? '';

const call = (mcp: Client, name: string) => mcp.callTool({ name, arguments: {} });

/** What a tool answered: its output is one string, published as one JSON text block. */
async function answer(mcp: Client, name: string): Promise<unknown> {
  const result = await call(mcp, name);
  expect(result.isError, textOf(result)).not.toBe(true);
  return JSON.parse(textOf(result));
}

describe('the diagnostic tools over the 2025-11-25 wire', () => {
  it('test_input_required_result_elicitation asks the name and greets', async () => {
    const { client: mcp, asked } = await client({ elicitation: {} }, [{ name: 'Alice' }]);
    expect(await answer(mcp, 'test_input_required_result_elicitation')).toBe('Hello, Alice!');
    expect(asked.elicited).toEqual([
      {
        message: 'What is your name?',
        requestedSchema: expect.objectContaining({
          type: 'object',
          properties: { name: expect.objectContaining({ type: 'string' }) },
          required: ['name'],
        }),
      },
    ]);
  });

  it('test_input_required_result_sampling asks the capital of France with 100 tokens', async () => {
    const { client: mcp, asked } = await client({ sampling: {} });
    expect(await answer(mcp, 'test_input_required_result_sampling')).toBe('LLM response: Paris');
    expect(asked.sampled).toEqual([
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
        ],
        maxTokens: 100,
      },
    ]);
  });

  it('test_input_required_result_request_state asks to confirm and answers state-ok', async () => {
    const { client: mcp, asked } = await client({ elicitation: {} }, [{ ok: true }]);
    expect(await answer(mcp, 'test_input_required_result_request_state')).toContain('state-ok');
    expect(asked.elicited[0]?.message).toBe('Please confirm');
    expect(asked.elicited[0]?.requestedSchema).toMatchObject({
      properties: { ok: { type: 'boolean' } },
      required: ['ok'],
    });
  });

  it('test_input_required_result_multi_round asks two questions in turn', async () => {
    const { client: mcp, asked } = await client({ elicitation: {} }, [
      { name: 'Alice' },
      { color: 'green' },
    ]);
    expect(await answer(mcp, 'test_input_required_result_multi_round')).toBe('Alice likes green.');
    expect(asked.elicited.map(({ message }) => message)).toEqual([
      'Step 1: What is your name?',
      'Step 2: What is your favorite color?',
    ]);
  });

  it('test_input_required_result_capabilities asks only what the client declared', async () => {
    const sampling = await client({ sampling: {} });
    expect(await answer(sampling.client, 'test_input_required_result_capabilities')).toBe(
      'LLM response: Paris',
    );
    expect(sampling.asked.sampled).toHaveLength(1);
    const eliciting = await client({ elicitation: {} }, [{ name: 'Bo' }]);
    expect(await answer(eliciting.client, 'test_input_required_result_capabilities')).toBe(
      'Hello, Bo!',
    );
  });

  it('test_input_required_result_list_roots names the client roots', async () => {
    const { client: mcp } = await client({ roots: {} });
    expect(await answer(mcp, 'test_input_required_result_list_roots')).toBe('Roots: Test Root.');
  });

  it('test_input_required_result_multiple_inputs asks a name, a completion and the roots', async () => {
    const { client: mcp, asked } = await client({ elicitation: {}, sampling: {}, roots: {} }, [
      { name: 'Alice' },
    ]);
    expect(await answer(mcp, 'test_input_required_result_multiple_inputs')).toBe(
      'Paris Alice; 1 root(s).',
    );
    expect(asked.elicited).toHaveLength(1);
    expect(asked.sampled).toHaveLength(1);
  });

  it('test_missing_capability refuses in our words when the client cannot sample', async () => {
    const { client: mcp } = await client({ elicitation: {} });
    const result = await call(mcp, 'test_missing_capability');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(CLIENT_REFUSAL_TEXTS.NOT_DECLARED('sampling'));
  });

  it('test_streaming_elicitation and test_input_required_result_tampered_state ask to confirm', async () => {
    const { client: mcp } = await client({ elicitation: {} }, [{ ok: true }, { ok: false }]);
    expect(await answer(mcp, 'test_streaming_elicitation')).toBe('Confirmed: true.');
    expect(await answer(mcp, 'test_input_required_result_tampered_state')).toBe(
      'Confirmed: false.',
    );
  });

  it('test_logging_tool logs three messages at info level', async () => {
    const { client: mcp } = await client({});
    const logged: string[] = [];
    mcp.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      logged.push(String(note.params.data));
    });
    await mcp.setLoggingLevel('info');
    expect(await answer(mcp, 'test_logging_tool')).toBe('Logging tool executed successfully');
    expect(logged).toEqual([
      'Logging tool started',
      'Logging tool working',
      'Logging tool finished',
    ]);
  });

  it('test_mcp_param_header publishes x-mcp-header on its string property and answers the region', async () => {
    const { client: mcp } = await client({});
    const { tools } = await mcp.listTools();
    const tool = tools.find(({ name }) => name === 'test_mcp_param_header');
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
      required: ['region'],
    });
    // The suite takes the first listed tool with an annotated top-level property, and wants it a string.
    const annotated = tools.filter((listed) =>
      Object.values((listed.inputSchema.properties ?? {}) as Record<string, object>).some(
        (property) => Object.hasOwn(property, 'x-mcp-header'),
      ),
    );
    expect(annotated.map(({ name }) => name)).toEqual(['test_mcp_param_header']);
    // The legacy era mirrors nothing: the call needs no header.
    const result = await mcp.callTool({
      name: 'test_mcp_param_header',
      arguments: { region: 'Hello' },
    });
    expect(result.isError, textOf(result)).not.toBe(true);
    expect(JSON.parse(textOf(result))).toBe('Routed to Hello.');
  });
});
