// Fires one configured hook once, for hooks/test and `hookd hooks test`: on its own event, with the dialect's
// synthetic payload (or given params), ignoring its matcher and condition, with production limits and the real
// runner. A hook that may not run now (approval, trust) or did not load is not fired. Persists nothing itself.
import type { EventName, EventParams, EventResult, HookInfo, HookState } from '../protocol/index.js';
import type { HookSpec } from './dialect.js';
import { dryRunParams } from './dry-run.js';
import type { DispatchOptions, Engine } from './engine.js';
import { describeInvalidEntry } from './hook-status.js';

export type TestHookRequest = { readonly name: string; readonly params?: Partial<EventParams> };

export type TestHookOutcome =
  | { readonly kind: 'invalid-request'; readonly message: string }
  | {
      readonly kind: 'done';
      readonly hook: HookInfo;
      readonly event: EventName;
      readonly result?: EventResult;
      /** What the hook read on stdin, parsed when it is JSON. */
      readonly input?: unknown;
      readonly stdin?: string;
      readonly notRun?: string;
      readonly cancelled: boolean;
    };

/** States in which the hook is not fired: it may not run now, whatever asks. */
const NOT_FIRED: ReadonlySet<HookState> = new Set(['awaiting_approval', 'denied', 'untrusted', 'modified']);

const STATE_WORDS: Record<HookState, string> = {
  active: 'active',
  parked: 'parked',
  disabled: 'disabled for this session',
  awaiting_approval: 'awaiting approval',
  denied: 'denied',
  untrusted: 'untrusted',
  modified: 'modified since it was trusted',
  invalid: 'invalid',
};

export function stateWords(state: HookState): string {
  return STATE_WORDS[state];
}

function parsedInput(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The hook as fired: no matcher or condition to pass, not parked, not spent after one run. */
function firedCopy(hook: HookSpec): HookSpec {
  const kept = Object.fromEntries(Object.entries(hook).filter(([key]) => !['applies', 'condition', 'disabled', 'disabledBy', 'once'].includes(key)));
  return { ...(kept as HookSpec), matches: () => true };
}

function ignoredNote(hook: HookSpec): string | undefined {
  // A condition the matcher as written already shows (bonsai's path glob) is not named twice.
  const condition = hook.condition !== undefined && !(hook.matcher ?? '').includes(hook.condition) ? hook.condition : undefined;
  const parts = [hook.matcher !== undefined ? `matcher ${hook.matcher}` : undefined, condition !== undefined ? `condition ${condition}` : undefined].filter(
    (part): part is string => part !== undefined,
  );
  return parts.length === 0 ? undefined : `fired by hooks/test without checking its ${parts.join(' or its ')}`;
}

export async function testHook(engine: Engine, workspace: string, request: TestHookRequest, options: DispatchOptions = {}): Promise<TestHookOutcome> {
  const found = engine.findHook(request.name);
  if (found.kind === 'none')
    return { kind: 'invalid-request', message: `name: no hook named "${request.name}"${found.known.length > 0 ? ` (known: ${found.known.join(', ')})` : ' (none are configured)'}` };
  if (found.kind === 'invalid') {
    const info = describeInvalidEntry(found.entry, () => undefined);
    return { kind: 'done', hook: info, event: (found.entry.event ?? '') as EventName, notRun: `"${request.name}" is invalid: ${found.entry.message}`, cancelled: false };
  }
  const { hook } = found;
  const info = engine.describe(hook);
  if (NOT_FIRED.has(info.state))
    return { kind: 'done', hook: info, event: hook.event, notRun: `"${request.name}" is ${stateWords(info.state)}${info.stateReason !== undefined ? `: ${info.stateReason}` : ''}`, cancelled: false };
  const built = dryRunParams(engine.dialect, hook.event, workspace, request.params);
  if ('message' in built) return { kind: 'invalid-request', message: built.message };
  const { result, cancelled, stdin } = await engine.dryRun(firedCopy(hook), hook.event, built.params, options);
  const note = ignoredNote(hook);
  if (note !== undefined) result.notes.push(note);
  return { kind: 'done', hook: info, event: hook.event, result, ...(stdin !== '' ? { input: parsedInput(stdin), stdin } : {}), cancelled };
}
