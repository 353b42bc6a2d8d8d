// Claude Code's per-event facts as data: what exit 2 does, what "block" means, which events take a matcher,
// plain-stdout context and top-level `decision`. Only data; the functions that use it live beside it.
import { EVENT_NAMES, type Decision, type EventName } from '../../protocol/index.js';

/**
 * What exit code 2 does on an event (Claude Code hooks reference, "exit code 2 behaviour per event"):
 * - `block`: a blocking error; the decision is the event's `blockDecision`, the reason JSON's or stderr.
 * - `feedback`: not blocking; stderr is shown to the model (PostToolUse, PostToolUseFailure).
 * - `user`: not blocking; stderr is shown to the user only (we put it in `systemMessage`).
 * - `ignored`: nothing happens (PermissionRequest, PermissionDenied, Notification, InstructionsLoaded, StopFailure,
 *   MessageDisplay; DirectoryAdded and WorktreeRemove, where Claude Code only writes stderr to its debug log).
 */
export type Exit2Effect = 'block' | 'feedback' | 'user' | 'ignored';

export type EventRule = {
  readonly exit2: Exit2Effect;
  /** The decision a blocking result takes on this event; undefined: the event cannot block. */
  readonly blockDecision?: Extract<Decision, 'deny' | 'block'>;
  /** Whether the event has a matcher (the field is chosen in match-target.ts). */
  readonly hasMatcher: boolean;
  /** Plain (non-JSON) stdout on exit 0 becomes additionalContext. */
  readonly plainStdoutIsContext: boolean;
  /** Top-level `decision: "block"` + `reason` is honoured. */
  readonly topLevelBlock: boolean;
  /** A tool event (handler-level `if` applies only here). */
  readonly toolEvent: boolean;
  /** Claude Code discards the hook's JSON on this event. */
  readonly outputIgnored: boolean;
  /** Universal JSON fields Claude Code discards on this event (`continue` takes `stopReason` with it). */
  readonly discards?: readonly ('systemMessage' | 'continue')[];
  /** The matcher's exact-name set is the narrower letters, digits, `_` and `|` (FileChanged, StopFailure). */
  readonly narrowExactSet?: boolean;
  /** Default handler timeout in seconds when the handler gives none (600 unless set). */
  readonly defaultTimeoutSeconds?: number;
  /** Hooks get CLAUDE_ENV_FILE: a file to append `export NAME=value` lines to (SessionStart, Setup, CwdChanged, FileChanged). */
  readonly envFile?: boolean;
  /** Claude Code ignores the output except `terminalSequence` (StopFailure). */
  readonly terminalSequenceOnly?: boolean;
};

const base: EventRule = {
  exit2: 'user',
  hasMatcher: true,
  plainStdoutIsContext: false,
  topLevelBlock: false,
  toolEvent: false,
  outputIgnored: false,
};

export const EVENT_RULES: Readonly<Record<EventName, EventRule>> = {
  PreToolUse: { ...base, exit2: 'block', blockDecision: 'deny', toolEvent: true },
  PermissionRequest: { ...base, exit2: 'ignored', blockDecision: 'deny', toolEvent: true },
  PostToolUse: { ...base, exit2: 'feedback', blockDecision: 'block', topLevelBlock: true, toolEvent: true },
  PostToolUseFailure: { ...base, exit2: 'feedback', blockDecision: 'block', toolEvent: true },
  UserPromptSubmit: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false, plainStdoutIsContext: true, topLevelBlock: true },
  Stop: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false, topLevelBlock: true },
  SubagentStop: { ...base, exit2: 'block', blockDecision: 'block', topLevelBlock: true },
  PreCompact: { ...base, exit2: 'block', blockDecision: 'block', topLevelBlock: true },
  SessionStart: { ...base, plainStdoutIsContext: true, envFile: true },
  SessionEnd: { ...base, outputIgnored: true },
  Notification: { ...base, exit2: 'ignored', discards: ['systemMessage', 'continue'] },
  SubagentStart: { ...base },
  PostCompact: { ...base },
  Setup: { ...base },
  InstructionsLoaded: { ...base, exit2: 'ignored', outputIgnored: true },
  UserPromptExpansion: { ...base, exit2: 'block', blockDecision: 'block', plainStdoutIsContext: true, topLevelBlock: true },
  MessageDisplay: { ...base, exit2: 'ignored', hasMatcher: false, discards: ['systemMessage', 'continue'], defaultTimeoutSeconds: 10 },
  PermissionDenied: { ...base, exit2: 'ignored', toolEvent: true },
  PostToolBatch: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false, topLevelBlock: true },
  TaskCreated: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false, topLevelBlock: true, discards: ['continue'] },
  TaskCompleted: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false },
  StopFailure: { ...base, exit2: 'ignored', outputIgnored: true, narrowExactSet: true, terminalSequenceOnly: true },
  TeammateIdle: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false },
  ConfigChange: { ...base, exit2: 'block', blockDecision: 'block', topLevelBlock: true, discards: ['systemMessage', 'continue'] },
  CwdChanged: { ...base, hasMatcher: false, discards: ['continue'] },
  DirectoryAdded: { ...base, exit2: 'ignored', discards: ['continue'] },
  FileChanged: { ...base, narrowExactSet: true, discards: ['continue'] },
  WorktreeCreate: { ...base, exit2: 'block', blockDecision: 'block', hasMatcher: false, discards: ['systemMessage', 'continue'] },
  WorktreeRemove: { ...base, exit2: 'ignored', hasMatcher: false, outputIgnored: true },
  Elicitation: { ...base, exit2: 'block', blockDecision: 'deny', discards: ['systemMessage', 'continue'] },
  ElicitationResult: { ...base, exit2: 'block', blockDecision: 'deny', discards: ['systemMessage', 'continue'] },
  PreModelSwitch: { ...base, exit2: 'block', blockDecision: 'deny', topLevelBlock: true, defaultTimeoutSeconds: 30 },
  PostModelSwitch: { ...base, plainStdoutIsContext: true, defaultTimeoutSeconds: 30 },
  // Not Claude Code events (bonsai's): never dispatched by this dialect, listed because the table is exhaustive.
  PreFileWrite: { ...base },
  PostFileWrite: { ...base },
  PreBash: { ...base },
  PostBash: { ...base },
  // Gemini CLI's model events: never dispatched by this dialect either.
  BeforeModel: { ...base },
  AfterModel: { ...base },
  BeforeToolSelection: { ...base },
};

/** Protocol events that are not Claude Code's (bonsai's file-write and shell events, Gemini CLI's model events): claude never dispatches them. */
const NOT_CLAUDE_EVENTS: readonly EventName[] = ['PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash', 'BeforeModel', 'AfterModel', 'BeforeToolSelection'];

/** The events the claude dialect dispatches, in protocol order. */
export const CLAUDE_EVENTS: readonly EventName[] = EVENT_NAMES.filter((event) => !NOT_CLAUDE_EVENTS.includes(event));

export function isClaudeEvent(name: string): name is EventName {
  return (CLAUDE_EVENTS as readonly string[]).includes(name);
}

/** The events whose hooks get CLAUDE_ENV_FILE in Claude Code 2.1 (an event hookd adds takes it from its rule's `envFile`). */
export const ENV_FILE_EVENTS: readonly string[] = ['SessionStart', 'Setup', 'CwdChanged', 'FileChanged'];

export function takesEnvFile(event: EventName): boolean {
  return EVENT_RULES[event].envFile ?? ENV_FILE_EVENTS.includes(event);
}

/** Default handler timeout in seconds: 600, except 30 on UserPromptSubmit, PreModelSwitch, PostModelSwitch and 10 on MessageDisplay. */
export function defaultTimeoutSeconds(event: EventName): number {
  return event === 'UserPromptSubmit' ? 30 : (EVENT_RULES[event].defaultTimeoutSeconds ?? 600);
}

/**
 * Claude Code events hookd does not dispatch: named so a config using them gets a precise warning. Empty since
 * PreModelSwitch and PostModelSwitch are dispatched; kept for the next event Claude Code adds.
 */
export const OTHER_CLAUDE_EVENTS: readonly string[] = [];
