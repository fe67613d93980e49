/**
 * Reads every upstream's tools and builds the tool server over those that can be served exactly:
 * each tool closed and checked on its own (left out with its reason when it cannot be), the grants
 * fitted to the dialects' budgets.
 */
import type { Client } from '@modelcontextprotocol/client';
import { type AnyToolDefinition, createCatalog, exposure } from '@portcullis/catalog';
import {
  ANTHROPIC_STRICT_LIMITS,
  measureSchema,
  OPENAI_STRICT_LIMITS,
  publishEveryDialect,
  type SchemaMeasure,
} from '@portcullis/dialects';
import { createToolServer, type ToolServer } from '@portcullis/server';
import { definitionOf } from './forward.ts';
import type { GatewayOptions } from './gateway.ts';
import { GatewayError, type Upstream } from './upstream.ts';

/** A tool of an upstream the gateway does not serve, and why. */
export interface LeftOut {
  readonly upstream: number;
  readonly tool: string;
  readonly reason: string;
}

/**
 * A served tool a `*` grant leaves out for one consumer: with the tools granted before it, the
 * consumer's inputs would state more than a dialect allows one request (its budget of optional
 * properties, say).
 */
export interface NotGranted {
  readonly consumer: string;
  readonly tool: string;
}

export interface Built {
  readonly server: ToolServer;
  readonly served: readonly string[];
  readonly leftOut: readonly LeftOut[];
  readonly notGranted: readonly NotGranted[];
}

/**
 * The budgets a dialect counts over every tool one request lists, as the tool server checks them
 * (`checkBudgets` of `@portcullis/server`): which rendering, which measure, and its bound. The
 * tool server judges the grants built with them again, so a difference would fail the build, never
 * serve past a budget.
 */
const SUMMED: readonly {
  readonly dialect: 'openai_strict' | 'anthropic_strict';
  readonly measure: keyof SchemaMeasure;
  readonly bound: number;
}[] = [
  { dialect: 'openai_strict', measure: 'properties', bound: OPENAI_STRICT_LIMITS.properties },
  { dialect: 'openai_strict', measure: 'characters', bound: OPENAI_STRICT_LIMITS.characters },
  { dialect: 'openai_strict', measure: 'enumValues', bound: OPENAI_STRICT_LIMITS.enumValues },
  {
    dialect: 'anthropic_strict',
    measure: 'optionalProperties',
    bound: ANTHROPIC_STRICT_LIMITS.optionalProperties,
  },
  {
    dialect: 'anthropic_strict',
    measure: 'unionProperties',
    bound: ANTHROPIC_STRICT_LIMITS.unionProperties,
  },
];

/** What one tool's input spends of each budget of {@link SUMMED}. */
function sharesOf(canonical: unknown): number[] {
  const rendered = publishEveryDialect(canonical as never, 'input');
  return SUMMED.map(({ dialect, measure }) => {
    const publication = rendered[dialect];
    if (!publication.ok) return Number.POSITIVE_INFINITY;
    return measureSchema(publication.value.schema)[measure];
  });
}

/** The code of a refusal of the catalog or the tool server, or `unknown`. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
}

/** A result schema that takes what the upstream sent as it is: each tool is judged here instead. */
const AS_SENT = {
  '~standard': { version: 1, vendor: 'portcullis', validate: (value: unknown) => ({ value }) },
} as const;

/** The most pages of `tools/list` read from one upstream. */
const MOST_PAGES = 100;

/**
 * The upstream's tools. The client's own reading comes first; when it refuses the list as a whole
 * (one malformed tool is enough), the pages are read again as sent, so each tool is served or left
 * out on its own, with its reason.
 */
async function toolsOf(client: Client): Promise<unknown[]> {
  try {
    return (await client.listTools()).tools;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'INVALID_RESULT') throw error;
  }
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MOST_PAGES; page += 1) {
    const result = (await client.request(
      { method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) },
      AS_SENT as never,
    )) as { tools?: unknown; nextCursor?: unknown };
    if (!Array.isArray(result.tools)) throw new GatewayError('An upstream listed no tools array.');
    tools.push(...result.tools);
    if (typeof result.nextCursor !== 'string') return tools;
    cursor = result.nextCursor;
  }
  throw new GatewayError(`An upstream listed more than ${MOST_PAGES} pages of tools.`);
}

/** Why a listed tool is not one the protocol defines, or undefined when it is one. */
function malformed(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool))
    return 'it is not an object';
  const { name, inputSchema } = tool as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return 'it has no name';
  if (typeof inputSchema !== 'object' || inputSchema === null) return 'it has no input schema';
  return undefined;
}

/** Reads every upstream's tools and builds the tool server over those that can be served. */
export async function build(
  upstreams: readonly Upstream[],
  options: GatewayOptions,
  warn: (line: string) => void,
): Promise<Built> {
  const definitions: AnyToolDefinition[] = [];
  const leftOut: LeftOut[] = [];
  const names = new Set<string>();
  for (const upstream of upstreams) {
    const tools = await toolsOf(upstream.client);
    // A name the upstream lists twice is ambiguous: which schema would it judge a call against?
    const seen = new Set<unknown>();
    const twice = new Set<unknown>();
    for (const tool of tools) {
      const named = (tool as { name?: unknown } | null)?.name;
      if (seen.has(named)) twice.add(named);
      seen.add(named);
    }
    for (const listed of tools) {
      const listedName = (listed as { name?: unknown } | null)?.name;
      if (typeof listedName === 'string' && twice.has(listedName)) {
        leftOut.push({
          upstream: upstream.index,
          tool: listedName,
          reason: 'the upstream lists more than one tool of this name',
        });
        continue;
      }
      const wrong = malformed(listed);
      if (wrong !== undefined) {
        const named = (listed as { name?: unknown } | null)?.name;
        leftOut.push({
          upstream: upstream.index,
          tool: typeof named === 'string' ? named : '',
          reason: `its definition is not one MCP defines: ${wrong}`,
        });
        continue;
      }
      const tool = listed as Record<string, unknown>;
      const name = `${upstream.prefix}${String(tool['name'])}`;
      const built = definitionOf(upstream, tool);
      let reason = 'reason' in built ? built.reason : catalogVerdict(built.definition, options);
      if (reason === undefined && names.has(name))
        reason = 'another upstream tool has the same name';
      if (reason !== undefined || !('definition' in built)) {
        leftOut.push({
          upstream: upstream.index,
          tool: String(tool['name']),
          reason: reason ?? '',
        });
        continue;
      }
      names.add(name);
      definitions.push(built.definition);
    }
  }
  for (const out of leftOut) {
    warn(
      `Upstream ${out.upstream + 1}: the tool ${JSON.stringify(out.tool)} is left out: ${out.reason}.`,
    );
  }
  if (leftOut.length > 0 && options.onUnservable === 'refuse') {
    throw new GatewayError(
      `${leftOut.length} upstream tool(s) cannot be served exactly; not starting.`,
    );
  }
  if (definitions.length === 0) throw new GatewayError('No upstream tool can be served.');
  const catalog = createCatalog({ tools: definitions });
  const served = definitions.map((d) => d.name);
  const grants: Record<string, string[]> = {};
  for (const [consumer, tools] of Object.entries(options.server.grants)) {
    grants[consumer] = tools === '*' ? [...served] : tools.filter((t) => served.includes(t));
  }
  const shown = exposure(catalog, served);
  // A scope grant names served tools only: one left out (or not listed now) is not the
  // operator's fault to fail the start for.
  const scopeGrants =
    options.server.scopeGrants === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(options.server.scopeGrants).map(([scope, tools]) => [
            scope,
            tools.filter((tool) => served.includes(tool)),
          ]),
        );
  const serverOf = (given: Record<string, string[]>) =>
    createToolServer({
      ...options.server,
      ...(scopeGrants === undefined ? {} : { scopeGrants }),
      exposure: shown,
      grants: given,
    });
  const notGranted: NotGranted[] = [];
  let server: ToolServer;
  try {
    server = serverOf(grants);
  } catch (error) {
    if (codeOf(error) !== 'BUDGET_EXCEEDED') throw error;
    // The tools a `*` grant names together state more than a dialect allows one request: the
    // consumer is granted the served tools in upstream order while they fit, and told which not.
    // A grant that names its tools is the operator's to shorten; it still fails the start.
    const shares = served.map((name) => sharesOf(catalog.get(name)?.canonicalInput));
    for (const [consumer, tools] of Object.entries(options.server.grants)) {
      if (tools !== '*') continue;
      const kept: string[] = [];
      const spent = SUMMED.map(() => 0);
      for (const [index, tool] of served.entries()) {
        const share = shares[index] as number[];
        const fits = SUMMED.every(
          ({ bound }, limit) => (spent[limit] as number) + (share[limit] as number) <= bound,
        );
        if (!fits) {
          notGranted.push({ consumer, tool });
          continue;
        }
        for (const limit of SUMMED.keys())
          spent[limit] = (spent[limit] as number) + (share[limit] as number);
        kept.push(tool);
      }
      grants[consumer] = kept;
    }
    server = serverOf(grants);
  }
  for (const out of notGranted) {
    warn(
      `The consumer ${JSON.stringify(out.consumer)} is not granted ${JSON.stringify(out.tool)}: with the tools granted before it, its inputs would state more than a dialect allows one request.`,
    );
  }
  return { server, served, leftOut, notGranted };
}

/** Whether a definition passes the catalog's checks on its own; the catalog's code when not. */
function catalogVerdict(
  definition: AnyToolDefinition,
  options: GatewayOptions,
): string | undefined {
  let catalog: ReturnType<typeof createCatalog>;
  try {
    catalog = createCatalog({ tools: [definition] });
  } catch (error) {
    return `the catalog refuses it (${codeOf(error)})`;
  }
  // The tool server publishes it in every dialect (an enum past a dialect's limit, say, is
  // refused there): alone, so that one such tool is left out rather than failing the whole start.
  try {
    // No grant of any kind: the operator's name tools this server alone does not hold.
    const { scopeGrants: _scopes, ...server } = options.server;
    createToolServer({ ...server, exposure: exposure(catalog, [definition.name]), grants: {} });
  } catch (error) {
    return `the tool server refuses it (${codeOf(error)})`;
  }
  return undefined;
}
