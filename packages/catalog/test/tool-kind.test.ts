/*
 * Guards the kind table and the log levels: both are pinned value for value and frozen, so no
 * module can widen what the catalog accepts or what a tool may log at.
 */
import { describe, expect, it } from 'vitest';
import { isToolKind, TOOL_KINDS, TOOL_LOG_LEVELS } from '../src/index.ts';

describe('TOOL_KINDS', () => {
  it('pins the kinds and refuses every other value', () => {
    expect(TOOL_KINDS).toEqual(['tool', 'thinker', 'orchestrator']);
    for (const kind of TOOL_KINDS) expect(isToolKind(kind)).toBe(true);
    for (const value of ['agent', 'Tool', '', undefined, null, 0, ['tool']]) {
      expect(isToolKind(value)).toBe(false);
    }
  });

  it('is frozen, so no module can add a kind', () => {
    expect(() => (TOOL_KINDS as unknown as string[]).push('agent')).toThrow(TypeError);
    expect(isToolKind('agent')).toBe(false);
  });
});

describe('TOOL_LOG_LEVELS', () => {
  it('pins the MCP severities in order, frozen', () => {
    expect(TOOL_LOG_LEVELS).toEqual([
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    expect(Object.isFrozen(TOOL_LOG_LEVELS)).toBe(true);
  });
});
