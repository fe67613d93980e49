import type { ToolOrigin } from '../catalog.ts';
import type { AnyToolDefinition, ToolAnnotations } from '../define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { isToolKind, TOOL_KINDS } from '../tool-kind.ts';
import { isValidToolName, TOOL_NAME_MAX_LENGTH } from '../tool-name.ts';
import { describeOrigin, moduleOf } from './origin.ts';
import { listed, quote } from './quote.ts';

const DEFINITION_KEYS: readonly string[] = Object.freeze([
  'name',
  'title',
  'description',
  'input',
  'output',
  'weight',
  'annotations',
  'kind',
  'registryAware',
  'scope',
  'guardrails',
  'run',
]);

/**
 * The MCP tool annotations and the type of each. These are MCP's `ToolAnnotations`, not JSON Schema
 * annotation keywords, so the schema package's `ANNOTATION_KEYWORDS` cannot serve here.
 */
const ANNOTATION_KEYS: Readonly<Record<keyof ToolAnnotations, 'string' | 'boolean'>> =
  Object.freeze({
    title: 'string',
    readOnlyHint: 'boolean',
    destructiveHint: 'boolean',
    idempotentHint: 'boolean',
    openWorldHint: 'boolean',
  });

function invalid(name: string, origin: ToolOrigin, fault: string): CatalogError {
  return new CatalogError(
    CATALOG_ERROR_CODES.INVALID_DEFINITION,
    `Tool ${quote(name)} (${describeOrigin(origin)}) is malformed: ${fault}.`,
    { tool: name, ...moduleOf(origin) },
  );
}

/** The definition's name, or MISSING_NAME / INVALID_NAME naming where the definition came from. */
export function checkName(definition: AnyToolDefinition, origin: ToolOrigin): string {
  const name: unknown = definition.name;
  if (name === undefined || name === null || name === '') {
    const where =
      origin.source === 'explicit'
        ? describeOrigin(origin)
        : `export ${quote(origin.exportName)} of ${describeOrigin(origin)}`;
    throw new CatalogError(
      CATALOG_ERROR_CODES.MISSING_NAME,
      `The tool definition at ${where} has no name. Give every definition a \`name\`.`,
      moduleOf(origin),
    );
  }
  if (typeof name !== 'string') {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_NAME,
      `The tool definition at ${describeOrigin(origin)} has a name that is not a string. Give it a string \`name\`.`,
      moduleOf(origin),
    );
  }
  if (!isValidToolName(name)) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_NAME,
      `Tool ${quote(name)} (${describeOrigin(origin)}) has an invalid name. Name it with 1 to ${TOOL_NAME_MAX_LENGTH} characters of \`A-Z\`, \`a-z\`, \`0-9\`, \`_\`, \`-\` and \`.\`, as MCP requires.`,
      { tool: name, ...moduleOf(origin) },
    );
  }
  return name;
}

function checkAnnotations(annotations: unknown, name: string, origin: ToolOrigin): void {
  if (annotations === undefined) return;
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) {
    throw invalid(name, origin, '`annotations` must be an object');
  }
  for (const [key, value] of Object.entries(annotations)) {
    // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
    const expected = Object.hasOwn(ANNOTATION_KEYS, key)
      ? ANNOTATION_KEYS[key as keyof ToolAnnotations]
      : undefined;
    if (expected === undefined) {
      throw invalid(
        name,
        origin,
        `\`annotations\` accepts only ${listed(Object.keys(ANNOTATION_KEYS))}`,
      );
    }
    if (typeof value !== expected) {
      throw invalid(name, origin, `\`annotations.${key}\` must be a ${expected}`);
    }
  }
}

/**
 * Refuses, with INVALID_DEFINITION, a definition whose own fields are malformed: an undeclared
 * property, an empty description, a `run` that is not a function, an unknown kind, a mistyped
 * annotation, a scope on anything but an orchestrator.
 */
export function checkShape(definition: AnyToolDefinition, name: string, origin: ToolOrigin): void {
  const undeclared = Object.keys(definition).filter((key) => !DEFINITION_KEYS.includes(key));
  if (undeclared.length > 0) {
    throw invalid(
      name,
      origin,
      `it has ${undeclared.length} undeclared ${undeclared.length === 1 ? 'property' : 'properties'}, and a definition accepts only ${listed(DEFINITION_KEYS)}`,
    );
  }
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    throw invalid(name, origin, '`description` must be a non-empty string');
  }
  if (definition.title !== undefined && typeof definition.title !== 'string') {
    throw invalid(name, origin, '`title` must be a string');
  }
  if (typeof definition.run !== 'function') {
    throw invalid(name, origin, '`run` must be a function');
  }
  if (!isToolKind(definition.kind)) {
    throw invalid(name, origin, `\`kind\` must be one of ${listed(TOOL_KINDS, 'or')}`);
  }
  if (typeof definition.registryAware !== 'boolean') {
    throw invalid(name, origin, '`registryAware` must be a boolean');
  }
  const input: unknown = definition.input;
  if (typeof input !== 'object' || input === null) {
    throw invalid(name, origin, '`input` must be a schema');
  }
  const output: unknown = definition.output;
  if (output !== undefined && (typeof output !== 'object' || output === null)) {
    throw invalid(name, origin, '`output` must be a schema');
  }
  checkAnnotations(definition.annotations, name, origin);
  const scope: unknown = definition.scope;
  if (scope !== undefined) {
    if (definition.kind !== 'orchestrator') {
      throw invalid(name, origin, 'only an orchestrator declares a `scope`');
    }
    if (!Array.isArray(scope) || !scope.every((item) => typeof item === 'string')) {
      throw invalid(name, origin, '`scope` must be an array of tool names');
    }
  }
}
