/**
 * How a tool fails a call with words a model can act on. The one place that names the server's
 * error classes, so a tool file reads `refuseInput(...)` and `notFound('document')`.
 */

/** A failure whose `text` reaches the consumer; `correctable` says whether a corrected call may succeed. */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly text: string;
  readonly correctable: boolean;
  constructor(text: string, options: { readonly correctable: boolean }) {
    super(text);
    this.text = text;
    this.correctable = options.correctable;
  }
}

/** Something the call asked for does not exist; the consumer is told its type only. */
export class ResourceNotFoundError extends Error {
  override readonly name = 'ResourceNotFoundError';
  readonly resourceType: string;
  constructor(resourceType: string) {
    super(`No ${resourceType} matches the request.`);
    this.resourceType = resourceType;
  }
}

/** Fails the call as correctable with `text` (our words only: never a value the caller sent). */
export function refuseInput(text: string): never {
  throw new ToolError(text, { correctable: true });
}

/** Fails the call as a not-found naming `resourceType` only (never the identifier asked for). */
export function notFound(resourceType: string): never {
  throw new ResourceNotFoundError(resourceType);
}
