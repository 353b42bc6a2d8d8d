// Gemini CLI 0.61's event vocabulary (hook-systems §4.1) and how it maps onto hookd's canonical events: BeforeTool =
// PreToolUse, AfterTool = PostToolUse, BeforeAgent = UserPromptSubmit, AfterAgent = Stop, PreCompress = PreCompact;
// SessionStart, SessionEnd, Notification, BeforeModel, AfterModel and BeforeToolSelection keep their names. Pure.
import { EVENT_ALIAS_NAMES, type EventAlias, type EventName } from '../../protocol/index.js';

/** The canonical events the gemini dialect dispatches, in Gemini's documentation order. */
export const GEMINI_EVENTS: readonly EventName[] = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'PreCompact',
  'SessionStart',
  'SessionEnd',
  'Notification',
];

/** Gemini's name of each canonical event it has (the name its settings files and hook stdin use). */
export const GEMINI_NATIVE_NAMES: Readonly<Partial<Record<EventName, string>>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  BeforeModel: 'BeforeModel',
  AfterModel: 'AfterModel',
  BeforeToolSelection: 'BeforeToolSelection',
  PreCompact: 'PreCompress',
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  Notification: 'Notification',
};

/** The native method names the dialect serves (`hooks/BeforeTool` …). */
export const GEMINI_EVENT_ALIASES: readonly EventAlias[] = EVENT_ALIAS_NAMES;

/** Gemini's name for a canonical event (what `hook_event_name` says). */
export function geminiNativeName(event: EventName): string {
  return GEMINI_NATIVE_NAMES[event] ?? event;
}

/** The canonical event of a name as a Gemini settings file writes it; undefined: not a Gemini event. */
export function eventFromGeminiName(name: string): EventName | undefined {
  for (const event of GEMINI_EVENTS) if (GEMINI_NATIVE_NAMES[event] === name) return event;
  return undefined;
}

/** Events whose matcher is a regular expression tested against the tool name (the others compare exactly). */
export const GEMINI_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse'];

/** A deny on AfterAgent keeps the agent working (the reason is the next prompt). */
export const GEMINI_CONTINUATION_EVENTS: readonly EventName[] = ['Stop'];
