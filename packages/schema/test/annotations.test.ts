/**
 * Guards the one list of annotation keywords the packages share (the publisher copies them, a
 * dialect may drop them): its members are pinned and it cannot be changed at run time.
 */
import { describe, expect, it } from 'vitest';
import { ANNOTATION_KEYWORDS } from '../src/document.ts';

describe('ANNOTATION_KEYWORDS', () => {
  it('pins the keywords that describe without constraining', () => {
    expect(ANNOTATION_KEYWORDS).toEqual([
      'title',
      'description',
      'default',
      'examples',
      'deprecated',
      'readOnly',
      'writeOnly',
      '$comment',
      'x-mcp-header',
    ]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ANNOTATION_KEYWORDS)).toBe(true);
    expect(() => (ANNOTATION_KEYWORDS as unknown as string[]).push('format')).toThrow(TypeError);
  });
});
