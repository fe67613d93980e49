/*
 * The rich content helpers build the MCP blocks a tool may return and refuse a malformed one when
 * the tool builds it, with `INVALID_CONTENT`.
 */
import { describe, expect, it } from 'vitest';
import {
  audioContent,
  contentResult,
  embeddedResourceContent,
  imageContent,
  resourceLinkContent,
  withContent,
} from '../src/content.ts';
import { SERVER_ERROR_CODES, ServerError } from '../src/errors.ts';

function code(build: () => unknown): string | undefined {
  try {
    build();
  } catch (error) {
    return error instanceof ServerError ? error.code : 'other';
  }
  return undefined;
}

describe('rich content', () => {
  it('builds frozen blocks in the protocol shape', () => {
    expect(audioContent('AAAA', 'audio/wav')).toEqual({
      type: 'audio',
      data: 'AAAA',
      mimeType: 'audio/wav',
    });
    expect(embeddedResourceContent({ uri: 'file:///x', blob: 'AA==' })).toEqual({
      type: 'resource',
      resource: { uri: 'file:///x', blob: 'AA==' },
    });
    expect(Object.isFrozen(imageContent('AA==', 'image/png'))).toBe(true);
  });

  it.each([
    ['data that is not base64', () => imageContent('not base64!', 'image/png')],
    ['an empty media type', () => audioContent('AAAA', '')],
    ['a link without a name', () => resourceLinkContent({ uri: 'file:///x', name: '' })],
    ['a blob that is not base64', () => embeddedResourceContent({ uri: 'file:///x', blob: '%%' })],
    [
      'a block not built by a helper',
      () => contentResult([{ type: 'image', data: 'AA==', mimeType: 'x' }]),
    ],
    [
      'a frozen block not built by a helper',
      () => contentResult([Object.freeze({ type: 'bogus' }) as never]),
    ],
    [
      'a copy of a helper block',
      () => withContent({}, [Object.freeze({ ...imageContent('AA==', 'image/png') })]),
    ],
    ['a primitive output', () => withContent('text' as unknown as object, [])],
  ])('refuses %s', (_case, build) => {
    expect(code(build)).toBe(SERVER_ERROR_CODES.INVALID_CONTENT);
  });
});
