// WAMP's events (seed 002 "Events") as data: what each lets a hook do (the Output table's per-event effects), and when
// an event does not fire at all (eventNotFired). Data and one pure function; reading and merging live beside it.
import type { EventName, EventParams } from '../../protocol/index.js';
import type { EventHistory } from '../../engine/dialect.js';
import { NATIVE_RUNTIME } from './envelope.js';

export const WAMP_EVENTS: readonly EventName[] = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];
export const WAMP_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse'];

/**
 * What exit 2 (and every answer "the same as exit 2") does on an event, from the Output table: "`UserPromptSubmit`
 * refuses the prompt, `PreToolUse` denies the call, `PostToolUse` adds the reason as feedback, `Stop` keeps the agent
 * working, and `SessionStart` ignores it".
 */
export type ExitTwoEffect = 'refuse' | 'deny' | 'feedback' | 'keep-working' | 'ignored';

export type WampEventRule = {
  readonly exitTwo: ExitTwoEffect;
  /** "Plain text on stdout: Context for `SessionStart` and `UserPromptSubmit`. A warning for the other events." */
  readonly plainStdoutIsContext: boolean;
  /** "`hookSpecificOutput.additionalContext`: Context for `SessionStart` and `UserPromptSubmit`, or feedback for `PostToolUse`". */
  readonly additionalContext?: 'context' | 'feedback';
  /** "`decision: "block"` with `reason`: `UserPromptSubmit` refuses the prompt. `PostToolUse` adds the reason as feedback. `Stop` keeps the agent working". */
  readonly decisionBlock: boolean;
  /** "`hookSpecificOutput.permissionDecision`: `"deny"` or `"ask"` … `PreToolUse` refuses the call or asks you about it". */
  readonly permissionDecision: boolean;
};

const NONE = { plainStdoutIsContext: false, decisionBlock: false, permissionDecision: false } as const;

export const WAMP_EVENT_RULES: Readonly<Partial<Record<EventName, WampEventRule>>> = {
  // "Add context"
  SessionStart: { ...NONE, exitTwo: 'ignored', plainStdoutIsContext: true, additionalContext: 'context' },
  // "Refuse the prompt, add context"
  UserPromptSubmit: { ...NONE, exitTwo: 'refuse', plainStdoutIsContext: true, additionalContext: 'context', decisionBlock: true },
  // "Deny the call, ask for approval"
  PreToolUse: { ...NONE, exitTwo: 'deny', permissionDecision: true },
  // "Add feedback to the result"
  PostToolUse: { ...NONE, exitTwo: 'feedback', additionalContext: 'feedback', decisionBlock: true },
  // "Keep the agent working with a reason"
  Stop: { ...NONE, exitTwo: 'keep-working', decisionBlock: true },
};

/** An event WAMP does not have (never dispatched by the wamp dialect): its output is read for nothing. */
const OTHER: WampEventRule = { ...NONE, exitTwo: 'ignored' };

export function wampEventRule(event: EventName): WampEventRule {
  return WAMP_EVENT_RULES[event] ?? OTHER;
}

/**
 * Why an event does not fire here (result.notFired), in the seed's words; undefined: it fires.
 * - SessionStart, UserPromptSubmit on a Goal continuation or a scheduled turn (params.turnKind goal | scheduled).
 * - A second SessionStart in a session: it fires "On the first message of a conversation" only.
 * - Stop after an abort, an error or a user Stop (params.finish ≠ natural), for a Run that is not a root Run
 *   (params.rootRun false), and in a foreign runtime (session.runtime ≠ "native": ACP turns).
 * - A tool event in a foreign runtime for a tool the client did not register at initialize, when it registered any
 *   (the registered tools are WAMP's, lent to the agent; the agent's own tools run where WAMP does not see them).
 */
export function eventNotFired(event: EventName, params: EventParams, history: EventHistory): string | undefined {
  const runtime = params.session.runtime ?? NATIVE_RUNTIME;
  switch (event) {
    case 'SessionStart':
    case 'UserPromptSubmit':
      if (params.turnKind === 'goal' || params.turnKind === 'scheduled') {
        return `Goal continuations and scheduled turns are not prompts, so they fire neither SessionStart nor UserPromptSubmit (turnKind "${params.turnKind}")`;
      }
      if (event === 'SessionStart' && history.seenInSession('SessionStart')) {
        return 'SessionStart fires on the first message of a conversation only, and this conversation already had it';
      }
      return undefined;
    case 'Stop':
      if (params.finish !== undefined && params.finish !== 'natural') return `An abort, error or user Stop does not fire the hook (finish "${params.finish}")`;
      if (params.rootRun === false) return 'Stop fires at a native root Run\'s natural finish, and this Run is not a root Run (rootRun false)';
      if (runtime !== NATIVE_RUNTIME) return `ACP turns do not fire Stop: Stop fires only for native Runs (runtime "${runtime}")`;
      return undefined;
    case 'PreToolUse':
    case 'PostToolUse': {
      if (runtime === NATIVE_RUNTIME || history.tools.size === 0) return undefined;
      const tool = params.toolName ?? '';
      if (history.tools.has(tool)) return undefined;
      return `With a foreign agent runtime (runtime "${runtime}"), tool events fire only for WAMP tools lent to that agent, and "${tool}" is not one the client registered`;
    }
    default:
      return undefined;
  }
}
