// The tool names `hookd check` assumes a bonsai agent registers when it is not told (--tools, initialize `tools`):
// the seed's wire example names `write`, PreBash implies a shell tool `bash`; `read` and `edit` complete the set of
// a minimal coding agent. Data only.
import type { EventName } from '../../protocol/index.js';

export const BONSAI_DEFAULT_TOOLS: readonly string[] = ['bash', 'edit', 'read', 'write'];

/** The events whose `tool` matcher is tested against a tool name the agent registers. */
export const BONSAI_TOOL_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse'];
