import { invalidOption } from './errors.ts';

/**
 * The tools a set of scopes grants, by a configured map from scope to tool names: the union over
 * the scopes held. A scope the map does not name grants nothing. Own keys only: a scope called
 * `__proto__` or `constructor` grants what the map says for it, which is usually nothing.
 */
export function grantsFromScopes(
  scopes: readonly string[],
  toolsByScope: Readonly<Record<string, readonly string[]>>,
): ReadonlySet<string> {
  if (typeof toolsByScope !== 'object' || toolsByScope === null) {
    invalidOption('toolsByScope', 'toolsByScope must map scopes to lists of tool names.');
  }
  const granted = new Set<string>();
  for (const scope of scopes) {
    if (!Object.hasOwn(toolsByScope, scope)) continue;
    const tools = toolsByScope[scope];
    if (!Array.isArray(tools)) {
      invalidOption('toolsByScope', 'toolsByScope must map scopes to lists of tool names.');
    }
    for (const tool of tools) granted.add(tool);
  }
  return granted;
}

/** The scopes of `required` that `held` lacks, in the order required (empty when all are held). */
export function missingScopes(held: readonly string[], required: readonly string[]): string[] {
  const have = new Set(held);
  return required.filter((scope) => !have.has(scope));
}
