/** What the document tools are built over: the corpus (SQLite or PostgreSQL), a clock, and the survey's sub-agent monitor. */
import type { CorpusRepository } from '../corpus/repository.ts';
import type { SurveyMonitor } from './survey-monitor.ts';

/** The services every document tool receives when the catalog is built. */
export interface DocumentServices {
  readonly index: CorpusRepository;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  readonly now: () => number;
  readonly surveys: SurveyMonitor;
  /**
   * How long a survey sub-agent spends on each document, in milliseconds: the stand-in for a model
   * reading it, which is what makes a survey take minutes on a real corpus.
   */
  readonly surveyPaceMs: number;
}
