// Which handler types each Claude Code event accepts (hooks reference: "which types each event supports"), and the
// warning for one it does not. Data and one pure function; must not parse handlers or know files.

const ALL_TYPES = ['command', 'http', 'mcp_tool', 'prompt', 'agent'] as const;
/** Every handler type a Claude Code settings file may use (initialize capabilities.handlerTypes). */
export const CLAUDE_HANDLER_TYPES: readonly string[] = ALL_TYPES;
const NO_MODEL = ['command', 'http', 'mcp_tool'] as const;
const COMMAND_OR_MCP = ['command', 'mcp_tool'] as const;

/** Events not named here (e.g. PreModelSwitch, whose table entry the reference does not give) accept every type. */
const ACCEPTED: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    [
      'PermissionDenied',
      'PermissionRequest',
      'PostToolBatch',
      'PostToolUse',
      'PostToolUseFailure',
      'PreToolUse',
      'Stop',
      'SubagentStop',
      'TaskCompleted',
      'TaskCreated',
      'TeammateIdle',
      'UserPromptExpansion',
      'UserPromptSubmit',
    ].map((event) => [event, ALL_TYPES]),
  ),
  ...Object.fromEntries(
    [
      'ConfigChange',
      'CwdChanged',
      'DirectoryAdded',
      'Elicitation',
      'ElicitationResult',
      'FileChanged',
      'InstructionsLoaded',
      'MessageDisplay',
      'Notification',
      'PostCompact',
      'PreCompact',
      'SessionEnd',
      'StopFailure',
      'SubagentStart',
      'WorktreeCreate',
      'WorktreeRemove',
    ].map((event) => [event, NO_MODEL]),
  ),
  SessionStart: COMMAND_OR_MCP,
  Setup: COMMAND_OR_MCP,
};

/**
 * The warning for a handler whose `type` is a Claude Code handler type that `event` does not accept (e.g. `prompt`
 * on SessionStart), else undefined. Types Claude Code does not have at all are left to the handler parser.
 */
export function handlerTypeNotAccepted(event: string, raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const type = (raw as Record<string, unknown>).type;
  if (typeof type !== 'string' || !(ALL_TYPES as readonly string[]).includes(type)) return undefined;
  const accepted = Object.hasOwn(ACCEPTED, event) ? ACCEPTED[event] : undefined;
  if (accepted === undefined || accepted.includes(type)) return undefined;
  return `${event} does not accept "${type}" handlers (Claude Code runs only ${accepted.map((name) => `"${name}"`).join(', ')} there); handler skipped`;
}
