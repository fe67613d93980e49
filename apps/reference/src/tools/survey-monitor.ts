/**
 * Watches the survey's sub-agents: each reports when it starts and how it stops, so a host (and a
 * test) can see that a timeout or a cancel stopped every one of them.
 */
import { EventEmitter } from 'node:events';

/** How a sub-agent stopped. */
export type SubAgentOutcome = 'completed' | 'cancelled' | 'failed';

/** One sub-agent's life. */
export interface SubAgentRecord {
  readonly folder: string;
  readonly consumer: string;
  outcome: SubAgentOutcome | 'running';
  /** Documents read before it stopped. */
  read: number;
}

/** Emits `start` (record) and `stop` (record) for every sub-agent. */
export class SurveyMonitor extends EventEmitter<{
  start: [SubAgentRecord];
  stop: [SubAgentRecord];
}> {
  readonly #running = new Set<SubAgentRecord>();
  readonly history: SubAgentRecord[] = [];

  /** The sub-agents running now. */
  get running(): number {
    return this.#running.size;
  }

  /** Records a start and returns the record the sub-agent updates. */
  started(folder: string, consumer: string): SubAgentRecord {
    const record: SubAgentRecord = { folder, consumer, outcome: 'running', read: 0 };
    this.#running.add(record);
    this.history.push(record);
    this.emit('start', record);
    return record;
  }

  /** Records how a sub-agent stopped. */
  stopped(record: SubAgentRecord, outcome: SubAgentOutcome): void {
    record.outcome = outcome;
    this.#running.delete(record);
    this.emit('stop', record);
  }
}
