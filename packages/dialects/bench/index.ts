/**
 * Rendering cost of each dialect against a deep copy of the canonical document (the floor every
 * dialect pays, since none aliases its input), on the fixture catalog and on a diamond catalog.
 */
import { compare } from '@portcullis/bench';
import type { SchemaObject } from '@portcullis/schema/document';
import { DIALECT_NAMES, DIALECTS } from '../src/index.ts';
import { INPUT_FIXTURES } from '../test/fixtures/catalog.ts';
import { diamond } from '../test/fixtures/diamond.ts';

const catalog = Object.values(INPUT_FIXTURES);

function run(title: string, docs: readonly SchemaObject[]): void {
  compare({
    title,
    baseline: { name: 'structuredClone', fn: () => docs.map((doc) => structuredClone(doc)) },
    contenders: DIALECT_NAMES.map((name) => ({
      name,
      fn: () => docs.map((doc) => DIALECTS[name].publish(doc, 'input').schema),
    })),
    rounds: 7,
    roundMs: 150,
  });
}

run(`input documents of the fixture catalog (${catalog.length} tools)`, catalog);
run('input document of a diamond catalog (3 levels, fan 8: 1097 properties inlined)', [
  diamond(3, 8),
]);
