/*
 * Guards the weight rule: a known kind, an integer level within the documented range, finite
 * seconds with 0 <= minSeconds <= maxSeconds, nothing else; the published copy holds exactly the
 * four declared keys. Each fault is pinned by its text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEIGHT_KINDS, WEIGHT_LEVEL_MAX, WEIGHT_LEVEL_MIN, WEIGHT_META_KEY } from '../src/index.ts';
import { checkWeight } from '../src/weight.ts';

const VALID = { kind: 'agent', level: 3, minSeconds: 10, maxSeconds: 600 };

describe('checkWeight', () => {
  it('pins the kinds, the level range and the meta key', () => {
    expect(WEIGHT_KINDS).toEqual(['lookup', 'compute', 'agent']);
    expect([WEIGHT_LEVEL_MIN, WEIGHT_LEVEL_MAX]).toEqual([1, 5]);
    expect(WEIGHT_META_KEY).toBe('portcullis/weight');
  });

  it('publishes a frozen copy of exactly the four keys', () => {
    const judged = checkWeight(VALID);
    expect(judged).toEqual({ weight: VALID });
    if (!('weight' in judged)) throw new Error('expected a weight');
    expect(judged.weight).not.toBe(VALID);
    expect(Object.isFrozen(judged.weight)).toBe(true);
    expect(Object.keys(judged.weight)).toEqual(['kind', 'level', 'minSeconds', 'maxSeconds']);
  });

  it('reads only the weight’s own properties, never its prototype’s', () => {
    expect(checkWeight(Object.create(VALID))).toEqual({
      fault: '`weight.kind` must be one of `lookup`, `compute` or `agent`',
    });
    expect(
      checkWeight(Object.assign(Object.create({ level: 3 }), { ...VALID, level: undefined })),
    ).toEqual({ fault: '`weight.level` must be an integer from 1 to 5' });
  });

  it('freezes the kinds, so no importer can widen the rule', () => {
    expect(Object.isFrozen(WEIGHT_KINDS)).toBe(true);
  });

  it('accepts equal bounds, zero seconds, and writes -0 as 0', () => {
    const judged = checkWeight({ kind: 'lookup', level: 1, minSeconds: -0, maxSeconds: 0 });
    expect(judged).toEqual({ weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 0 } });
    if ('weight' in judged) expect(Object.is(judged.weight.minSeconds, -0)).toBe(false);
  });

  it.each([
    [undefined, '`weight` must be an object `{ kind, level, minSeconds, maxSeconds }`'],
    [null, '`weight` must be an object `{ kind, level, minSeconds, maxSeconds }`'],
    [[1, 2], '`weight` must be an object `{ kind, level, minSeconds, maxSeconds }`'],
    [
      { ...VALID, type: 'agent' },
      '`weight` has 1 undeclared property, and it accepts only `kind`, `level`, `minSeconds` and `maxSeconds`',
    ],
    [
      { ...VALID, min: 1, max: 2 },
      '`weight` has 2 undeclared properties, and it accepts only `kind`, `level`, `minSeconds` and `maxSeconds`',
    ],
    [{ ...VALID, kind: 'heavy' }, '`weight.kind` must be one of `lookup`, `compute` or `agent`'],
    [{ ...VALID, kind: undefined }, '`weight.kind` must be one of `lookup`, `compute` or `agent`'],
    [{ ...VALID, level: 0 }, '`weight.level` must be an integer from 1 to 5'],
    [{ ...VALID, level: 6 }, '`weight.level` must be an integer from 1 to 5'],
    [{ ...VALID, level: 2.5 }, '`weight.level` must be an integer from 1 to 5'],
    [{ ...VALID, level: '3' }, '`weight.level` must be an integer from 1 to 5'],
    [
      { ...VALID, minSeconds: -1 },
      '`weight.minSeconds` must be a finite number of seconds, at least 0',
    ],
    [
      { ...VALID, minSeconds: Number.NaN },
      '`weight.minSeconds` must be a finite number of seconds, at least 0',
    ],
    [
      { ...VALID, maxSeconds: Number.POSITIVE_INFINITY },
      '`weight.maxSeconds` must be a finite number of seconds',
    ],
    [{ ...VALID, maxSeconds: 10n }, '`weight.maxSeconds` must be a finite number of seconds'],
    [
      { ...VALID, maxSeconds: 9.99 },
      '`weight.maxSeconds` must not be less than `weight.minSeconds`',
    ],
  ])('refuses %o', (weight, fault) => {
    expect(checkWeight(weight)).toEqual({ fault });
  });

  it('accepts exactly the weights inside every rule', () => {
    const weight = fc.record({
      kind: fc.constantFrom(...WEIGHT_KINDS),
      level: fc.integer({ min: WEIGHT_LEVEL_MIN, max: WEIGHT_LEVEL_MAX }),
      minSeconds: fc.double({ min: 0, max: 1e6, noNaN: true }),
      spread: fc.double({ min: 0, max: 1e6, noNaN: true }),
    });
    fc.assert(
      fc.property(weight, ({ spread, ...rest }) => {
        const declared = { ...rest, maxSeconds: rest.minSeconds + spread };
        return 'weight' in checkWeight(declared);
      }),
    );
    fc.assert(
      fc.property(fc.integer(), (level) => {
        const inside = level >= WEIGHT_LEVEL_MIN && level <= WEIGHT_LEVEL_MAX;
        return 'weight' in checkWeight({ ...VALID, level }) === inside;
      }),
    );
  });
});
