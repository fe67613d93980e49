/**
 * Rich content a tool may return beside (or instead of) its JSON output: text of its own, images,
 * audio, links to resources and embedded resources, as MCP content blocks. Each helper checks its block when the
 * tool builds it and throws `ServerError` `INVALID_CONTENT` for a malformed one (a defect of the
 * tool, which the consumer then sees as a system error).
 */
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';

/** An MCP content block a tool may add to its result. */
export type RichContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'audio'; readonly data: string; readonly mimeType: string }
  | {
      readonly type: 'resource_link';
      readonly uri: string;
      readonly name: string;
      readonly title?: string;
      readonly description?: string;
      readonly mimeType?: string;
    }
  | {
      readonly type: 'resource';
      readonly resource:
        | { readonly uri: string; readonly mimeType?: string; readonly text: string }
        | { readonly uri: string; readonly mimeType?: string; readonly blob: string };
    };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function invalid(what: string): ServerError {
  return new ServerError(
    SERVER_ERROR_CODES.INVALID_CONTENT,
    `A rich content block is malformed: ${what}. Build it from the documented fields.`,
  );
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw invalid(`${what} must be a non-empty string`);
  return value;
}

function base64(value: unknown, what: string): string {
  if (typeof value !== 'string' || !BASE64.test(value))
    throw invalid(`${what} must be base64 text`);
  return value;
}

/**
 * Every block a helper made. A result's blocks must be among them: the server sends them as they
 * are, so a block made by hand (even frozen) could be anything.
 */
const made = new WeakSet<object>();

function block(value: RichContent): RichContent {
  const frozen = Object.freeze(value);
  made.add(frozen);
  return frozen;
}

function optional(value: unknown, what: string): { readonly [key: string]: string } {
  return value === undefined ? {} : { [what]: text(value, what) };
}

/**
 * A text block of the tool's own words, for a tool whose answer is prose rather than JSON (a tool
 * that relays another server's text, say). Like every block, it is sent as it is: it must hold
 * nothing the tool would not show a model.
 */
export function textContent(value: string): RichContent {
  if (typeof value !== 'string') throw invalid('text must be a string');
  return block({ type: 'text', text: value });
}

/** An image, base64-encoded, with its media type (`image/png`, ...). */
export function imageContent(data: string, mimeType: string): RichContent {
  return block({
    type: 'image',
    data: base64(data, 'data'),
    mimeType: text(mimeType, 'mimeType'),
  });
}

/** An audio clip, base64-encoded, with its media type (`audio/wav`, ...). */
export function audioContent(data: string, mimeType: string): RichContent {
  return block({
    type: 'audio',
    data: base64(data, 'data'),
    mimeType: text(mimeType, 'mimeType'),
  });
}

/** A link to a resource the client may read. */
export function resourceLinkContent(link: {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}): RichContent {
  return block({
    type: 'resource_link',
    uri: text(link.uri, 'uri'),
    name: text(link.name, 'name'),
    ...optional(link.title, 'title'),
    ...optional(link.description, 'description'),
    ...optional(link.mimeType, 'mimeType'),
  } as RichContent);
}

/** A resource embedded whole: its text, or its bytes as base64 (`blob`). */
export function embeddedResourceContent(
  resource:
    | { readonly uri: string; readonly mimeType?: string; readonly text: string }
    | { readonly uri: string; readonly mimeType?: string; readonly blob: string },
): RichContent {
  const uri = text(resource.uri, 'uri');
  const mime = optional(resource.mimeType, 'mimeType');
  // Each field is read once: what is checked is what is kept.
  const body: unknown = (resource as { text?: unknown }).text;
  if (typeof body === 'string') {
    return block({
      type: 'resource',
      resource: Object.freeze({ uri, ...mime, text: body }),
    } as RichContent);
  }
  const blob = base64((resource as { blob?: unknown }).blob, 'blob');
  return block({
    type: 'resource',
    resource: Object.freeze({ uri, ...mime, blob }),
  } as RichContent);
}

/** The blocks attached to an output by {@link withContent}. */
const attached = new WeakMap<object, readonly RichContent[]>();
/** The blocks of each result made by {@link contentResult}: known here, not by a property a tool could copy. */
const contentOnly = new WeakMap<object, readonly RichContent[]>();
declare const CONTENT_ONLY: unique symbol;

/** A result made only of rich content (see {@link contentResult}). */
export interface ContentResult {
  readonly [CONTENT_ONLY]: readonly RichContent[];
}

/** A frozen copy of the blocks, each read once, each one a helper made. */
function checked(blocks: readonly RichContent[]): readonly RichContent[] {
  if (!Array.isArray(blocks)) throw invalid('the content must be an array of blocks');
  const copy: RichContent[] = [];
  const length = blocks.length;
  for (let index = 0; index < length; index += 1) {
    const item: unknown = blocks[index];
    if (typeof item !== 'object' || item === null || !made.has(item)) {
      throw invalid('every block must come from one of the content helpers');
    }
    copy.push(item as RichContent);
  }
  return Object.freeze(copy);
}

/**
 * Returns `output` unchanged, with `blocks` attached: the result carries the output's JSON text
 * (and `structuredContent` when the tool publishes an output schema), then the blocks. The output
 * must be an object, so the return type stays the tool's declared output.
 */
export function withContent<TOutput extends object>(
  output: TOutput,
  blocks: readonly RichContent[],
): TOutput {
  if (typeof output !== 'object' || output === null) throw invalid('the output must be an object');
  attached.set(output, checked(blocks));
  return output;
}

/** A result of rich content alone, for a tool that publishes no output schema. */
export function contentResult(blocks: readonly RichContent[]): ContentResult {
  const result = Object.freeze({}) as ContentResult;
  contentOnly.set(result, checked(blocks));
  return result;
}

/** The blocks attached to a tool's return value, and whether it was content alone. */
export function richContentOf(
  value: unknown,
): { readonly blocks: readonly RichContent[]; readonly only: boolean } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const only = contentOnly.get(value);
  if (only !== undefined) return { blocks: only, only: true };
  const blocks = attached.get(value);
  return blocks === undefined ? undefined : { blocks, only: false };
}
