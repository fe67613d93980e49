/**
 * How a tool fails a call with words a model can act on, through the server's error classes: the
 * one place that names them, so a tool file reads `refuseInput(...)` and `notFound('document')`.
 */
import { ResourceNotFoundError, ToolError } from '@portcullis/server';

export { ResourceNotFoundError, ToolError };

/** Fails the call as correctable with `text` (our words only: never a value the caller sent). */
export function refuseInput(text: string): never {
  throw new ToolError(text, { correctable: true });
}

/** Fails the call as a not-found naming `resourceType` only (never the identifier asked for). */
export function notFound(resourceType: string): never {
  throw new ResourceNotFoundError(resourceType);
}
