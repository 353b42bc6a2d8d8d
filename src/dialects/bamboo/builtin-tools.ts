// The tool names `hookd check` assumes a Bamboo agent registers when it is not told (--tools, initialize `tools`):
// the seed names Bash, Write and Edit; the rest are the common coding-agent tools. Data only.
import type { EventName } from '../../protocol/index.js';
import { BAMBOO_EVENTS, ruleOf } from './event-rules.js';

export const BAMBOO_DEFAULT_TOOLS: readonly string[] = [
  'Bash', 'Edit', 'Glob', 'Grep', 'LS', 'MultiEdit', 'NotebookEdit', 'Read', 'Task', 'TodoWrite', 'WebFetch', 'WebSearch', 'Write',
];

/** matcher "is supported only for PreToolUse and PostToolUse": the tool events. */
export const BAMBOO_TOOL_EVENTS: readonly EventName[] = BAMBOO_EVENTS.filter((event) => ruleOf(event).toolEvent);
