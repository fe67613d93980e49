import { type TCyclic, type TRef, type TSchema, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';

/**
 * A self-recursive type: `build` receives a reference to the type being defined. Published once
 * under `$defs/<name>` and referred to as `#/$defs/<name>` everywhere. For mutual recursion use
 * `Type.Cyclic({ A: ..., B: ... }, 'A')` with `Type.Ref('B')` inside; the publisher treats both
 * alike.
 */
export function Recursive<TName extends string, TBody extends TSchema>(
  name: TName,
  build: (self: TRef<TName>) => TBody,
  options?: AnnotationOptions,
): TCyclic<{ [K in TName]: TBody }, TName> {
  const defs = { [name]: build(Type.Ref(name)) } as { [K in TName]: TBody };
  return Type.Cyclic(defs, name, { ...options });
}
