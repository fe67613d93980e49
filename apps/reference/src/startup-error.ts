/** A reason the app cannot start: one sentence for the operator, printed alone, then a non-zero exit. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
