/*
 * What a refusal costs beside the decision, on inputs built to amplify it: a 4 MB body of two
 * million wrong array items, a wide object of undeclared names, a map of many entries failing
 * alike, deep recursive input. Each row measures, in the same run, the compiled decision alone
 * (`admits`) and the whole refusal (`judge`: the decision, then the refusal composed), and prints
 * the refusal's time as a ratio against the decision's, and the heap the refusal allocates beyond
 * the value itself (every byte allocated during the call, collected or not, from V8's GC profile).
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
  readonly value: unknown;
  /** A valid value of the same size: its decision is one whole pass over the body. */
  readonly valid?: unknown;
}

function shapes(): Shape[] {
  const tags = validShipment();
  tags.tags = new Array(2_000_000).fill(1);
  const strings = validShipment();
  strings.tags = new Array(2_000_000).fill('a');
  const wide = validShipment();
  for (let i = 0; i < 200_000; i++) wide[`n${i}`] = i;
  const map = validShipment();
  map.metadata = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
  let category: unknown = { name: 1 };
  for (let i = 0; i < 500; i++) category = { name: 2, subcategories: [category] };
  const deep = { ...validShipment(), category };
  return [
    {
      name: 'two million wrong array items (4 MB body)',
      document: SHIPMENT_DOCUMENT,
      value: tags,
      valid: strings,
    },
    { name: '200,000 undeclared names', document: SHIPMENT_DOCUMENT, value: wide },
    { name: 'a map of 200,000 entries failing alike', document: SHIPMENT_DOCUMENT, value: map },
    {
      name: 'recursion 500 deep, a fault at every level',
      document: SHIPMENT_DOCUMENT,
      value: deep,
    },
  ];
}

/** Prints one row per shape and returns the figures of the first (the 4 MB body). */
export function measureRefusalCost(): { ms: number; megabytes: number } {
  console.log(
    '\nRefusal beside the decision on amplifying inputs (same run; ratio = judge / admits time)',
  );
  let first: { ms: number; megabytes: number } | undefined;
  for (const { name, document, value, valid } of shapes()) {
    const gate = compileGate(document);
    const judgement = gate.judge(value);
    if (judgement.ok || gate.admits(value)) throw new Error(`${name}: expected a refusal`);
    const decisionNs = timeOne(() => gate.admits(value), 5, 200);
    const refusalNs = timeOne(() => gate.judge(value), 5, 200);
    const decisionBytes = allocatedBy(() => gate.admits(value));
    const refusalBytes = allocatedBy(() => gate.judge(value));
    const megabytes = (refusalBytes - decisionBytes) / 1e6;
    const { issues, more } = judgement.refusal;
    console.log(
      `  ${name.padEnd(44)} refusal ${(refusalNs / decisionNs).toFixed(1).padStart(7)}x the decision  (${(refusalNs / 1e6).toFixed(3)} ms)  extra heap ${megabytes.toFixed(2)} MB (decision ${(decisionBytes / 1e6).toFixed(2)} MB)  issues ${issues.length}${more ? ' and more' : ''}`,
    );
    if (valid !== undefined) {
      if (!gate.admits(valid)) throw new Error(`${name}: expected the valid body to be admitted`);
      const passNs = timeOne(() => gate.admits(valid), 5, 200);
      console.log(
        `  ${''.padEnd(44)} refusal ${(refusalNs / passNs).toFixed(4)}x one whole decision over a valid body of the same size (${(passNs / 1e6).toFixed(1)} ms)`,
      );
    }
    first ??= { ms: refusalNs / 1e6, megabytes };
  }
  return first ?? { ms: Number.NaN, megabytes: Number.NaN };
}

export function reportRefusalTargets(figures: { ms: number; megabytes: number }): void {
  target('4 MB body of two million wrong items refused', figures.ms, '<=', 10, ' ms');
  target('extra heap for that refusal', figures.megabytes, '<=', 10, ' MB');
}
