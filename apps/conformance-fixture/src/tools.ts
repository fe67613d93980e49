/**
 * The tools the official MCP conformance suite (`@modelcontextprotocol/conformance`, the version
 * pinned in the catalog) calls by name, defined like any Portcullis tool, each doing exactly what
 * its scenario describes. The suite's expected texts are the scenario's own words. A tool that asks
 * the client (`sample`, `elicit`) is written once for both eras: over 2025-11-25 the server sends
 * the client a request; over 2026-07-28 it answers the call with an `input_required` result and
 * resumes the tool when the client retries with its answers.
 *
 * Longer than 400 lines: one definition per scenario the suite calls by name, kept side by side so
 * each can be read against its scenario.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { type AnyToolDefinition, defineTool, type ToolContext } from '@portcullis/catalog';
import { Recursive, SafeInteger } from '@portcullis/schema';
import {
  audioContent,
  type ClientRefusal,
  type ClientRequests,
  contentResult,
  type ElicitationReply,
  embeddedResourceContent,
  imageContent,
  ToolError,
  withContent,
} from '@portcullis/server';
import Type from 'typebox';
import { RED_PIXEL_PNG, silentWav } from './media.ts';

/** A tool's context with the client requests the server adds. */
const asking = (context: ToolContext) => context as ToolContext & ClientRequests;

const NO_INPUT = Type.Object({});
const QUICK = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;
const PACED = { kind: 'compute', level: 1, minSeconds: 0.1, maxSeconds: 2 } as const;
const ASKING = { kind: 'agent', level: 1, minSeconds: 0, maxSeconds: 60 } as const;

/** A text result as the scenarios describe it: the tool's output is this one string. */
const said = (text: string) => text;

const Address = Recursive('address', () =>
  Type.Object({ street: Type.Optional(Type.String()), city: Type.Optional(Type.String()) }),
);

const Sep1034 = Type.Object({
  name: Type.String({ default: 'John Doe', description: 'Your name' }),
  age: SafeInteger({ default: 30, description: 'Your age' }),
  score: Type.Number({ default: 95.5, description: 'Your score' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('pending')], {
    default: 'active',
    description: 'Your status',
  }),
  verified: Type.Boolean({ default: true, description: 'Verified' }),
});

const Options = Type.Union([
  Type.Literal('option1'),
  Type.Literal('option2'),
  Type.Literal('option3'),
]);

/** SEP-1330's five enum forms: untitled, titled (`title` on each literal), legacy `enumNames`, and two multi-selects. */
const Sep1330 = Type.Object({
  untitledSingle: Options,
  titledSingle: Type.Union([
    Type.Literal('value1', { title: 'First Option' }),
    Type.Literal('value2', { title: 'Second Option' }),
    Type.Literal('value3', { title: 'Third Option' }),
  ]),
  legacyEnum: Type.Union([Type.Literal('opt1'), Type.Literal('opt2'), Type.Literal('opt3')], {
    enumNames: ['Option One', 'Option Two', 'Option Three'],
  }),
  untitledMulti: Type.Array(Options, { minItems: 1, maxItems: 3 }),
  titledMulti: Type.Array(
    Type.Union([
      Type.Literal('value1', { title: 'First Choice' }),
      Type.Literal('value2', { title: 'Second Choice' }),
      Type.Literal('value3', { title: 'Third Choice' }),
    ]),
    { minItems: 1, maxItems: 3 },
  ),
});

/** Refuses the call in the words the server composed for a client request that did not succeed. */
function refused(refusal: ClientRefusal): never {
  throw new ToolError(refusal.text, { correctable: false });
}

const Name = Type.Object({ name: Type.String({ description: 'Your name' }) });

/** A string argument a modern client mirrors into `Mcp-Param-Region` (SEP-2243). */
const Routed = Type.Object({
  region: Type.String({ description: 'The region to route the call to', 'x-mcp-header': 'Region' }),
});
const Confirmation = Type.Object({ ok: Type.Boolean({ description: 'Confirm' }) });

/** What a user's elicitation answer says, in the tool's words. */
function answered<TContent>(
  reply: ElicitationReply<TContent>,
  accepted: (content: TContent) => string,
): string {
  return reply.action === 'accept' ? accepted(reply.content) : `The user chose to ${reply.action}.`;
}

/** Every tool of the fixture. */
export const conformanceTools: AnyToolDefinition[] = [
  defineTool({
    name: 'test_simple_text',
    description: 'Returns a simple text.',
    input: NO_INPUT,
    weight: QUICK,
    run: () => said('This is a simple text response for testing.'),
  }),
  defineTool({
    name: 'test_image_content',
    description: 'Returns a 1x1 red PNG image.',
    input: NO_INPUT,
    weight: QUICK,
    run: () => contentResult([imageContent(RED_PIXEL_PNG, 'image/png')]),
  }),
  defineTool({
    name: 'test_audio_content',
    description: 'Returns a short silent WAV clip.',
    input: NO_INPUT,
    weight: QUICK,
    run: () => contentResult([audioContent(silentWav(), 'audio/wav')]),
  }),
  defineTool({
    name: 'test_embedded_resource',
    description: 'Returns an embedded text resource.',
    input: NO_INPUT,
    weight: QUICK,
    run: () =>
      contentResult([
        embeddedResourceContent({
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        }),
      ]),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded resource together.',
    input: NO_INPUT,
    output: Type.Object({ message: Type.String() }),
    weight: QUICK,
    run: () =>
      withContent({ message: 'Multiple content types test:' }, [
        imageContent(RED_PIXEL_PNG, 'image/png'),
        embeddedResourceContent({
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        }),
      ]),
  }),
  defineTool({
    name: 'test_tool_with_logging',
    description: 'Logs three messages at info level while it runs.',
    input: NO_INPUT,
    weight: PACED,
    run: async (_input, context) => {
      context.log('info', 'Tool execution started');
      await delay(50, undefined, { signal: context.signal });
      context.log('info', 'Tool processing data');
      await delay(50, undefined, { signal: context.signal });
      context.log('info', 'Tool execution completed');
      return said('Tool with logging executed successfully');
    },
  }),
  defineTool({
    name: 'test_error_handling',
    description: 'Always fails.',
    input: NO_INPUT,
    weight: QUICK,
    run: () => {
      throw new ToolError('This tool intentionally returns an error for testing', {
        correctable: false,
      });
    },
  }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 of 100 while it runs.',
    input: NO_INPUT,
    weight: PACED,
    run: async (_input, context) => {
      context.reportProgress(0, 100);
      await delay(50, undefined, { signal: context.signal });
      context.reportProgress(50, 100);
      await delay(50, undefined, { signal: context.signal });
      context.reportProgress(100, 100);
      return said('Tool with progress executed successfully');
    },
  }),
  defineTool({
    name: 'test_sampling',
    description: "Asks the client's model to answer a prompt.",
    input: Type.Object({
      prompt: Type.String({ description: 'The prompt to send to the model.' }),
    }),
    weight: ASKING,
    run: async (input, context) => {
      const reply = await asking(context).sample({
        messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }],
        maxTokens: 100,
      });
      if (!reply.ok) throw new ToolError(reply.refusal.text, { correctable: false });
      const { content } = reply.value;
      return said(`LLM response: ${content.type === 'text' ? content.text : `(${content.type})`}`);
    },
  }),
  defineTool({
    name: 'test_elicitation',
    description: 'Asks the user for a username and an email address.',
    input: Type.Object({ message: Type.String({ description: 'The message to show the user.' }) }),
    weight: ASKING,
    run: async (input, context) => {
      const reply = await asking(context).elicit(
        input.message,
        Type.Object({
          username: Type.String({ description: "User's response" }),
          email: Type.String({ description: "User's email address" }),
        }),
      );
      if (!reply.ok) throw new ToolError(reply.refusal.text, { correctable: false });
      return said(`User response: ${JSON.stringify(reply.value)}`);
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks the user for fields of every primitive type, each with a default.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('Please confirm or change the defaults.', Sep1034);
      if (!reply.ok) throw new ToolError(reply.refusal.text, { correctable: false });
      const content = reply.value.action === 'accept' ? reply.value.content : {};
      return said(
        `Elicitation completed: action=${reply.value.action}, content=${JSON.stringify(content)}`,
      );
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks the user to choose among enum values.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('Please choose.', Sep1330);
      if (!reply.ok) throw new ToolError(reply.refusal.text, { correctable: false });
      const content = reply.value.action === 'accept' ? reply.value.content : {};
      return said(
        `Elicitation completed: action=${reply.value.action}, content=${JSON.stringify(content)}`,
      );
    },
  }),
  defineTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    input: Type.Object({ name: Type.Optional(Type.String()), address: Type.Optional(Address) }),
    weight: QUICK,
    run: (input) => said(`Received ${input.name === undefined ? 'no name' : 'a name'}.`),
  }),
  defineTool({
    name: 'test_logging_tool',
    description: 'Logs three messages at info level, then answers.',
    input: NO_INPUT,
    weight: QUICK,
    run: (_input, context) => {
      context.log('info', 'Logging tool started');
      context.log('info', 'Logging tool working');
      context.log('info', 'Logging tool finished');
      return said('Logging tool executed successfully');
    },
  }),
  defineTool({
    name: 'test_missing_capability',
    description: "Asks the client's model a question: needs the client's sampling capability.",
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
        maxTokens: 20,
      });
      if (!reply.ok) refused(reply.refusal);
      return said('The client answered the sampling request.');
    },
  }),
  defineTool({
    name: 'test_streaming_elicitation',
    description: 'Asks the user to confirm, while the call is in flight.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('Please confirm to continue.', Confirmation);
      if (!reply.ok) refused(reply.refusal);
      return said(answered(reply.value, ({ ok }) => `Confirmed: ${ok}.`));
    },
  }),
  defineTool({
    name: 'test_input_required_result_elicitation',
    description: 'Asks the user for a name and greets them.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('What is your name?', Name, { key: 'user_name' });
      if (!reply.ok) refused(reply.refusal);
      return said(answered(reply.value, ({ name }) => `Hello, ${name}!`));
    },
  }),
  defineTool({
    name: 'test_input_required_result_list_roots',
    description: 'Asks the client for its roots and names them.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).listRoots({ key: 'client_roots' });
      if (!reply.ok) refused(reply.refusal);
      return said(`Roots: ${reply.value.map((root) => root.name ?? root.uri).join(', ')}.`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_multiple_inputs',
    description:
      "Asks, all at once, the user for a name, the client's model for a greeting and the client for its roots.",
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const client = asking(context);
      const [elicited, sampled, roots] = await Promise.all([
        client.elicit('What is your name?', Name),
        client.sample({
          messages: [{ role: 'user', content: { type: 'text', text: 'Say a greeting.' } }],
          maxTokens: 20,
        }),
        client.listRoots(),
      ]);
      if (!elicited.ok) refused(elicited.refusal);
      if (!sampled.ok) refused(sampled.refusal);
      if (!roots.ok) refused(roots.refusal);
      const { content } = sampled.value;
      const greeting = content.type === 'text' ? content.text : `(${content.type})`;
      const name = answered(elicited.value, ({ name }) => name);
      return said(`${greeting} ${name}; ${roots.value.length} root(s).`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_sampling',
    description: "Asks the client's model for the capital of France.",
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).sample({
        messages: [
          { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
        ],
        maxTokens: 100,
      });
      if (!reply.ok) refused(reply.refusal);
      const { content } = reply.value;
      return said(`LLM response: ${content.type === 'text' ? content.text : `(${content.type})`}`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_request_state',
    description:
      'Asks the user to confirm; answers `state-ok` once resumed, which the server allows only on a request state it verified.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('Please confirm', Confirmation);
      if (!reply.ok) refused(reply.refusal);
      return said(answered(reply.value, ({ ok }) => `state-ok: confirmed ${ok}.`));
    },
  }),
  defineTool({
    name: 'test_input_required_result_multi_round',
    description: 'Asks the user two questions, one after the other.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const first = await asking(context).elicit('Step 1: What is your name?', Name);
      if (!first.ok) refused(first.refusal);
      if (first.value.action !== 'accept') return said(answered(first.value, () => ''));
      const second = await asking(context).elicit(
        'Step 2: What is your favorite color?',
        Type.Object({ color: Type.String({ description: 'Your favorite color' }) }),
      );
      if (!second.ok) refused(second.refusal);
      const { name } = first.value.content;
      return said(answered(second.value, ({ color }) => `${name} likes ${color}.`));
    },
  }),
  defineTool({
    name: 'test_input_required_result_tampered_state',
    description:
      'Asks the user to confirm; a retry whose request state was altered must be refused by the server.',
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      const reply = await asking(context).elicit('Please confirm', Confirmation);
      if (!reply.ok) refused(reply.refusal);
      return said(answered(reply.value, ({ ok }) => `Confirmed: ${ok}.`));
    },
  }),
  defineTool({
    name: 'test_input_required_result_capabilities',
    description:
      "Asks the user for a name when the client can elicit, else asks the client's model: only what the client declared.",
    input: NO_INPUT,
    weight: ASKING,
    run: async (_input, context) => {
      if (asking(context).clientDeclares('elicitation')) {
        const elicited = await asking(context).elicit('What is your name?', Name);
        if (!elicited.ok) refused(elicited.refusal);
        return said(answered(elicited.value, ({ name }) => `Hello, ${name}!`));
      }
      const sampled = await asking(context).sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a name.' } }],
        maxTokens: 20,
      });
      if (!sampled.ok) refused(sampled.refusal);
      const { content } = sampled.value;
      return said(`LLM response: ${content.type === 'text' ? content.text : `(${content.type})`}`);
    },
  }),
  defineTool({
    name: 'test_mcp_param_header',
    description:
      'Answers the region it was called for; a modern client mirrors the region into the Mcp-Param-Region header, which the server judges against the argument.',
    input: Routed,
    weight: QUICK,
    run: ({ region }) => said(`Routed to ${region}.`),
  }),
];
