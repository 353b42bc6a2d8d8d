// Test factories for the claude dialect: hand-built ProcessOutcomes, hooks and event contexts; no processes.
import { tempTree as tempTreeIn, writeTree } from '../../helpers/temp-tree.js';
import type { CommandHandler, EventContext, HookSpec } from '../../../src/engine/dialect.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';

export { captured, exit, json, outcome } from '../../helpers/outcome.js';

export function hook(event: EventName, handler: Partial<CommandHandler> = {}, id = `project:${event}[0].hooks[0]`): HookSpec {
  return {
    id,
    event,
    matches: () => true,
    handler: { type: 'command', command: 'true', timeoutMs: 600_000, onFailure: 'continue', ...handler },
    source: '/ws/.claude/settings.json',
    scope: 'project',
  };
}

export const WORKSPACE = '/home/user/project';

export function context(event: EventName, params: Partial<EventParams> = {}, sessionId = 'sess-1'): EventContext {
  const session = { id: sessionId, ...(params.session ?? {}) };
  return { event, params: { ...params, session }, workspace: WORKSPACE, sessionId: session.id, cwd: session.cwd ?? WORKSPACE };
}

/** A fresh temp dir with `files` (relative path → JSON value, or raw text) written into it. */
export const tempTree = (files: Record<string, unknown> = {}): string => tempTreeIn(files, 'hookd-claude-');
export { writeTree };
