/**
 * One upstream tool as a catalog tool: its foreign schemas closed, its `run` forwarding the admitted
 * arguments upstream with the call's abort signal and relaying progress; the answer read as foreign
 * (an error's text replaced by ours, rich blocks rebuilt with the server's helpers).
 */
import { type AnyToolDefinition, defineTool } from '@portcullis/catalog';
import {
  audioContent,
  embeddedResourceContent,
  imageContent,
  type RichContent,
  resourceLinkContent,
  ToolError,
  withContent,
} from '@portcullis/server';
import { closeForeignSchema } from './foreign-schema.ts';
import type { Upstream } from './gateway.ts';
import { GATEWAY_TEXTS } from './texts.ts';

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

/** The output of a successful upstream result: its structured content, or its texts, with its rich blocks. */
function outputOf(result: Record<string, unknown>, hasOutput: boolean): object {
  const content = Array.isArray(result['content'])
    ? (result['content'] as Record<string, unknown>[])
    : [];
  const texts: string[] = [];
  const blocks: RichContent[] = [];
  for (const block of content) {
    if (block['type'] === 'text' && typeof block['text'] === 'string') {
      texts.push(block['text']);
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
  return withContent({ text: texts }, blocks);
}

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
  const description =
    typeof tool['description'] === 'string' && tool['description'] !== ''
      ? tool['description']
      : `The upstream tool ${upstreamName}.`;
  const definition = defineTool({
    name: `${upstream.prefix}${upstreamName}`,
    description,
    ...(typeof tool['title'] === 'string' ? { title: tool['title'] } : {}),
    input,
    ...(output === undefined ? {} : { output }),
    weight: WEIGHT,
    run: async (args, context) => {
      let result: Record<string, unknown>;
      try {
        result = (await upstream.client.callTool(
          { name: upstreamName, arguments: args as Record<string, unknown> },
          {
            signal: context.signal,
            onprogress: (progress: { progress: number; total?: number | undefined }) =>
              context.reportProgress(progress.progress, progress.total),
            timeout: 2_147_483_647,
          },
        )) as Record<string, unknown>;
      } catch (error) {
        if (context.signal.aborted)
          throw new ToolError(GATEWAY_TEXTS.cancelled, { correctable: false });
        throw new ToolError(GATEWAY_TEXTS.upstreamRefused(errorCodeOf(error)), {
          correctable: false,
        });
      }
      if (result['isError'] === true) {
        throw new ToolError(GATEWAY_TEXTS.upstreamFailed, { correctable: false });
      }
      return outputOf(result, hasOutput) as never;
    },
  });
  return { definition: definition as unknown as AnyToolDefinition };
}
