/*
 * Guards the ReDoS check at build: every `pattern` of a published input or output document, at any
 * depth (items, maps, unions, recursive definitions), is checked by recheck; a pattern that can take
 * super-linear time, or that the checker cannot clear within its budget, is refused with
 * UNSAFE_PATTERN naming the tool and the place, and so is one holding a lookaround or a
 * back-reference, which only the fuzzer could look at; ordinary patterns pass. A pattern that does not
 * compile with the `u` flag, and an object union without a discriminator, reach the author as the
 * publisher's message inside a CatalogError naming the tool.
 */
import { Recursive, SchemaDefectError, Map as StringMap } from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_ERROR_CODES, createCatalog } from '../src/index.ts';
import {
  checkPattern,
  PATTERN_BUDGET,
  patternsOf,
  widenBoundedRepeats,
} from '../src/internal/patterns.ts';
import { caught, tool } from './helpers.ts';

const { UNSAFE_PATTERN, UNRENDERABLE_SCHEMA } = CATALOG_ERROR_CODES;

/**
 * A test that checks new patterns may take up to the budget for each (five seconds) on a loaded
 * machine; the default five-second test timeout is for work that is not bounded that way.
 */
const CHECKS = { timeout: 30_000 };

/** A hostname-like pattern whose automaton is large: recheck's exact checker needs seconds. */
const SLOW = '^([a-z]+\\.)+[a-z]{2,63}$';

vi.mock('../src/internal/patterns.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/internal/patterns.ts')>();
  return {
    ...original,
    // The build's budget, except for SLOW, which stands for a pattern the checker runs out on.
    checkPattern: (source: string) =>
      source === SLOW
        ? original.checkPattern(source, { exact: 1, fuzz: 1 })
        : original.checkPattern(source),
  };
});

function withPattern(pattern: string) {
  return Type.Object({ slug: Type.String({ pattern }) });
}

describe('catastrophic patterns', CHECKS, () => {
  it.each([
    ['^(a+)+$', 'exponential'],
    ['(a|a)*b', 'exponential'],
    ['(\\w+\\s?)*$', 'exponential'],
    ['^\\s*#?\\s*$x', 'polynomial'],
  ])('refuses %s at build, naming the tool and the place', (pattern, complexity) => {
    const error = caught(() => createCatalog({ tools: [tool({ input: withPattern(pattern) })] }));
    expect(error.code).toBe(UNSAFE_PATTERN);
    expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/slug' });
    expect(error.message).toContain('Tool `echo` (tools[0]) has an input schema whose `pattern`');
    expect(error.message).toContain(`${complexity} time`);
    expect(error.message).not.toContain(pattern);
  });

  it('finds the key rule of a map', () => {
    const keyed = Type.Object({
      tags: StringMap(Type.String(), { keys: Type.String({ pattern: '(a|a)*b' }) }),
    });
    const error = caught(() => createCatalog({ tools: [tool({ input: keyed })] }));
    expect(error.code).toBe(UNSAFE_PATTERN);
    expect(error.details.path).toBe('/properties/tags/propertyNames');
  });

  it('finds a pattern at any depth, in the output document too', () => {
    const deep = Type.Object({
      list: Type.Array(StringMap(Type.Union([Type.String({ pattern: '(a|a)*b' }), Type.Null()]))),
    });
    const input = caught(() => createCatalog({ tools: [tool({ input: deep })] }));
    expect(input.details.path).toBe('/properties/list/items/additionalProperties');
    const output = caught(() => createCatalog({ tools: [tool({ output: deep })] }));
    expect(output.code).toBe(UNSAFE_PATTERN);
    expect(output.message).toContain('has an output schema');
    const shapes = Type.Object({
      shape: Type.Union([
        Type.Object({ kind: Type.Literal('a'), x: Type.String({ pattern: '^[a-z]$' }) }),
        Type.Object({ kind: Type.Literal('b'), y: Type.String({ pattern: '^(a+)+$' }) }),
      ]),
    });
    expect(caught(() => createCatalog({ tools: [tool({ input: shapes })] })).details.path).toBe(
      '/properties/shape/anyOf/1/properties/y',
    );
    const tree = Recursive('Tree', (self) =>
      Type.Object({ name: Type.String({ pattern: '^(a|a)*$' }), kids: Type.Array(self) }),
    );
    expect(
      caught(() => createCatalog({ tools: [tool({ input: Type.Object({ tree }) })] })).details.path,
    ).toBe('/$defs/Tree/properties/name');
  });

  it('refuses a pattern the checker cannot decide within its budget, saying so', () => {
    expect(checkPattern(SLOW, { exact: 1, fuzz: 1 })).toEqual({ status: 'undecided' });
    const error = caught(() => createCatalog({ tools: [tool({ input: withPattern(SLOW) })] }));
    expect(error.code).toBe(UNSAFE_PATTERN);
    expect(error.message).toContain(
      'cannot be shown safe from ReDoS by the checker within its budget',
    );
    expect(error.details.path).toBe('/properties/slug');
  });
});

describe('bounded repetitions', CHECKS, () => {
  // recheck's automaton reads a bounded repetition as finite and calls these safe as written, yet
  // each backtracks exponentially below its bounds: 30 letters against the first take seconds.
  it.each([['^(?:[a-z0-9]{1,60}-?){1,30}x$'], ['^(?:a{1,50}b?){1,50}$'], ['^(a{2,40}){2,40}$']])(
    'refuses %s at build, read with its bounds widened',
    (pattern) => {
      expect(checkPattern(pattern)).toEqual({ status: 'vulnerable', complexity: 'exponential' });
      const error = caught(() => createCatalog({ tools: [tool({ input: withPattern(pattern) })] }));
      expect(error.code).toBe(UNSAFE_PATTERN);
      expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/slug' });
      expect(error.message).toContain('exponential time');
    },
  );

  it('widens only bounded repetitions that repeat, outside classes and escapes', () => {
    expect(widenBoundedRepeats('^[a-z]{2,63}(\\.[a-z]{1,63}){0,10}$')).toBe(
      '^[a-z]{2,}(\\.[a-z]{1,}){0,}$',
    );
    expect(widenBoundedRepeats('^[A-F]{8}-\\d{4}a{0,1}b{3,}c{2,2}$')).toBe(
      '^[A-F]{8}-\\d{4}a{0,1}b{3,}c{2,}$',
    );
    expect(widenBoundedRepeats('[{]{1,5}[x{1,2}]\\u{1F600}{2,3}\\p{L}{1,2}\\{1,2\\}')).toBe(
      '[{]{1,}[x{1,2}]\\u{1F600}{2,}\\p{L}{1,}\\{1,2\\}',
    );
  });
});

describe('patterns outside the exact checker', CHECKS, () => {
  // recheck's fuzzer finds no attack on this one and calls it safe, yet each `a` runs the lookahead
  // to the end of the text: 16,000 characters take about 70 ms to refuse, 64,000 about 1.2 s.
  const QUADRATIC_LOOKAHEAD = '^(?:a(?=a*$))*b';

  it.each([[QUADRATIC_LOOKAHEAD], ['^(?=.*[a-z])(?=.*\\d).{8,64}$'], ['^(a|b)*\\1$']])(
    'refuses %s at build: a lookaround or a back-reference is not shown safe',
    (pattern) => {
      expect(checkPattern(pattern)).toEqual({ status: 'unanalysable' });
      const error = caught(() => createCatalog({ tools: [tool({ input: withPattern(pattern) })] }));
      expect(error.code).toBe(UNSAFE_PATTERN);
      expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/slug' });
      expect(error.message).toContain('holds a lookaround or a back-reference');
      expect(error.message).not.toContain(pattern);
    },
  );
});

describe('ordinary patterns', CHECKS, () => {
  it('accepts them in input and output documents', () => {
    const patterns = [
      '^[a-z0-9-]{1,64}$',
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      '^\\p{L}[\\p{L}\\p{N} ]*$',
      '^[A-Z]{2}\\d{2}$',
      '^[a-z]+(?:-[a-z]+)*$',
      '^[A-Z]{2,4}-[0-9]{1,6}$',
      '^[a-z]{2,63}(\\.[a-z]{2,63}){0,10}$',
    ];
    const schema = Type.Object(
      Object.fromEntries(patterns.map((pattern, index) => [`p${index}`, Type.String({ pattern })])),
    );
    const catalog = createCatalog({ tools: [tool({ input: schema, output: schema })] });
    const entry = catalog.get('echo');
    expect(
      entry?.canonicalInput && patternsOf(entry.canonicalInput).map((found) => found.source),
    ).toEqual(patterns);
  });

  it('reads only patterns in keyword position, not data that looks like one', () => {
    const input = Type.Object({
      pattern: Type.String({ default: '(a+)+', examples: ['(a|a)*'] }),
      filter: Type.Object(
        { text: Type.String({ pattern: '^[a-z]+$' }) },
        { default: { text: 'x', pattern: '(a+)+$' } },
      ),
    });
    const catalog = createCatalog({ tools: [tool({ input })] });
    const document = catalog.get('echo')?.canonicalInput ?? {};
    expect(patternsOf(document)).toEqual([
      { source: '^[a-z]+$', path: '/properties/filter/properties/text' },
    ]);
  });

  it('keeps a verdict for the process, and bounds each check', () => {
    expect(PATTERN_BUDGET).toEqual({ exact: 1_000, fuzz: 4_000 });
    expect(Object.isFrozen(PATTERN_BUDGET)).toBe(true);
    const first = checkPattern('^[a-z]$');
    expect(first).toEqual({ status: 'safe' });
    // The same verdict object: kept from the first check, not checked again.
    expect(checkPattern('^[a-z]$')).toBe(first);
  });
});

describe("the publisher's refusals, wrapped", () => {
  it('names the tool for a pattern that does not compile with the `u` flag', () => {
    const error = caught(() => createCatalog({ tools: [tool({ input: withPattern('\\-(') })] }));
    expect(error.code).toBe(UNRENDERABLE_SCHEMA);
    expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/slug' });
    expect((error.cause as SchemaDefectError).code).toBe('INVALID_PATTERN');
    expect(error.message).toMatch(/^Tool `echo` \(tools\[0\]\) has an input schema .*`u` flag/);
  });

  it('names the tool and the place of an object union without a discriminator', () => {
    const input = Type.Object({
      target: Type.Union([
        Type.Object({ id: Type.Integer() }),
        Type.Object({ email: Type.String() }),
      ]),
    });
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(UNRENDERABLE_SCHEMA);
    expect(error.cause).toBeInstanceOf(SchemaDefectError);
    expect(error.details).toStrictEqual({ tool: 'echo', path: '/properties/target' });
    expect(error.message).toContain('has no discriminator');
    expect(error.message).toContain('one required property of the same name');
  });
});
