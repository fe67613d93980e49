import { defect } from '../defect.ts';
import type { IssueSink } from '../issue-sink.ts';
import { ChildPlace } from '../place.ts';
import type { PlanNode } from '../plan.ts';
import type { Walk } from '../walk.ts';
import type { Emitter, Interpreter, Keyword } from './keyword.ts';

/** `items`: one schema every item of an array is judged against (absent: any JSON). */
export const itemsKeyword: Keyword = {
  keywords: ['items'],
  read(schema, node, reader) {
    if (schema.items === undefined) return;
    if (Array.isArray(schema.items)) {
      defect(
        'MALFORMED_SCHEMA',
        reader.at('items'),
        'The keyword `items` holds an array, which 2020-12 spells `prefixItems`; make it one schema.',
      );
    }
    node.items = reader.child(schema.items, reader.at('items'));
  },
};

/** The generated lines judging every item of the array in `x`. */
export function itemLines(node: PlanNode, emitter: Emitter): string[] {
  return [
    `for (let i = 0; i < x.length; i++) { const e = x[i]; if (!${node.items === undefined ? 'isJson(e)' : emitter.expression(node.items, 'e')}) return false; }`,
  ];
}

/** The interpreter's walk of every item. */
export function* itemsWalk(
  node: PlanNode,
  items: readonly unknown[],
  path: string,
  sink: IssueSink,
  depth: number,
  core: Interpreter,
): Walk {
  const schema = node.items;
  const place = new ChildPlace(path);
  for (let i = 0; i < items.length; i++) {
    place.segment = i;
    const walk = core.child(schema, items[i], place, sink, false, depth);
    if (walk !== undefined) yield walk;
  }
}
