import { listed } from './internal/quote.ts';

/**
 * The cost classes a consumer can tell apart: `lookup` (an API wrapper or a read, seconds),
 * `compute` (local work that scales with its input), `agent` (a model in a loop, often minutes).
 */
export const WEIGHT_KINDS = Object.freeze(['lookup', 'compute', 'agent'] as const);

/** One of {@link WEIGHT_KINDS}. */
export type WeightKind = (typeof WEIGHT_KINDS)[number];

/** The lightest level within a weight kind. */
export const WEIGHT_LEVEL_MIN = 1;

/** The heaviest level within a weight kind. */
export const WEIGHT_LEVEL_MAX = 5;

/**
 * A tool's expected cost, published as `_meta["portcullis/weight"]` exactly in this shape. `level`
 * is an integer from {@link WEIGHT_LEVEL_MIN} to {@link WEIGHT_LEVEL_MAX} ranking tools within one
 * kind; `minSeconds` and `maxSeconds` bound the wall time a typical call takes, finite, with
 * `0 <= minSeconds <= maxSeconds`. The catalog refuses any other shape at build.
 */
export interface ToolWeight {
  readonly kind: WeightKind;
  readonly level: number;
  readonly minSeconds: number;
  readonly maxSeconds: number;
}

const WEIGHT_KEYS: ReadonlySet<string> = new Set(['kind', 'level', 'minSeconds', 'maxSeconds']);

/**
 * Judges a declared weight. Returns the published copy (exactly the four keys, frozen) or the fault
 * as a sentence fragment that names the field and the rule it broke.
 */
export function checkWeight(
  weight: unknown,
): { readonly weight: ToolWeight } | { readonly fault: string } {
  if (typeof weight !== 'object' || weight === null || Array.isArray(weight)) {
    return { fault: '`weight` must be an object `{ kind, level, minSeconds, maxSeconds }`' };
  }
  const record = weight as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !WEIGHT_KEYS.has(key));
  if (extra.length > 0) {
    return {
      fault: `\`weight\` has ${extra.length} undeclared ${extra.length === 1 ? 'property' : 'properties'}, and it accepts only \`kind\`, \`level\`, \`minSeconds\` and \`maxSeconds\``,
    };
  }
  // Own properties only: a key inherited from a prototype was not declared.
  const own = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);
  const kind = own('kind');
  const level = own('level');
  const minSeconds = own('minSeconds');
  const maxSeconds = own('maxSeconds');
  if (typeof kind !== 'string' || !(WEIGHT_KINDS as readonly string[]).includes(kind)) {
    return { fault: `\`weight.kind\` must be one of ${listed(WEIGHT_KINDS, 'or')}` };
  }
  if (
    typeof level !== 'number' ||
    !Number.isInteger(level) ||
    level < WEIGHT_LEVEL_MIN ||
    level > WEIGHT_LEVEL_MAX
  ) {
    return {
      fault: `\`weight.level\` must be an integer from ${WEIGHT_LEVEL_MIN} to ${WEIGHT_LEVEL_MAX}`,
    };
  }
  if (typeof minSeconds !== 'number' || !Number.isFinite(minSeconds) || minSeconds < 0) {
    return { fault: '`weight.minSeconds` must be a finite number of seconds, at least 0' };
  }
  if (typeof maxSeconds !== 'number' || !Number.isFinite(maxSeconds)) {
    return { fault: '`weight.maxSeconds` must be a finite number of seconds' };
  }
  if (maxSeconds < minSeconds) {
    return { fault: '`weight.maxSeconds` must not be less than `weight.minSeconds`' };
  }
  return {
    weight: Object.freeze({
      kind: kind as WeightKind,
      level,
      minSeconds: minSeconds === 0 ? 0 : minSeconds,
      maxSeconds: maxSeconds === 0 ? 0 : maxSeconds,
    }),
  };
}
