import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';
import { isJsonObject, type SchemaNode, type SchemaObject } from './json.ts';
import { escapePointerSegment } from './ref.ts';
import { walkSchema } from './walk.ts';

/**
 * The annotation (SEP-2243, revision 2026-07-28) by which an input property asks a client on
 * Streamable HTTP to mirror its argument into the header `Mcp-Param-<name>`, so an intermediary can
 * route on it without reading the body. It constrains nothing: the gate reads past it.
 */
export const MCP_HEADER_KEYWORD = 'x-mcp-header';

/** The prefix of every mirrored header's field name. */
export const MCP_PARAM_HEADER_PREFIX = 'Mcp-Param-';

/** The JSON types a mirrored property may have: the revision's primitives, `number` excluded. */
export type McpHeaderType = 'string' | 'integer' | 'boolean';

/** One `x-mcp-header` declaration of an input document, as a server judges a call's headers. */
export interface McpHeaderDeclaration {
  /** The annotation's value, such as `Region`. */
  readonly name: string;
  /** The field name a client sends: `Mcp-Param-` and `name`, such as `Mcp-Param-Region`. */
  readonly header: string;
  /** The property names from the root to the annotated property, through `properties` alone. */
  readonly path: readonly string[];
  /** The property's declared JSON type. */
  readonly type: McpHeaderType;
}

/** RFC 9110 `token` (`1*tchar`): ASCII letters, digits and ``!#$%&'*+-.^_`|~``. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'boolean']);
/** Keywords that would put the property's value behind something other than its own `type`. */
const INDIRECT = ['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'nullable'];

function invalid(at: readonly string[], message: string): SchemaDefectError {
  return new SchemaDefectError(SCHEMA_ERROR_CODES.INVALID_MCP_HEADER, message, {
    path: `${at.map((segment) => `/${escapePointerSegment(segment)}`).join('')}/${MCP_HEADER_KEYWORD}`,
  });
}

/** The property path of `segments` when they are `properties/<name>` pairs alone, else undefined. */
function propertyPath(segments: readonly string[]): string[] | undefined {
  if (segments.length === 0 || segments.length % 2 !== 0) return undefined;
  const path: string[] = [];
  for (let index = 0; index < segments.length; index += 2) {
    if (segments[index] !== 'properties') return undefined;
    path.push(segments[index + 1] as string);
  }
  return path;
}

function isSafe(bound: unknown): bound is number | bigint {
  if (typeof bound === 'bigint') {
    return bound >= BigInt(Number.MIN_SAFE_INTEGER) && bound <= BigInt(Number.MAX_SAFE_INTEGER);
  }
  return Number.isSafeInteger(bound);
}

/** True when every value an integer node admits is a safe integer, by its bounds or its enum. */
function isSafeIntegerNode(node: SchemaObject): boolean {
  const values = node['enum'];
  if (Array.isArray(values) && values.length > 0 && values.every(isSafe)) return true;
  const low = node['minimum'] ?? incremented(node['exclusiveMinimum'], 1n);
  const high = node['maximum'] ?? incremented(node['exclusiveMaximum'], -1n);
  return isSafe(low) && isSafe(high);
}

function incremented(bound: unknown, by: bigint): bigint | undefined {
  if (typeof bound === 'bigint') return bound + by;
  if (Number.isSafeInteger(bound)) return BigInt(bound as number) + by;
  return undefined;
}

/**
 * The `x-mcp-header` declarations of an input document, in document order, each checked against
 * the revision's rules: the name is a non-empty RFC 9110 token, unique case-insensitively within the
 * document; the annotated property is reached from the root through `properties` alone (not an
 * array item, a map value, a union member, a definition or anything behind a `$ref`); it states one
 * `type` on itself, `string`, `integer` (every admitted value a safe integer) or `boolean`, never
 * nullable. A breach throws {@link SchemaDefectError} (INVALID_MCP_HEADER) whose `details.path`
 * points at the annotation. A document without the annotation gives an empty list.
 */
export function mcpHeadersOf(document: SchemaNode): readonly McpHeaderDeclaration[] {
  const declarations: McpHeaderDeclaration[] = [];
  const seen = new Set<string>();
  walkSchema(document, (node, segments) => {
    if (typeof node === 'boolean' || !Object.hasOwn(node, MCP_HEADER_KEYWORD)) return undefined;
    const name = node[MCP_HEADER_KEYWORD];
    if (typeof name !== 'string' || name === '') {
      throw invalid(
        segments,
        'The `x-mcp-header` annotation is not a non-empty string; give the name the header carries after `Mcp-Param-`, such as `Zone` for `Mcp-Param-Zone`.',
      );
    }
    if (!TOKEN.test(name)) {
      throw invalid(
        segments,
        "The `x-mcp-header` name is not an HTTP field-name token (RFC 9110 `tchar`: ASCII letters, digits and ``!#$%&'*+-.^_`|~``; no space, colon, control or non-ASCII character); rename it.",
      );
    }
    const path = propertyPath(segments);
    if (path === undefined) {
      throw invalid(
        segments,
        'The `x-mcp-header` annotation sits where no chain of `properties` from the root reaches (the root itself, an array item, a map value, a union member, a definition, or a value behind a `$ref`), so a client cannot read the value to mirror; put it on a property reached through `properties` alone.',
      );
    }
    const type = node['type'];
    if (
      typeof type !== 'string' ||
      !TYPES.has(type) ||
      INDIRECT.some((keyword) => Object.hasOwn(node, keyword))
    ) {
      throw invalid(
        segments,
        'A property carrying `x-mcp-header` must state one type on itself, `string`, `integer` or `boolean` (a number, a nullable value, an object, an array, a union or a reference cannot be mirrored); declare such a primitive, optional rather than nullable.',
      );
    }
    if (type === 'integer' && !isSafeIntegerNode(node)) {
      throw invalid(
        segments,
        'An integer carrying `x-mcp-header` admits values beyond the JavaScript safe range (±(2^53 - 1)), which a client cannot mirror exactly; declare `SafeInteger` or a narrower width.',
      );
    }
    const folded = name.toLowerCase();
    if (seen.has(folded)) {
      throw invalid(
        segments,
        'Two properties of the document carry the same `x-mcp-header` name (header names compare case-insensitively); give each its own name.',
      );
    }
    seen.add(folded);
    declarations.push(
      Object.freeze({
        name,
        header: `${MCP_PARAM_HEADER_PREFIX}${name}`,
        path: Object.freeze(path),
        type: type as McpHeaderType,
      }),
    );
    return undefined;
  });
  return Object.freeze(declarations);
}

/**
 * Refuses an output document holding `x-mcp-header` anywhere: only the arguments of a call travel
 * in headers. Throws {@link SchemaDefectError} (INVALID_MCP_HEADER) at the first one.
 */
export function refuseMcpHeaders(document: SchemaNode): void {
  walkSchema(document, (node, segments) => {
    if (isJsonObject(node) && Object.hasOwn(node, MCP_HEADER_KEYWORD)) {
      throw invalid(
        segments,
        'An output document carries `x-mcp-header`, which only an input property can (a call mirrors its arguments, never its result); remove it from the output declaration.',
      );
    }
    return undefined;
  });
}
