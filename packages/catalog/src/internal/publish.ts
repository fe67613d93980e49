// PLACEHOLDER until @portcullis/schema exports its publisher.
import type { JsonObject } from '@portcullis/schema';

export function publishInput(schema: object): JsonObject {
  return structuredClone(schema) as JsonObject;
}

export function publishOutput(schema: object): JsonObject | undefined {
  return structuredClone(schema) as JsonObject;
}
