/**
 * One step of a walk over a value: a generator that yields each walk it needs done before it can go
 * on (a level below, an alternative to probe) and receives that walk's answer (`true` or `false`
 * for a probe, nothing for a walk that only reports). A walk never calls another walk itself, so the
 * engine's stack does not grow with the value's nesting: {@link walkToEnd} keeps the pending walks
 * on a stack of its own, on the heap.
 */
export type Walk<TAnswer = void> = Generator<Walk<unknown>, TAnswer, unknown>;

/**
 * Runs `root` and every walk it yields, depth first, each to its end, and returns the root's answer.
 * A walk that throws hands the error to the walk that yielded it, exactly as a call would: a probe
 * catches its sink, everything else travels on to the caller.
 */
export function walkToEnd(root: Walk<unknown>): unknown {
  const pending: Walk<unknown>[] = [root];
  let answer: unknown;
  let failed = false;
  let failure: unknown;
  while (pending.length > 0) {
    const current = pending[pending.length - 1] as Walk<unknown>;
    let step: IteratorResult<Walk<unknown>, unknown>;
    try {
      step = failed ? current.throw(failure) : current.next(answer);
      failed = false;
    } catch (error) {
      pending.pop();
      failed = true;
      failure = error;
      continue;
    }
    if (step.done === true) {
      pending.pop();
      answer = step.value;
    } else {
      pending.push(step.value);
      answer = undefined;
    }
  }
  if (failed) throw failure;
  return answer;
}
