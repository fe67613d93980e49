/**
 * What a definition is: a plain `tool`; a `thinker`, whose output carries its reasoning and which is
 * marked invoked-as-tool when a server runs it; an `orchestrator`, which may dispatch sub-agents
 * within a sealed scope. Thinkers and orchestrators receive a `dispatch` in their context.
 */
export const TOOL_KINDS = Object.freeze(['tool', 'thinker', 'orchestrator'] as const);

/** One of {@link TOOL_KINDS}. */
export type ToolKind = (typeof TOOL_KINDS)[number];

/** True when `value` is one of {@link TOOL_KINDS}. */
export function isToolKind(value: unknown): value is ToolKind {
  return typeof value === 'string' && (TOOL_KINDS as readonly string[]).includes(value);
}
