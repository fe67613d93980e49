/**
 * Declarations the document tools share: the tag priority enum and the recursive search filter.
 * Published once under `$defs/Filter` and referred to from every level of the tree.
 */
import { Date as CalendarDate, DateTime, Duration, Recursive, Time } from '@portcullis/schema';
import Type from 'typebox';
import { TAG_PATTERN } from '../corpus/document-text.ts';

/** A tag's priority, lowest first (the values of `PRIORITIES`). */
export const Priority = Type.Union(
  [Type.Literal('low'), Type.Literal('normal'), Type.Literal('high'), Type.Literal('urgent')],
  { description: 'A tag priority: low, normal, high or urgent.' },
);

/** The search filter: `and` / `or` / `not` over path, tag and modification-date predicates. */
export const Filter = Recursive(
  'Filter',
  (self) =>
    Type.Object(
      {
        and: Type.Optional(Type.Array(self, { description: 'Every filter in the list holds.' })),
        or: Type.Optional(
          Type.Array(self, { description: 'At least one filter in the list holds.' }),
        ),
        not: Type.Optional(self),
        path_prefix: Type.Optional(
          Type.String({ description: 'The document path starts with this (paths use `/`).' }),
        ),
        tag: Type.Optional(
          Type.String({
            pattern: TAG_PATTERN,
            description:
              'The document carries this tag (assigned or from its file): 1 to 64 letters, digits, `.`, `_`, `/` or `-`, starting with a letter or digit.',
          }),
        ),
        modified_after: Type.Optional(DateTime({ description: 'Modified after this instant.' })),
        modified_before: Type.Optional(DateTime({ description: 'Modified before this instant.' })),
        modified_on: Type.Optional(
          CalendarDate({ description: 'Modified on this UTC calendar day.' }),
        ),
        modified_within: Type.Optional(
          Duration({ description: 'Modified within this long before now, such as P7D or PT12H.' }),
        ),
        modified_time: Type.Optional(
          Type.Object(
            {
              from: Time({ description: 'Earliest time of day, with its offset.' }),
              to: Time({ description: 'Latest time of day, with its offset.' }),
            },
            { description: 'Modified at a time of day in this window (it may cross midnight).' },
          ),
        ),
      },
      {
        description:
          'A filter node. Its fields all hold together (AND); an empty node matches everything. Nest `and`, `or` and `not` for other combinations, at most 12 levels deep.',
      },
    ),
  { description: 'A recursive filter over path, tag and modification date.' },
);
