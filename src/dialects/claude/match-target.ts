// Which EventParams field Claude Code tests a matcher against, per event.
// Pure lookup; must not compile or evaluate matchers.
import { basename } from 'node:path';
import type { EventName, EventParams } from '../../protocol/index.js';

/**
 * Tool name (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest); `source` (SessionStart);
 * `trigger` (PreCompact, PostCompact); `notificationType` (Notification); `agentType` (SubagentStart,
 * SubagentStop); `reason` (SessionEnd); undefined (UserPromptSubmit, Stop: no matcher, every hook matches).
 * Claude Code 2.1's other events: tool name (PermissionDenied), `trigger` (Setup), `loadReason` (InstructionsLoaded),
 * `commandName` (UserPromptExpansion), `error` type (StopFailure), `source` (ConfigChange, DirectoryAdded), the changed
 * file's basename (FileChanged), the MCP server (Elicitation, ElicitationResult), the canonical name of the model
 * switched to (PreModelSwitch, PostModelSwitch: `toModel`); no matcher on PostToolBatch,
 * TaskCreated, TaskCompleted, TeammateIdle, CwdChanged, WorktreeCreate, WorktreeRemove, MessageDisplay.
 */
type MatchSource = {
  /** The EventParams field (camelCase); its stdin name is the snake_case form. */
  readonly param: keyof EventParams;
  /** FileChanged: the matcher sees the changed file's basename. */
  readonly basename?: true;
};

const TOOL: MatchSource = { param: 'toolName' };

/** One entry per event (undefined: no matcher field, every hook matches); the record type keeps it exhaustive. */
const MATCH_SOURCES: Record<EventName, MatchSource | undefined> = {
  PreToolUse: TOOL,
  PostToolUse: TOOL,
  PostToolUseFailure: TOOL,
  PermissionRequest: TOOL,
  PermissionDenied: TOOL,
  SessionStart: { param: 'source' },
  PreCompact: { param: 'trigger' },
  PostCompact: { param: 'trigger' },
  Notification: { param: 'notificationType' },
  SubagentStart: { param: 'agentType' },
  SubagentStop: { param: 'agentType' },
  SessionEnd: { param: 'reason' },
  Setup: { param: 'trigger' },
  InstructionsLoaded: { param: 'loadReason' },
  UserPromptExpansion: { param: 'commandName' },
  StopFailure: { param: 'error' },
  ConfigChange: { param: 'source' },
  DirectoryAdded: { param: 'source' },
  FileChanged: { param: 'filePath', basename: true },
  Elicitation: { param: 'mcpServerName' },
  ElicitationResult: { param: 'mcpServerName' },
  PreModelSwitch: { param: 'toModel' },
  PostModelSwitch: { param: 'toModel' },
  // bonsai's events: not dispatched by claude.
  PreFileWrite: undefined,
  PostFileWrite: undefined,
  PreBash: undefined,
  PostBash: undefined,
  BeforeModel: undefined,
  AfterModel: undefined,
  BeforeToolSelection: undefined,
  UserPromptSubmit: undefined,
  Stop: undefined,
  PostToolBatch: undefined,
  TaskCreated: undefined,
  TaskCompleted: undefined,
  TeammateIdle: undefined,
  CwdChanged: undefined,
  WorktreeCreate: undefined,
  WorktreeRemove: undefined,
  MessageDisplay: undefined,
};

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  const source = MATCH_SOURCES[event];
  if (source === undefined) return undefined;
  const value = params[source.param];
  if (typeof value !== 'string') return undefined;
  return source.basename ? basename(value) : value;
}

/** The stdin field (snake_case, as hook authors read it) that matchTarget's value comes from; for explanations. */
export function matchTargetField(event: EventName): string | undefined {
  const source = MATCH_SOURCES[event];
  if (source === undefined) return undefined;
  const field = source.param.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return source.basename ? `basename of ${field}` : field;
}
