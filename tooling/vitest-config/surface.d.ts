/**
 * The public surface of a package entry: every exported name with its kind (`class`, `function`,
 * `const`, `type`, `interface`, joined with `+` when a name is several), sorted by name.
 */
export function listSurface(entryFile: string): Record<string, string>;
