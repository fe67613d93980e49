import { isTemporalFormat } from './temporal.ts';

/**
 * The string formats of the vocabulary beside the temporal ones, each asserted by the gate by a
 * stated rule: `uuid` (RFC 9562 string form), `email` (RFC 5321 mailbox), `uri` (RFC 3986 absolute
 * URI), `hostname` (RFC 1123), `ipv4` (dotted quad, no leading zeros) and `ipv6` (RFC 4291 text
 * forms, no zone). TypeBox spells them `Type.String({ format: 'uuid' })`.
 */
export const STRING_FORMATS = Object.freeze([
  'uuid',
  'email',
  'uri',
  'hostname',
  'ipv4',
  'ipv6',
] as const);

/** One of {@link STRING_FORMATS}. */
export type StringFormat = (typeof STRING_FORMATS)[number];

/** True when `format` is one of {@link STRING_FORMATS}. */
export function isStringFormat(format: unknown): format is StringFormat {
  return (STRING_FORMATS as readonly unknown[]).includes(format);
}

/** True when the gate asserts `format`: a temporal format or one of {@link STRING_FORMATS}. */
export function isJudgedFormat(format: unknown): boolean {
  return isTemporalFormat(format) || isStringFormat(format);
}
