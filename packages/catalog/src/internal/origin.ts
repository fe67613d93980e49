import type { ToolOrigin } from '../catalog.ts';
import { quote } from './quote.ts';

/** A value offered to the catalog, with where it came from. */
export interface Candidate {
  readonly value: unknown;
  readonly origin: ToolOrigin;
}

/** Where a definition came from, as a message says it: `tools[0]` or module `tool.js`. */
export function describeOrigin(origin: ToolOrigin): string {
  return origin.source === 'explicit'
    ? `tools[${origin.index}]`
    : `module ${quote(origin.relativeModule, Number.POSITIVE_INFINITY)}`;
}

/** The `module` detail of an error about a definition from `origin`, when it was scanned. */
export function moduleOf(origin: ToolOrigin): { module?: string } {
  return origin.source === 'scan' ? { module: origin.module } : {};
}
