// Schema plumbing: `escapePointerSegment` moves to `@portcullis/schema/document` with the schema
// change; this is the one place the catalog imports it.
import { ARTIFACT_REFS_PROPERTY } from '@portcullis/schema';
import { escapePointerSegment } from '@portcullis/schema/document';
import type { ToolOrigin } from '../catalog.ts';
import type { AnyToolDefinition } from '../define-tool.ts';
import { CATALOG_ERROR_CODES, CatalogError } from '../errors.ts';
import { THINKER_DEPTH_MAX, THINKER_DEPTH_MIN } from '../thinker-input.ts';
import { describeOrigin, moduleOf } from './origin.ts';
import { quote } from './quote.ts';

type Declared = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Declared {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The declared properties of an input's root object, which are required, and its pointer. */
interface RootObject {
  readonly properties: Declared;
  readonly required: ReadonlySet<unknown>;
  readonly pointer: string;
}

/**
 * The root object of a declared input: the declaration itself, or the definition a recursive root
 * (`Recursive`, `Type.Cyclic`) names. `undefined` unless it is an object with declared properties:
 * a map (`patternProperties`), an open value or a scalar has none.
 */
function rootObject(input: unknown): RootObject | undefined {
  if (!isRecord(input)) return undefined;
  let target: unknown = input;
  let pointer = '';
  const ref = input['$ref'];
  const defs = input['$defs'];
  if (typeof ref === 'string' && isRecord(defs) && Object.hasOwn(defs, ref)) {
    target = defs[ref];
    pointer = `/$defs/${escapePointerSegment(ref)}`;
  }
  if (!isRecord(target) || target['type'] !== 'object') return undefined;
  const properties = target['properties'];
  if (!isRecord(properties) || target['patternProperties'] !== undefined) return undefined;
  const required = target['required'];
  return { properties, required: new Set(Array.isArray(required) ? required : []), pointer };
}

function facts(name: string, origin: ToolOrigin, path: string) {
  return { tool: name, ...moduleOf(origin), path };
}

/**
 * Refuses an input whose root is not an object with declared properties, with INVALID_INPUT_ROOT:
 * a map or an open value at the root tells a model nothing, and `artifact_refs` cannot be taken
 * out of it. Returns the root's declared properties.
 */
export function checkInputRoot(
  definition: AnyToolDefinition,
  name: string,
  origin: ToolOrigin,
): RootObject {
  const root = rootObject(definition.input);
  if (root === undefined) {
    throw new CatalogError(
      CATALOG_ERROR_CODES.INVALID_INPUT_ROOT,
      `Tool ${quote(name)} (${describeOrigin(origin)}) has an input that is not an object with declared properties, so it tells a model nothing and cannot carry \`artifact_refs\`. Wrap a map or an open value in a property of \`Type.Object\`.`,
      facts(name, origin, ''),
    );
  }
  return root;
}

function thinkerFault(name: string, origin: ToolOrigin, path: string, fault: string): CatalogError {
  return new CatalogError(
    CATALOG_ERROR_CODES.INVALID_THINKER_INPUT,
    `Thinker ${quote(name)} (${describeOrigin(origin)}) ${fault}. Start its input from \`thinkerInput()\`, which declares \`query\`, \`depth\` and \`artifact_refs\`.`,
    facts(name, origin, path),
  );
}

function isDepthBound(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * Refuses, with INVALID_THINKER_INPUT, a thinker whose input breaks the thinker's contract with
 * whoever asks it: `query` declared as a string, `depth` as an integer whose declared bounds lie
 * within {@link THINKER_DEPTH_MIN}..{@link THINKER_DEPTH_MAX}.
 */
export function checkThinkerInput(root: RootObject, name: string, origin: ToolOrigin): void {
  const at = (property: string) => `${root.pointer}/properties/${property}`;
  const query = Object.hasOwn(root.properties, 'query') ? root.properties['query'] : undefined;
  if (query === undefined) {
    throw thinkerFault(name, origin, at('query'), 'has an input without `query`');
  }
  if (!isRecord(query) || query['type'] !== 'string') {
    throw thinkerFault(
      name,
      origin,
      at('query'),
      'declares `query` as something other than a string',
    );
  }
  const depth = Object.hasOwn(root.properties, 'depth') ? root.properties['depth'] : undefined;
  if (depth === undefined) {
    throw thinkerFault(name, origin, at('depth'), 'has an input without `depth`');
  }
  const minimum = isRecord(depth) ? depth['minimum'] : undefined;
  const maximum = isRecord(depth) ? depth['maximum'] : undefined;
  if (
    !isRecord(depth) ||
    depth['type'] !== 'integer' ||
    !isDepthBound(minimum) ||
    !isDepthBound(maximum) ||
    minimum < THINKER_DEPTH_MIN ||
    maximum > THINKER_DEPTH_MAX
  ) {
    throw thinkerFault(
      name,
      origin,
      at('depth'),
      `declares \`depth\` as something other than an integer from ${THINKER_DEPTH_MIN} to ${THINKER_DEPTH_MAX}`,
    );
  }
}

/** True for the declaration `ArtifactRefs()` makes: an optional array of strings. */
function isArtifactRefs(root: RootObject, declared: unknown): boolean {
  if (!isRecord(declared) || root.required.has(ARTIFACT_REFS_PROPERTY)) return false;
  const items = declared['items'];
  return declared['type'] === 'array' && isRecord(items) && items['type'] === 'string';
}

/**
 * Refuses, with INVALID_DEFINITION, an input whose root declares the reserved `artifact_refs`
 * other than `ArtifactRefs()` does (an optional array of strings): the publisher leaves the
 * property out of the published document whatever it declares, and this process fills it with
 * refs, so any other declaration would type `run`'s input with something it never receives.
 */
export function checkArtifactRefs(root: RootObject, name: string, origin: ToolOrigin): void {
  if (!Object.hasOwn(root.properties, ARTIFACT_REFS_PROPERTY)) return;
  if (isArtifactRefs(root, root.properties[ARTIFACT_REFS_PROPERTY])) return;
  throw new CatalogError(
    CATALOG_ERROR_CODES.INVALID_DEFINITION,
    `Tool ${quote(name)} (${describeOrigin(origin)}) is malformed: \`${ARTIFACT_REFS_PROPERTY}\` is reserved for references into the artifact registry. Declare it only by spreading \`ArtifactRefs()\`, an optional list of strings.`,
    facts(name, origin, `${root.pointer}/properties/${ARTIFACT_REFS_PROPERTY}`),
  );
}
