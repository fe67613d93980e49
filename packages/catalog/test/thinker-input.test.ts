/*
 * Guards the input a thinker starts from: thinkerInput() declares `query` (a required string),
 * `depth` (an optional integer within THINKER_DEPTH_MIN..THINKER_DEPTH_MAX) and the reserved
 * `artifact_refs`, beside the author's properties; an author may describe or narrow `query` and
 * `depth` but never replace `artifact_refs`; the published document keeps `query` and `depth` and
 * leaves `artifact_refs` out; `run` sees all of them typed.
 */
import { ARTIFACT_REFS_PROPERTY, publishCanonical, Uint16 } from '@portcullis/schema';
import Type, { type Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { THINKER_DEPTH_MAX, THINKER_DEPTH_MIN, thinkerInput } from '../src/index.ts';

describe('thinkerInput', () => {
  it('pins the depth bounds', () => {
    expect([THINKER_DEPTH_MIN, THINKER_DEPTH_MAX]).toEqual([0, 5]);
  });

  it('declares query, a bounded depth and the reserved artifact_refs', () => {
    const input = thinkerInput();
    expect(Object.keys(input.properties)).toEqual(['query', 'depth', ARTIFACT_REFS_PROPERTY]);
    expect(input.required).toEqual(['query']);
    expect(publishCanonical(input)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What the thinker is asked.' },
        depth: {
          type: 'integer',
          minimum: THINKER_DEPTH_MIN,
          maximum: THINKER_DEPTH_MAX,
          description: 'How deep the thinker may go, from 0 (answer directly) to 5.',
        },
      },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it('adds the author’s properties and lets them describe query or narrow depth', () => {
    const input = thinkerInput({
      query: Type.String({ description: 'The text to summarize.' }),
      depth: Uint16({ minimum: 1, maximum: 2 }),
      maxWords: Type.Optional(Uint16()),
    });
    expect(Object.keys(input.properties)).toEqual([
      'query',
      'depth',
      'maxWords',
      ARTIFACT_REFS_PROPERTY,
    ]);
    expect(input.properties.query).toMatchObject({ description: 'The text to summarize.' });
    expect(input.required).toEqual(['query', 'depth']);
  });

  it('keeps the vocabulary’s artifact_refs whatever the author declares under that name', () => {
    const input = thinkerInput({ [ARTIFACT_REFS_PROPERTY]: Type.String() });
    expect(input.properties[ARTIFACT_REFS_PROPERTY]).toMatchObject({
      type: 'array',
      items: { type: 'string' },
    });
    expect(publishCanonical(input)['properties']).not.toHaveProperty(ARTIFACT_REFS_PROPERTY);
  });

  it('types what run receives', () => {
    const input = thinkerInput({ maxWords: Type.Optional(Uint16()) });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{
      query: string;
      depth?: number;
      maxWords?: number;
      artifact_refs?: string[];
    }>();
    const narrowed = thinkerInput({ depth: Uint16({ minimum: 0, maximum: 1 }) });
    expectTypeOf<Static<typeof narrowed>['depth']>().toEqualTypeOf<number>();
  });
});
