import { type TUnknown, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';

/**
 * An open value: any JSON, `unknown` in the handler. Published with no type (`{}` plus the
 * annotations given), so the gate admits and carries whatever arrives there.
 */
export function Unknown(options?: AnnotationOptions): TUnknown {
  return Type.Unknown({ ...options });
}
