/** One contender in a side-by-side measurement. */
export interface Contender {
  readonly name: string;
  /** The work of one operation. Its return value is kept so the engine cannot drop the call. */
  readonly fn: () => unknown;
}

export interface CompareOptions {
  /** What is measured, printed as the heading. */
  readonly title: string;
  /** The named baseline every ratio is computed against. */
  readonly baseline: Contender;
  readonly contenders: readonly Contender[];
  /** Bytes one operation handles; when given, MB/s is printed beside ops/s. */
  readonly bytesPerOp?: number;
  /** Interleaved rounds; the median is reported. Default 9. */
  readonly rounds?: number;
  /** Time one round of one contender runs for, in milliseconds. Default 200. */
  readonly roundMs?: number;
}

export interface Measurement {
  readonly name: string;
  /** Median operations per second over the rounds. */
  readonly opsPerSecond: number;
  /** Median nanoseconds per operation. */
  readonly nsPerOp: number;
  /** MB/s (10^6 bytes) when bytesPerOp was given. */
  readonly megabytesPerSecond?: number;
  /** opsPerSecond divided by the baseline's: above 1 is faster than the baseline. */
  readonly ratio: number;
}

/**
 * Measures the baseline and every contender in the same process, round after round in turn, so
 * that the machine's noise falls on all of them alike; prints one table and returns its rows
 * (baseline first).
 */
export declare function compare(options: CompareOptions): Measurement[];

/** Median nanoseconds of one call of `fn`, over `rounds` rounds of `roundMs` each. */
export declare function timeOne(fn: () => unknown, rounds?: number, roundMs?: number): number;

/** Prints a target line: `name: value (target …) PASS|MISS`, and returns whether it was met. */
export declare function target(
  name: string,
  value: number,
  comparison: '>=' | '<=',
  goal: number,
  unit?: string,
): boolean;
