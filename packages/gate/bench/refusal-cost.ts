/*
 * What a refusal costs beside the decision, on inputs built to amplify it, each within what the
 * decoder admits (nesting 1000, a 4 MiB body) or the in-memory equivalent of such a body: millions
 * of wrong array items, a wide object of undeclared names, a map of bad keys, recursion and open
 * arrays 1000 deep, a long string whose only fault is its last character, and faults below a large
 * `enum` (the document's words a refusal repeats). Each row measures, in the same run, the compiled
 * decision alone (`admits`) and the whole refusal (`judge`: the decision, then the refusal composed),
 * and prints the refusal's time as a ratio against the decision's, against one whole decision over
 * a valid value of the same size where there is one, the heap the refusal allocates beyond the value
 * itself (every byte allocated during the call, collected or not, from V8's GC profile), and the size
 * of the refusal text.
 */

import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { target, timeOne } from '@portcullis/bench';
import type { SchemaNode } from '@portcullis/schema/document';
import { compileGate } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from '../test/fixtures/documents.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Bytes allocated on the heap while `fn` runs (live at the end or collected during it). */
function allocatedBy(fn: () => unknown): number {
  collect();
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const kept = fn();
  const after = process.memoryUsage().heapUsed;
  const profile = profiler.stop();
  let collected = 0;
  for (const gc of profile?.statistics ?? [])
    collected += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  if (kept === Symbol.for('never')) console.log('');
  return Math.max(0, after - before + collected);
}

interface Shape {
  readonly name: string;
  readonly document: SchemaNode;
  /** Builds the refused value (built lazily, one shape alive at a time). */
  readonly value: () => unknown;
  /** A valid value of the same size: its decision is one whole pass over the body. */
  readonly valid?: () => unknown;
}

/** A short distinct key for entry `i` (base 36). */
const key = (i: number): string => i.toString(36);

function entries(count: number, entry: (i: number) => readonly [string, unknown]): object {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const [name, value] = entry(i);
    object[name] = value;
  }
  return object;
}

function nested(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

/** A recursive optional as openai_strict publishes it: `anyOf` of the reference and null. */
const TREE = {
  $ref: '#/$defs/Node',
  $defs: {
    Node: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        child: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] },
      },
      required: ['name', 'child'],
      additionalProperties: false,
    },
  },
} as const;

const ZONES = Array.from({ length: 600 }, (_, i) => `Region_${i}/City_${i}`);
const CODES = Array.from({ length: 10_000 }, (_, i) => `CODE-${i}`);

/** A map of meetings, each naming a zone from a 600-member enum (the size of the tz database). */
const MEETINGS = {
  type: 'object',
  properties: {
    meetings: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { zone: { type: 'string', enum: ZONES } },
        required: ['zone'],
        additionalProperties: false,
      },
    },
  },
  required: ['meetings'],
  additionalProperties: false,
} as const;

const CODED = {
  type: 'object',
  properties: { codes: { type: 'array', items: { type: 'string', enum: CODES } } },
  required: ['codes'],
  additionalProperties: false,
} as const;

const OPEN = {
  type: 'object',
  properties: { note: { type: 'string' }, extra: {} },
  additionalProperties: false,
} as const;

function shapes(): Shape[] {
  const withTags = (tags: unknown[]) => ({ ...validShipment(), tags });
  const withMetadata = (metadata: object) => ({ ...validShipment(), metadata });
  return [
    {
      name: 'two million wrong array items (4 MB body)',
      document: SHIPMENT_DOCUMENT,
      value: () => withTags(new Array(2_000_000).fill(1)),
      valid: () => withTags(new Array(2_000_000).fill('a')),
    },
    {
      name: 'two million array items, only the last wrong',
      document: SHIPMENT_DOCUMENT,
      value: () => withTags([...new Array(1_999_999).fill('a'), 1]),
      valid: () => withTags(new Array(2_000_000).fill('a')),
    },
    {
      name: '500,000 undeclared names',
      document: SHIPMENT_DOCUMENT,
      value: () => ({ ...validShipment(), ...entries(500_000, (i) => [`n${key(i)}`, 0]) }),
    },
    {
      name: 'a map of 500,000 keys with a lone surrogate',
      document: SHIPMENT_DOCUMENT,
      value: () => withMetadata(entries(500_000, (i) => [`\ud800${key(i)}`, 'v'])),
      valid: () => withMetadata(entries(500_000, (i) => [`k${key(i)}`, 'v'])),
    },
    {
      name: 'a map of 500,000 entries failing alike',
      document: SHIPMENT_DOCUMENT,
      value: () => withMetadata(entries(500_000, (i) => [key(i), 1])),
      valid: () => withMetadata(entries(500_000, (i) => [key(i), 'v'])),
    },
    {
      name: 'recursion 1000 deep, the only fault at the bottom',
      document: TREE,
      value: () => nested(999, { name: 1, child: null }, (child) => ({ name: 'n', child })),
      valid: () => nested(999, { name: 'n', child: null }, (child) => ({ name: 'n', child })),
    },
    {
      name: 'recursion 1000 deep, a fault at every level',
      document: TREE,
      value: () => nested(999, { name: 1, child: null }, (child) => ({ name: 2, child })),
    },
    {
      name: 'arrays 1000 deep in an open value, a control at the bottom',
      document: OPEN,
      value: () => ({ extra: nested(998, ['\u0001'], (inner) => [inner]) }),
      valid: () => ({ extra: nested(998, ['a'], (inner) => [inner]) }),
    },
    {
      name: 'a 4,000,000-character string, a control at its end',
      document: OPEN,
      value: () => ({ note: `${'a'.repeat(3_999_999)}\u0001` }),
      valid: () => ({ note: 'a'.repeat(4_000_000) }),
    },
    {
      name: '100,000 map entries missing a 600-member enum',
      document: MEETINGS,
      value: () => ({ meetings: entries(100_000, (i) => [key(i), {}]) }),
      valid: () => ({ meetings: entries(100_000, (i) => [key(i), { zone: ZONES[i % 600] }]) }),
    },
    {
      name: '40 items outside a 10,000-member enum',
      document: CODED,
      value: () => ({ codes: new Array(40).fill('CODE-X') }),
    },
  ];
}

interface Figures {
  readonly ms: number;
  readonly megabytes: number;
}

/** Prints one row per shape and returns the figures of the first (the 4 MB body). */
export function measureRefusalCost(): Figures {
  console.log(
    '\nRefusal beside the decision on amplifying inputs (same run; ratio = judge / admits time)',
  );
  let first: Figures | undefined;
  for (const { name, document, value: build, valid: buildValid } of shapes()) {
    const gate = compileGate(document);
    const value = build();
    const judgement = gate.judge(value);
    if (judgement.ok || gate.admits(value)) throw new Error(`${name}: expected a refusal`);
    const decisionNs = timeOne(() => gate.admits(value), 3, 200);
    const refusalNs = timeOne(() => gate.judge(value), 3, 200);
    const decisionBytes = allocatedBy(() => gate.admits(value));
    const refusalBytes = allocatedBy(() => gate.judge(value));
    const megabytes = Math.max(0, refusalBytes - decisionBytes) / 1e6;
    const { issues, more, text } = judgement.refusal;
    console.log(
      `  ${name.padEnd(58)} refusal ${(refusalNs / decisionNs).toFixed(1).padStart(8)}x the decision  (${(refusalNs / 1e6).toFixed(3)} ms)  extra heap ${megabytes.toFixed(2)} MB  text ${(text.length / 1000).toFixed(1)} kB  issues ${issues.length}${more ? ' and more' : ''}`,
    );
    if (buildValid !== undefined) {
      const valid = buildValid();
      if (!gate.admits(valid)) throw new Error(`${name}: expected the valid value to be admitted`);
      const passNs = timeOne(() => gate.admits(valid), 3, 200);
      console.log(
        `  ${''.padEnd(58)} refusal ${(refusalNs / passNs).toFixed(3).padStart(8)}x one whole decision over a valid value of that size (${(passNs / 1e6).toFixed(2)} ms)`,
      );
    }
    first ??= { ms: refusalNs / 1e6, megabytes };
  }
  return first ?? { ms: Number.NaN, megabytes: Number.NaN };
}

export function reportRefusalTargets(figures: Figures): void {
  target('4 MB body of two million wrong items refused', figures.ms, '<=', 10, ' ms');
  target('extra heap for that refusal', figures.megabytes, '<=', 10, ' MB');
}
