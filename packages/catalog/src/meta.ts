/**
 * The `_meta` key under which a published tool carries its {@link ToolWeight}: nothing else in the
 * MCP surface tells a consumer whether a call takes a second or many minutes.
 */
export const WEIGHT_META_KEY = 'portcullis/weight';

/** The `_meta` key under which a published tool carries its kind (`tool`, `thinker`, `orchestrator`). */
export const KIND_META_KEY = 'portcullis/kind';
