// @ts-check
import ts from 'typescript';

/**
 * The public surface of a package entry, read by the TypeScript checker from its source: every
 * exported name with its kind. A package's surface test compares this with a pinned table, so
 * adding, removing or changing the kind of an export is a deliberate, reviewed change.
 *
 * Kinds: `class`, `function`, `const` (any exported value binding), `type` (a type alias),
 * `interface`, `enum`, `namespace`. A name that is both a value and a type (a builder with a type
 * of the same name) is `const+type`, and so on, joined in that order.
 *
 * @param {string} entryFile absolute path of the entry's source (`src/index.ts`)
 * @returns {Record<string, string>} export name to kind, sorted by name
 */
export function listSurface(entryFile) {
  const program = ts.createProgram([entryFile], {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  if (source === undefined) throw new Error(`listSurface: cannot read ${entryFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`listSurface: ${entryFile} is not a module`);
  /** @type {Record<string, string>} */
  const surface = {};
  const names = checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => symbol.getName())
    .sort();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    surface[symbol.getName()] = kindOf(target.flags);
  }
  return Object.fromEntries(names.map((name) => [name, surface[name]]));
}

/** @param {ts.SymbolFlags} flags */
function kindOf(flags) {
  const kinds = [];
  if (flags & ts.SymbolFlags.Class) kinds.push('class');
  else if (flags & ts.SymbolFlags.Function) kinds.push('function');
  else if (flags & ts.SymbolFlags.Variable) kinds.push('const');
  if (flags & ts.SymbolFlags.Enum) kinds.push('enum');
  if (flags & ts.SymbolFlags.TypeAlias) kinds.push('type');
  if (flags & ts.SymbolFlags.Interface && !(flags & ts.SymbolFlags.Class)) kinds.push('interface');
  if (flags & ts.SymbolFlags.Module) kinds.push('namespace');
  return kinds.length === 0 ? 'unknown' : kinds.join('+');
}
