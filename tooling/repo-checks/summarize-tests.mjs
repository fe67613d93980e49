#!/usr/bin/env node
// Adds up the vitest JSON reports every workspace package wrote (test-results/vitest.json) and
// prints one closing line, so a run that executed no test, or lost a package's report, is visible.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const group of ['packages', 'apps', 'examples', 'tooling']) {
  const base = join(root, group);
  if (!existsSync(base)) continue;
  for (const entry of readdirSync(base)) {
    const manifest = join(base, entry, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, scripts } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (scripts?.test === undefined) continue;
    const report = join(base, entry, 'test-results', 'vitest.json');
    if (!existsSync(report)) {
      missing.push(name);
      continue;
    }
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    console.log(`  ${name.padEnd(32)} ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  }
}
if (missing.length > 0) console.log(`  no test report from: ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
