// The bonsai hook as its configuration declares it (one `[[hooks]]` table, validated), and how to read it back from
// a HookSpec. Types and accessors only: parsing is parse-config.ts's, building the HookSpec is hook-spec.ts's.
import type { EventName } from '../../protocol/index.js';
import type { HookSpec } from '../../engine/dialect.js';

export const BONSAI_EVENTS = ['SessionStart', 'SessionEnd', 'PreToolUse', 'PostToolUse', 'PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash'] as const satisfies readonly EventName[];
export type BonsaiEvent = (typeof BONSAI_EVENTS)[number];

/** The pre events: the only ones where a blocking hook may veto (and, on PreToolUse only, rewrite the call). */
export const PRE_EVENTS: readonly BonsaiEvent[] = ['PreToolUse', 'PreFileWrite', 'PreBash'];

export type BonsaiAction =
  | { readonly type: 'shell'; readonly command: string }
  | { readonly type: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> }
  | { readonly type: 'llm_prompt'; readonly prompt: string };

export type BonsaiMatcher = { readonly path?: string; readonly tool?: string };

/** Where the table was written: the global (home) config is pre-trusted, the project config is not. */
export type BonsaiScope = 'global' | 'project';

export type BonsaiHookData = {
  readonly name: string;
  readonly event: BonsaiEvent;
  /** Omitted keys: the entry matches every call of its event. */
  readonly matcher: BonsaiMatcher;
  readonly action: BonsaiAction;
  /** Default 30. */
  readonly timeoutSecs: number;
  /** Default false; meaningful only on PRE_EVENTS. */
  readonly blocking: boolean;
  /** Default warn (fail-open); block is effective only on a blocking pre-event. */
  readonly onFailure: 'warn' | 'block';
  /** Default true; false parks the entry (listed, never fired). */
  readonly enabled: boolean;
  readonly scope: BonsaiScope;
  /** The config file (absolute) and the 1-based line of the `[[hooks]]` table, for diagnostics and listings. */
  readonly file: string;
  readonly line?: number;
};

export const DEFAULT_TIMEOUT_SECS = 30;

/** The bonsai facts a bonsai HookSpec carries (HookSpec.data); throws for a hook another dialect built. */
export function bonsaiData(hook: HookSpec): BonsaiHookData {
  const data = hook.data as BonsaiHookData | undefined;
  if (data === undefined || typeof data !== 'object' || typeof data.name !== 'string') throw new Error(`hook ${hook.id} is not a bonsai hook`);
  return data;
}

/** Programmatic hooks (hooks/register) carry no bonsai data: they are read as non-blocking, warn-on-failure hooks. */
export function bonsaiDataOrUndefined(hook: HookSpec): BonsaiHookData | undefined {
  const data = hook.data as BonsaiHookData | undefined;
  return data !== undefined && typeof data === 'object' && typeof data.name === 'string' ? data : undefined;
}

export function isPreEvent(event: EventName): boolean {
  return (PRE_EVENTS as readonly string[]).includes(event);
}

/** A hook that may veto (and on PreToolUse rewrite): blocking, on a pre event. Every other hook only contributes context. */
export function canVeto(data: BonsaiHookData | undefined): boolean {
  return data !== undefined && data.blocking && isPreEvent(data.event);
}
