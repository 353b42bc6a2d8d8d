// Test factories for the bonsai runtime functions: validated hook data, the HookSpec built from it, event contexts
// and hand-built ProcessOutcomes. No processes, no files.
import type { EventContext, HookSpec } from '../../../src/engine/dialect.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { buildHookSpec } from '../../../src/dialects/bonsai/hook-spec.js';
import type { BonsaiEvent, BonsaiHookData } from '../../../src/dialects/bonsai/hook-data.js';

export { captured, exit, json, outcome } from '../../helpers/outcome.js';

export const WORKSPACE = '/work/project';
export const SESSION_ID = 'session-7';

export function data(event: BonsaiEvent, more: Partial<BonsaiHookData> = {}): BonsaiHookData {
  return {
    name: 'guard',
    event,
    matcher: {},
    action: { type: 'shell', command: 'true' },
    timeoutSecs: 30,
    blocking: false,
    onFailure: 'warn',
    enabled: true,
    scope: 'global',
    file: '/home/u/.bonsai/config.toml',
    line: 1,
    ...more,
  };
}

export function hook(event: BonsaiEvent, more: Partial<BonsaiHookData> = {}): HookSpec {
  const built = buildHookSpec(data(event, more));
  if (!built.ok) throw new Error(built.error);
  return built.hook;
}

/** A blocking hook (on_failure as given, default warn). */
export const blocking = (event: BonsaiEvent, more: Partial<BonsaiHookData> = {}) => hook(event, { blocking: true, ...more });

export function context(event: EventName, params: Partial<EventParams> = {}): EventContext {
  const session = { id: SESSION_ID, ...(params.session ?? {}) };
  return { event, params: { ...params, session }, workspace: WORKSPACE, sessionId: session.id, cwd: session.cwd ?? WORKSPACE };
}
