/**
 * One upstream tool as a catalog tool: its foreign schemas closed, its `run` forwarding the admitted
 * arguments upstream with the call's abort signal and relaying progress; the answer read as foreign
 * (an error's text replaced by ours, rich blocks rebuilt with the server's helpers).
 */
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/client';
import {
  type AnyToolDefinition,
  defineTool,
  type ToolAnnotations,
  type ToolContext,
} from '@portcullis/catalog';
import {
  audioContent,
  type ClientRequests,
  contentResult,
  embeddedResourceContent,
  imageContent,
  type RichContent,
  resourceLinkContent,
  ToolError,
  textContent,
  withContent,
} from '@portcullis/server';
import { closeForeignSchema } from './foreign-schema.ts';
import { MAX_INPUT_ROUNDS, type RunningCall, relayInputRequests } from './relay-input.ts';
import { GATEWAY_TEXTS } from './texts.ts';
import type { Upstream } from './upstream.ts';

const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 60 } as const;

/** A block of upstream content as one of the server's helpers makes it, or undefined for text. */
function richBlock(block: Record<string, unknown>): RichContent | undefined {
  switch (block['type']) {
    case 'image':
      return imageContent(String(block['data']), String(block['mimeType']));
    case 'audio':
      return audioContent(String(block['data']), String(block['mimeType']));
    case 'resource_link':
      return resourceLinkContent(block as never);
    case 'resource':
      return embeddedResourceContent(block['resource'] as never);
    default:
      return undefined;
  }
}

/**
 * The output of a successful upstream result. With an output schema: its structured content (which
 * the tool server judges against the schema), with its rich blocks; its text blocks, the JSON of
 * that content by the protocol's advice, give way to the text the tool server writes from it.
 * Without one: its blocks in their order, text included, as content alone.
 */
function outputOf(result: Record<string, unknown>, hasOutput: boolean): object {
  const content = Array.isArray(result['content'])
    ? (result['content'] as Record<string, unknown>[])
    : [];
  const blocks: RichContent[] = [];
  for (const block of content) {
    if (block['type'] === 'text' && typeof block['text'] === 'string') {
      if (!hasOutput) blocks.push(textContent(block['text']));
      continue;
    }
    const rich = richBlock(block);
    if (rich !== undefined) blocks.push(rich);
  }
  if (hasOutput) {
    const structured = result['structuredContent'];
    if (typeof structured !== 'object' || structured === null) {
      throw new ToolError(GATEWAY_TEXTS.noStructuredContent, { correctable: false });
    }
    return withContent({ ...(structured as object) }, blocks);
  }
  return contentResult(blocks);
}

/** The `_meta` key of the upstream's JSON-RPC error code on a refused call. */
export const UPSTREAM_ERROR_CODE_META_KEY = 'portcullis/upstream-error-code';

/**
 * The upstream's JSON-RPC error code, when it is one of the range JSON-RPC reserves; any other
 * number is the upstream's to choose and may be one the caller sent, so it is left out.
 */
function errorCodeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && Number.isInteger(code) && code >= -32768 && code <= -32000
    ? code
    : undefined;
}

/** Whether a negotiated protocol version is of the 2026-07-28 era or later. */
function isModern(version: string | undefined): boolean {
  return version !== undefined && version >= '2026-07-28';
}

/** The capabilities our caller declared, of those the gateway relays. */
function capabilitiesOf(asks: ClientRequests): Record<string, object> {
  return {
    ...(asks.clientDeclares('elicitation') ? { elicitation: { form: {} } } : {}),
    ...(asks.clientDeclares('sampling') ? { sampling: {} } : {}),
    ...(asks.clientDeclares('roots') ? { roots: {} } : {}),
  };
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * The upstream's annotations, hints a consumer reads: those MCP defines, of the type it defines;
 * any other is left out (the catalog publishes only those).
 */
function annotationsOf(given: unknown): ToolAnnotations | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  const source = given as Record<string, unknown>;
  const annotations: Record<string, string | boolean> = {};
  if (typeof source['title'] === 'string') annotations['title'] = source['title'];
  for (const hint of HINTS) {
    if (typeof source[hint] === 'boolean') annotations[hint] = source[hint];
  }
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

/**
 * Calls the upstream tool with the admitted arguments, the call's signal and progress, and the
 * rounds of `input_required` it asks (each question asked of our caller through the call's
 * context); the upstream's final result, or one of our `ToolError`s. While it runs, the call is
 * among the upstream's `calls`, for the requests and log messages a 2025-era upstream sends.
 */
async function callUpstream(
  upstream: Upstream,
  upstreamName: string,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<Record<string, unknown>> {
  const callOptions = {
    signal: context.signal,
    onprogress: (progress: { progress: number; total?: number | undefined }) =>
      context.reportProgress(progress.progress, progress.total),
    timeout: 2_147_483_647,
    allowInputRequired: true,
  };
  const asks = context as unknown as ClientRequests;
  // In the 2026-07-28 era a request states its client's capabilities: the upstream is told
  // what our caller can answer, which is all the gateway can relay.
  const modern = isModern(upstream.client.getNegotiatedProtocolVersion());
  const base: Record<string, unknown> = {
    name: upstreamName,
    arguments: args,
    ...(modern ? { _meta: { [CLIENT_CAPABILITIES_META_KEY]: capabilitiesOf(asks) } } : {}),
  };
  let params = base;
  const running: RunningCall = {
    consumer: context.consumer,
    asks,
    log: context.log,
    asked: 0,
    failure: undefined,
    abandoned: false,
  };
  upstream.calls.add(running);
  try {
    for (let round = 0; ; round += 1) {
      let result: Record<string, unknown>;
      try {
        result = (await upstream.client.callTool(
          params as { name: string },
          callOptions,
        )) as Record<string, unknown>;
      } catch (error) {
        if (running.failure !== undefined) throw running.failure;
        if (context.signal.aborted)
          throw new ToolError(GATEWAY_TEXTS.cancelled, { correctable: false });
        const code = errorCodeOf(error);
        throw new ToolError(GATEWAY_TEXTS.upstreamRefused(code), {
          correctable: false,
          ...(code === undefined ? {} : { meta: { [UPSTREAM_ERROR_CODE_META_KEY]: code } }),
        });
      }
      if (running.failure !== undefined) throw running.failure;
      if (result['resultType'] !== 'input_required') return result;
      if (round === MAX_INPUT_ROUNDS) {
        throw new ToolError(GATEWAY_TEXTS.tooManyRounds, { correctable: false });
      }
      // The upstream asks for input (2026-07-28): our caller is asked through this call's own
      // context, its replies judged there, and the call retried upstream with them.
      const responses = await relayInputRequests(result['inputRequests'], round, asks);
      params = {
        ...base,
        ...(Object.keys(responses).length === 0 ? {} : { inputResponses: responses }),
        ...(result['requestState'] === undefined ? {} : { requestState: result['requestState'] }),
      };
    }
  } finally {
    if (context.signal.aborted) {
      // Cancelled, past its deadline, or run again for a modern caller's answer: the upstream
      // was told, but may work on; until the longest a call may take has passed, what it
      // sends may be this call's, so no other consumer's call is given any of it.
      running.abandoned = true;
      setTimeout(() => upstream.calls.delete(running), upstream.abandonedMs).unref();
    } else {
      upstream.calls.delete(running);
    }
  }
}

export function definitionOf(
  upstream: Upstream,
  tool: Record<string, unknown>,
): { definition: AnyToolDefinition } | { reason: string } {
  const upstreamName = String(tool['name']);
  let input: ReturnType<typeof closeForeignSchema>;
  let output: ReturnType<typeof closeForeignSchema> | undefined;
  try {
    input = closeForeignSchema(tool['inputSchema']);
  } catch (error) {
    return { reason: `its input schema cannot be closed: ${(error as Error).message}` };
  }
  try {
    output =
      tool['outputSchema'] === undefined ? undefined : closeForeignSchema(tool['outputSchema']);
  } catch (error) {
    return { reason: `its output schema cannot be closed: ${(error as Error).message}` };
  }
  const hasOutput = output !== undefined;
  const annotations = annotationsOf(tool['annotations']);
  const description =
    typeof tool['description'] === 'string' && tool['description'] !== ''
      ? tool['description']
      : `The upstream tool ${upstreamName}.`;
  const definition = defineTool({
    name: `${upstream.prefix}${upstreamName}`,
    description,
    ...(typeof tool['title'] === 'string' ? { title: tool['title'] } : {}),
    ...(annotations === undefined ? {} : { annotations }),
    input,
    ...(output === undefined ? {} : { output }),
    weight: WEIGHT,
    run: async (args, context) => {
      const result = await callUpstream(
        upstream,
        upstreamName,
        args as Record<string, unknown>,
        context,
      );
      if (result['isError'] === true) {
        throw new ToolError(GATEWAY_TEXTS.upstreamFailed, { correctable: false });
      }
      return outputOf(result, hasOutput) as never;
    },
  });
  return { definition: definition as unknown as AnyToolDefinition };
}
