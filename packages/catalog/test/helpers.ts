/*
 * What the catalog's tests share: the fixture folders, a definition with overrides, and the two
 * ways a CatalogError is caught (thrown by createCatalog, rejected by scanCatalog).
 */
import Type from 'typebox';
import { expect } from 'vitest';
import { type AnyToolDefinition, CatalogError, defineTool } from '../src/index.ts';

export const FIXTURES = new URL('./fixtures/', import.meta.url);
export const GOOD = new URL('good/', FIXTURES);
export const BROKEN = new URL('broken/', FIXTURES);
export const COLLISION = new URL('collision/', FIXTURES);

export const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;

/** A valid `echo` tool, with any field overridden (or broken) as the test needs. */
export function tool(overrides: Record<string, unknown> = {}): AnyToolDefinition {
  return defineTool({
    name: 'echo',
    description: 'Echoes its text.',
    input: Type.Object({ text: Type.String() }),
    weight: WEIGHT,
    run: (input: { text: string }) => input.text,
    ...overrides,
  } as never) as AnyToolDefinition;
}

/** The CatalogError `build` throws; fails the test when it throws nothing or something else. */
export function caught(build: () => unknown): CatalogError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error('expected a CatalogError');
}

/** The CatalogError `build` rejects with; fails the test when it resolves or rejects otherwise. */
export async function rejected(build: () => Promise<unknown>): Promise<CatalogError> {
  const error = await build().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CatalogError);
  return error as CatalogError;
}
