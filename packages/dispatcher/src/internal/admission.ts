/**
 * The admission bound: at most `maxRunning` submitted jobs hold a slot, at most `maxQueued` wait
 * for one in FIFO order, and past both a submit is refused. A slot is taken when a job begins and
 * released when the whole tree it carries has finished (the record lifecycle says when); the queue
 * then hands it to the oldest waiting job. Spawned jobs never come here: they run in their
 * submitted ancestor's slot.
 */
export class Admission<TRecord> {
  /** Slots held. */
  running = 0;
  /** Waiting records, oldest first (a Set keeps insertion order and deletes in O(1)). */
  readonly queue = new Set<TRecord>();
  private pumping = false;
  private readonly maxRunning: number;
  private readonly maxQueued: number;
  /** Begins a record that was given a slot. */
  private readonly begin: (record: TRecord) => void;

  constructor(maxRunning: number, maxQueued: number, begin: (record: TRecord) => void) {
    this.maxRunning = maxRunning;
    this.maxQueued = maxQueued;
    this.begin = begin;
  }

  /** Whether a submit now would get a slot or a queue place (else it is refused `BUSY`). */
  hasRoom(): boolean {
    return this.running < this.maxRunning || this.queue.size < this.maxQueued;
  }

  /** Begins the record in a free slot, or queues it. Call only after {@link hasRoom} said yes. */
  enter(record: TRecord): void {
    if (this.running < this.maxRunning) {
      this.running++;
      this.begin(record);
    } else {
      this.queue.add(record);
    }
  }

  /** Takes a queued record out of the queue (it was cancelled before it began). */
  withdraw(record: TRecord): void {
    this.queue.delete(record);
  }

  /** Releases one slot and hands free slots to the oldest waiting records. */
  release(): void {
    this.running--;
    this.pump();
  }

  /**
   * Beginning a record runs its guardrails and job synchronously up to their first await; a
   * release from inside (a cancel, a job that returns at once) must not start a second loop.
   */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.running < this.maxRunning && this.queue.size > 0) {
        const next = this.queue.values().next().value as TRecord;
        this.queue.delete(next);
        this.running++;
        this.begin(next);
      }
    } finally {
      this.pumping = false;
    }
  }
}
