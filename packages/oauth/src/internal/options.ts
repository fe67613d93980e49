import { invalidOption } from '../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An absolute URL an endpoint may be fetched from: https, or http on a loopback host (a local
 * authorization server in development and tests). No credentials, no fragment.
 */
export function endpointUrl(value: unknown, option: string): URL {
  const url = absoluteUrl(value, option);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    invalidOption(option, 'An endpoint must be an https URL (http only on a loopback host).');
  }
  return url;
}

/** An absolute http(s) URL without credentials or fragment. */
export function absoluteUrl(value: unknown, option: string): URL {
  if (typeof value !== 'string' && !(value instanceof URL)) {
    invalidOption(option, 'This option must be an absolute URL.');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    invalidOption(option, 'This option must be an absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    invalidOption(option, 'This option must be an http or https URL.');
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.hash !== '' ||
    String(value).includes('#')
  ) {
    invalidOption(option, 'This URL must carry no credentials and no fragment.');
  }
  return url;
}

/** A non-empty string with no control characters. */
export function plainString(value: unknown, option: string): string {
  if (typeof value !== 'string' || value === '' || /[\u0000-\u001f\u007f]/.test(value)) {
    invalidOption(option, 'This option must be a non-empty string without control characters.');
  }
  return value;
}

/** An integer within bounds, or the default when absent. */
export function integerIn(
  value: unknown,
  option: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    invalidOption(option, `This option must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/** A clock in milliseconds, or the wall clock. */
export function clockOf(value: unknown): () => number {
  if (value === undefined) return Date.now;
  if (typeof value !== 'function')
    invalidOption('clock', 'clock must be a function returning milliseconds.');
  return value as () => number;
}

/** Options must be an object. */
export function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    invalidOption(what, 'The options must be an object.');
  }
  return value as Record<string, unknown>;
}
