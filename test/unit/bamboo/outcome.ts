// Test factories for the bamboo dialect: hand-built ProcessOutcomes, hooks, event contexts and hooks.json trees;
// no processes.
import { tempTree as tempTreeIn, writeTree } from '../../helpers/temp-tree.js';
import type { EventContext, HandlerSpec, HookSpec } from '../../../src/engine/dialect.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';

export { captured, exit, json, outcome } from '../../helpers/outcome.js';

export function hook(event: EventName, handler: Partial<HandlerSpec> = {}, id = `user:${event}[0].hooks[0]`): HookSpec {
  return {
    id,
    event,
    matches: () => true,
    handler: { type: 'command', command: 'true', shell: 'bash', timeoutMs: 60_000, onFailure: 'continue', ...handler } as HandlerSpec,
    source: '/home/user/.bamboo/hooks.json',
    scope: 'user',
  };
}

export const WORKSPACE = '/work/project';

export function context(event: EventName, params: Partial<EventParams> = {}, sessionId = 'session-123'): EventContext {
  const session = { id: sessionId, ...(params.session ?? {}) };
  return { event, params: { ...params, session }, workspace: WORKSPACE, sessionId: session.id, cwd: session.cwd ?? WORKSPACE };
}

/** A fresh temp dir with `files` (relative path → JSON value, or raw text) written into it. */
export const tempTree = (files: Record<string, unknown> = {}): string => tempTreeIn(files, 'hookd-bamboo-');
export { writeTree };

/** `{lifecycle_hooks: {[event]: groups}}`. */
export const section = (events: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ lifecycle_hooks: { ...more, ...events } });
export const command = (cmd: string, more: Record<string, unknown> = {}) => ({ type: 'command', command: cmd, ...more });
export const script = (path: string, more: Record<string, unknown> = {}) => ({ type: 'script', path, ...more });
