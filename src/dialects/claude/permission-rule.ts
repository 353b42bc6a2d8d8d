// Parses one Claude Code permission rule as written in a handler's `if` (`Bash(git *)`, `Edit(src/**)`, `mcp__srv__*`)
// into its tool name and optional content. Grammar only: what the content means per tool lives in permission-rule-match.ts.

/** A rule: `Tool` or `Tool(content)`; content undefined when the rule covers every call of the tool. */
export type PermissionRule = { readonly toolName: string; readonly content?: string };

export type RuleParse = { readonly ok: true; readonly rule: PermissionRule } | { readonly ok: false; readonly error: string };

/** Longer `if` values are refused (a rule is a tool name and one pattern). */
export const MAX_RULE_LENGTH = 4096;

/** A tool name: `Bash`, `mcp__server__tool`; MCP rules may end in `__*` (every tool of the server). */
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_.-]*(?:__\*)?$/;
/**
 * A second rule after the first, once whitespace runs are one space: `Bash(a) Edit(b)`, `Bash(a), Edit(b)`,
 * `Bash(a) || Read`, `Bash, Edit`. (Single spaces keep these regexes linear.)
 */
const SECOND_RULE = /\) ?(?:,|;|&&|\|\||\|)? ?[A-Za-z][A-Za-z0-9_.-]*(?:__\*)? ?(?:\(|$)/;
const NAME_LIST = /^[A-Za-z][A-Za-z0-9_.-]*(?:__\*)?(?: ?(?:,|;|&&|\|\||\|) ?| )[A-Za-z]/;

/**
 * As Claude Code reads a rule string: the tool name is what precedes the first `(`, the content what lies between it
 * and the final `)`, with `\(` and `\)` unescaped. `Tool()` and `Tool(*)` mean the bare tool. One rule only: text that
 * reads as a second rule is refused (hookd's choice; Claude Code's schema takes any string).
 */
export function parsePermissionRule(text: string): RuleParse {
  if (text.length > MAX_RULE_LENGTH) return { ok: false, error: `the rule is ${text.length} characters long, over the limit of ${MAX_RULE_LENGTH}` };
  const rule = text.trim();
  if (rule === '') return { ok: false, error: 'the rule is empty' };
  const collapsed = rule.replace(/\s+/g, ' ');
  if (SECOND_RULE.test(collapsed) || NAME_LIST.test(collapsed)) return { ok: false, error: `"${rule}" is several rules; "if" takes exactly one` };
  const open = rule.indexOf('(');
  if (open === -1) {
    if (TOOL_NAME.test(rule)) return { ok: true, rule: { toolName: rule } };
    return { ok: false, error: `"${rule}" is not a tool name (letters, digits, "_", "-", "."; MCP rules may end in "__*")` };
  }
  if (!rule.endsWith(')')) return { ok: false, error: `"${rule}" has no closing ")" at its end` };
  const toolName = rule.slice(0, open).trim();
  if (!TOOL_NAME.test(toolName)) return { ok: false, error: `"${toolName}" is not a tool name` };
  const raw = rule.slice(open + 1, -1);
  const content = raw.replace(/\\([()])/g, '$1');
  if (content === '' || content === '*') return { ok: true, rule: { toolName } };
  return { ok: true, rule: { toolName, content } };
}

/** The rule written back in Claude Code's syntax (for messages). */
export function formatPermissionRule(rule: PermissionRule): string {
  return rule.content === undefined ? rule.toolName : `${rule.toolName}(${rule.content})`;
}
