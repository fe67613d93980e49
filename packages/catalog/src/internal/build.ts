import { type JsonObject, SchemaDefectError } from '@portcullis/schema';
import { freezeJson, mcpHeadersOf } from '@portcullis/schema/document';
import type { Catalog, CatalogEntry, PublishedTool, ToolOrigin } from '../catalog.ts';
import { type AnyToolDefinition, isToolDefinition } from '../define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { KIND_META_KEY, WEIGHT_META_KEY } from '../meta.ts';
import { checkWeight } from '../weight.ts';
import { checkName, checkShape } from './check-definition.ts';
import { checkGuardrails } from './check-guardrails.ts';
import { checkArtifactRefs, checkInputRoot, checkThinkerInput } from './input-contract.ts';
import { type Candidate, describeOrigin, moduleOf } from './origin.ts';
import { checkPattern, patternsOf } from './patterns.ts';
import { publishInput, publishOutput } from './publish.ts';
import { quote } from './quote.ts';

/** The location of a publisher's defect, a field of its details. */
function defectPath(defect: SchemaDefectError): string {
  return defect.details.path;
}

function unrenderable(
  which: 'input' | 'output',
  name: string,
  origin: ToolOrigin,
  cause: unknown,
): CatalogError {
  const subject = `Tool ${quote(name)} (${describeOrigin(origin)}) has an ${which} schema the publisher cannot render`;
  if (cause instanceof SchemaDefectError) {
    // The publisher's message is about the author's declaration alone, never a consumer's data.
    return new CatalogError(
      CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA,
      `${subject} (\`${cause.code}\`): ${cause.message} Change the declaration where \`details.path\` points.`,
      { tool: name, ...moduleOf(origin), path: defectPath(cause), cause },
    );
  }
  return new CatalogError(
    CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA,
    `${subject}. The cause says why.`,
    { tool: name, ...moduleOf(origin), cause },
  );
}

/**
 * Refuses, with UNSAFE_PATTERN, a published document holding a `pattern` that could make the gate
 * spend super-linear time on a consumer's text, or that the ReDoS checker cannot clear in time.
 */
function checkPatterns(
  which: 'input' | 'output',
  document: JsonObject,
  name: string,
  origin: ToolOrigin,
): void {
  for (const { source, path } of patternsOf(document)) {
    const verdict = checkPattern(source);
    if (verdict.status === 'safe') continue;
    const subject = `Tool ${quote(name)} (${describeOrigin(origin)}) has an ${which} schema whose \`pattern\``;
    const message =
      verdict.status === 'vulnerable'
        ? `${subject} can take ${verdict.complexity} time on some text, so a consumer could stall the gate with one argument (ReDoS). Rewrite the pattern where \`details.path\` points without nested or overlapping repetition (such as \`(a+)+\` or \`(a|a)*\`), or check the value in the handler.`
        : verdict.status === 'unanalysable'
          ? `${subject} holds a lookaround or a back-reference, which the checker cannot show safe from ReDoS, so it is refused as unsafe. Rewrite the pattern where \`details.path\` points without lookarounds and back-references, or check the value in the handler.`
          : `${subject} cannot be shown safe from ReDoS by the checker within its budget, so it is refused as unsafe. Simplify the pattern where \`details.path\` points (fewer or narrower bounded repetitions inside groups), or check the value in the handler.`;
    throw new CatalogError(CATALOG_ERROR_CODES.UNSAFE_PATTERN, message, {
      tool: name,
      ...moduleOf(origin),
      path,
    });
  }
}

/**
 * Runs a check of a definition; an error thrown by reading the definition itself (a getter, a
 * proxy trap), not by the check, becomes `fault(cause)`, so a hostile definition is refused with
 * the tool named like any other fault.
 */
function reading<T>(check: () => T, fault: (cause: unknown) => CatalogError): T {
  try {
    return check();
  } catch (cause) {
    if (cause instanceof CatalogError) throw cause;
    throw fault(cause);
  }
}

/** The INVALID_DEFINITION of a definition whose own fields throw when they are read. */
function unreadable(name: string, origin: ToolOrigin, cause: unknown): CatalogError {
  return new CatalogError(
    CATALOG_ERROR_CODES.INVALID_DEFINITION,
    `Tool ${quote(name)} (${describeOrigin(origin)}) is malformed: a field throws when it is read. Declare the definition with \`defineTool\` from plain values; the cause is what it threw.`,
    { tool: name, ...moduleOf(origin), cause },
  );
}

function buildEntry(definition: AnyToolDefinition, name: string, origin: ToolOrigin): CatalogEntry {
  reading(
    () => checkShape(definition, name, origin),
    (cause) => unreadable(name, origin, cause),
  );
  reading(
    () => checkGuardrails(definition, name, origin),
    (cause) => unreadable(name, origin, cause),
  );
  const judged = reading(
    () => checkWeight(definition.weight),
    (cause) =>
      new CatalogError(
        CATALOG_ERROR_CODES.INVALID_WEIGHT,
        `Tool ${quote(name)} (${describeOrigin(origin)}) has an invalid weight: \`weight\` throws when it is read. Declare it as a plain object; the cause is what it threw.`,
        { tool: name, ...moduleOf(origin), cause },
      ),
  );
  if ('fault' in judged) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_WEIGHT,
      `Tool ${quote(name)} (${describeOrigin(origin)}) has an invalid weight: ${judged.fault}.`,
      { tool: name, ...moduleOf(origin) },
    );
  }
  const root = reading(
    () => checkInputRoot(definition, name, origin),
    (cause) => unrenderable('input', name, origin, cause),
  );
  reading(
    () => {
      checkArtifactRefs(root, name, origin);
      if (definition.kind === 'thinker') checkThinkerInput(root, name, origin);
    },
    (cause) => unrenderable('input', name, origin, cause),
  );
  let canonicalInput: JsonObject;
  let canonicalOutput: JsonObject | undefined;
  try {
    canonicalInput = freezeJson(publishInput(definition.input));
  } catch (cause) {
    throw unrenderable('input', name, origin, cause);
  }
  try {
    canonicalOutput =
      definition.output === undefined ? undefined : freezeJson(publishOutput(definition.output));
  } catch (cause) {
    throw unrenderable('output', name, origin, cause);
  }
  checkPatterns('input', canonicalInput, name, origin);
  if (canonicalOutput !== undefined) checkPatterns('output', canonicalOutput, name, origin);
  const annotations = reading(
    () =>
      definition.annotations === undefined ? undefined : freezeJson({ ...definition.annotations }),
    (cause) => unreadable(name, origin, cause),
  );
  const published: PublishedTool = freezeJson({
    name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    description: definition.description,
    inputSchema: canonicalInput,
    ...(canonicalOutput === undefined ? {} : { outputSchema: canonicalOutput }),
    ...(annotations === undefined ? {} : { annotations }),
    _meta: { [WEIGHT_META_KEY]: judged.weight, [KIND_META_KEY]: definition.kind },
  });
  return Object.freeze({
    name,
    kind: definition.kind,
    weight: judged.weight,
    definition,
    canonicalInput,
    canonicalOutput,
    // Checked when the input was published; read again here as the server's list.
    headers: mcpHeadersOf(canonicalInput),
    published,
    origin: Object.freeze({ ...origin }),
  });
}

/**
 * Builds a catalog from candidates in arrival order, failing fast at the first fault: each
 * definition's name, then its uniqueness, shape, guardrails, weight, input root, thinker contract,
 * documents and their patterns; scopes last, against the complete catalog. The same definition object is one
 * entry, where it was first seen.
 */
export function buildCatalog(candidates: readonly Candidate[]): Catalog {
  const seen = new Set<object>();
  const byName = new Map<string, CatalogEntry>();
  for (const { value, origin } of candidates) {
    if (!isToolDefinition(value)) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.INVALID_DEFINITION,
        `The value at ${describeOrigin(origin)} is not a tool definition. Declare tools with \`defineTool\`.`,
        moduleOf(origin),
      );
    }
    if (seen.has(value)) continue;
    seen.add(value);
    const name = reading(
      () => checkName(value, origin),
      (cause) =>
        new CatalogError(
          CATALOG_ERROR_CODES.INVALID_NAME,
          `The tool definition at ${describeOrigin(origin)} has a name that throws when it is read. Give it a plain string \`name\`; the cause is what it threw.`,
          { ...moduleOf(origin), cause },
        ),
    );
    const claimed = byName.get(name);
    if (claimed !== undefined) {
      throw new CatalogError(
        CATALOG_ERROR_CODES.DUPLICATE_NAME,
        `Tool ${quote(name)} is claimed by two definitions, ${describeOrigin(claimed.origin)} and ${describeOrigin(origin)}. Rename one of them.`,
        { tool: name, ...moduleOf(origin) },
      );
    }
    byName.set(
      name,
      reading(
        () => buildEntry(value, name, origin),
        (cause) => unreadable(name, origin, cause),
      ),
    );
  }
  for (const entry of byName.values()) {
    const scope = reading(
      () => [...(entry.definition.scope ?? [])],
      (cause) => unreadable(entry.name, entry.origin, cause),
    );
    for (const scoped of scope) {
      if (!byName.has(scoped)) {
        throw new CatalogError(
          CATALOG_ERROR_CODES.UNKNOWN_SCOPE_TOOL,
          `Orchestrator ${quote(entry.name)} (${describeOrigin(entry.origin)}) scopes tool ${quote(scoped)}, which the catalog does not hold. Add that tool to the catalog or take it out of the \`scope\`.`,
          { tool: entry.name, ...moduleOf(entry.origin) },
        );
      }
    }
  }
  const entries = Object.freeze([...byName.values()]);
  return Object.freeze({
    entries,
    get: (name: string) => byName.get(name),
    has: (name: string) => byName.has(name),
    size: entries.length,
  });
}
