/**
 * The place of a child judged in place: its parent's path and its own segment, written out only
 * when a fault is told there. One is made per container walked and moved from child to child, so
 * walking a million valid items writes no path at all.
 */
export class ChildPlace {
  readonly parent: string;
  segment: string | number = '';
  constructor(parent: string) {
    this.parent = parent;
  }
  toString(): string {
    return `${this.parent}/${this.segment}`;
  }
}

/** A path, written out or still to be written (see {@link ChildPlace}). */
export type Place = string | ChildPlace;

export function textOf(place: Place): string {
  return typeof place === 'string' ? place : place.toString();
}

/** True for a value that holds other values: walking it needs a level of its own. */
export function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
