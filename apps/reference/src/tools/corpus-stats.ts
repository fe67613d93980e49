/** `corpus_stats`: document counts grouped by a field, since a date. */
import { defineTool } from '@portcullis/catalog';
import { Date as CalendarDate, DateTime, Int16, SafeInteger } from '@portcullis/schema';
import Type from 'typebox';
import { formatDateTime, parseDate } from '../corpus/temporal.ts';
import type { DocumentServices } from './services.ts';

/** Builds the `corpus_stats` tool over `services`. */
export function corpusStatsTool(services: DocumentServices) {
  return defineTool({
    name: 'corpus_stats',
    title: 'Corpus statistics',
    description:
      'Counts the documents modified since a date, grouped by folder, file extension, tag, highest assigned priority (untagged for none) or month of modification.',
    input: Type.Object({
      group_by: Type.Union(
        [
          Type.Literal('folder'),
          Type.Literal('extension'),
          Type.Literal('tag'),
          Type.Literal('priority'),
          Type.Literal('month'),
        ],
        { description: 'The field to group the counts by.' },
      ),
      since: CalendarDate({ description: 'Count documents modified on or after this day.' }),
      utc_offset_minutes: Type.Optional(
        Int16({
          minimum: -840,
          maximum: 840,
          description:
            'The time zone days and months are read in, in minutes east of UTC (default 0).',
        }),
      ),
    }),
    output: Type.Object({
      group_by: Type.String(),
      since: CalendarDate(),
      documents: SafeInteger({ description: 'Documents modified since the date.' }),
      groups: Type.Array(Type.Object({ key: Type.String(), documents: SafeInteger() }), {
        description: 'Largest group first.',
      }),
      counted_at: DateTime(),
    }),
    weight: { kind: 'compute', level: 1, minSeconds: 0, maxSeconds: 2 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (input) => {
      const offset = input.utc_offset_minutes ?? 0;
      const since = parseDate(input.since) - offset * 60_000;
      const counted = await services.index.countDocuments(input.group_by, since, offset);
      return {
        group_by: input.group_by,
        since: input.since,
        documents: counted.documents,
        groups: counted.groups,
        counted_at: formatDateTime(services.now()),
      };
    },
  });
}
