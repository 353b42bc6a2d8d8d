// A handler's `if` rule → the predicate the dispatcher checks after the matcher: which tools a rule names and what its
// content means per tool (Bash commands, file paths, WebFetch domains). Every doubt fails open (the hook runs).
import type { EventContext } from '../../engine/dialect.js';
import { bashSubcommands, compileCommandPattern, type CommandPattern } from './permission-rule-bash.js';
import { compilePathPattern, type PathBases } from './permission-rule-path.js';
import { formatPermissionRule, type PermissionRule } from './permission-rule.js';

export type IfCondition = {
  /** False: Claude Code would not start the handler for this tool call. */
  readonly applies: (context: EventContext) => boolean;
  /** Set when hookd cannot judge the rule's content and lets every call of the tool through. */
  readonly notice?: string;
};

/** Claude Code's permission docs: Edit rules cover every built-in tool that edits files, Read rules those that read. */
const TOOL_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  Edit: ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'],
  Read: ['Read', 'Glob', 'Grep', 'LS', 'NotebookRead'],
};

/** The tool_input field holding the path each file tool acts on; Glob, Grep and LS default to the current directory. */
const PATH_FIELDS: Readonly<Record<string, { readonly field: string; readonly defaultsToCwd: boolean }>> = {
  Read: { field: 'file_path', defaultsToCwd: false },
  Edit: { field: 'file_path', defaultsToCwd: false },
  Write: { field: 'file_path', defaultsToCwd: false },
  MultiEdit: { field: 'file_path', defaultsToCwd: false },
  NotebookEdit: { field: 'notebook_path', defaultsToCwd: false },
  NotebookRead: { field: 'notebook_path', defaultsToCwd: false },
  Glob: { field: 'path', defaultsToCwd: true },
  Grep: { field: 'path', defaultsToCwd: true },
  LS: { field: 'path', defaultsToCwd: true },
};

export function compileIfCondition(rule: PermissionRule, bases: PathBases): IfCondition {
  const namesTool = toolNameTest(rule.toolName);
  const { content } = rule;
  if (content === undefined) return { applies: (context) => namesTool(context.params.toolName) };

  if (rule.toolName === 'Bash') {
    const pattern = compileCommandPattern(content);
    const beyondName = namesMoreThanCommand(content);
    return { applies: (context) => namesTool(context.params.toolName) && commandMatches(pattern, context.params.toolInput?.command, beyondName) };
  }
  if (PATH_FIELDS[rule.toolName] !== undefined) {
    const pattern = compilePathPattern(content, bases);
    return {
      applies: (context) => {
        const tool = context.params.toolName;
        if (!namesTool(tool)) return false;
        const where = PATH_FIELDS[tool ?? ''];
        const value = where === undefined ? undefined : context.params.toolInput?.[where.field];
        if (typeof value === 'string' && value !== '') return pattern(value, context.cwd);
        return where?.defaultsToCwd === true && value === undefined ? pattern(context.cwd, context.cwd) : true;
      },
    };
  }
  if (rule.toolName === 'WebFetch' && content.startsWith('domain:')) {
    const domain = content.slice('domain:'.length).toLowerCase();
    return { applies: (context) => namesTool(context.params.toolName) && domainMatches(domain, context.params.toolInput?.url) };
  }
  return {
    applies: (context) => namesTool(context.params.toolName),
    notice:
      `hookd does not know how Claude Code matches the content of "${formatPermissionRule(rule)}": ` +
      `the handler runs on every ${rule.toolName} call the matcher selects (the rule fails open)`,
  };
}

/** `mcp__srv__*` and `mcp__srv`: every tool of the server; `Edit`/`Read`: their families; else the exact name. */
function toolNameTest(ruleTool: string): (tool: string | undefined) => boolean {
  if (ruleTool.endsWith('__*')) {
    const prefix = ruleTool.slice(0, -1);
    return (tool) => tool !== undefined && tool.startsWith(prefix);
  }
  if (/^mcp__[^_]+(?:_[^_]+)*$/.test(ruleTool)) return (tool) => tool === ruleTool || (tool?.startsWith(`${ruleTool}__`) ?? false);
  const family = TOOL_FAMILIES[ruleTool];
  if (family !== undefined) return (tool) => tool !== undefined && family.includes(tool);
  return (tool) => tool === ruleTool;
}

let lastCommand: { readonly command: string; readonly subcommands: string[] | undefined } | undefined;

/**
 * Claude Code's hooks guide: "patterns that specify more than the command name run the hook anyway on $(), backticks,
 * or $VAR" — `Bash(git push *)` names arguments, `Bash(git *)` and `Bash(git:*)` only the command.
 */
function namesMoreThanCommand(content: string): boolean {
  const withoutWildcardTail = content.replace(/(?::\*| \*)$/, '').trim();
  return /\s/.test(withoutWildcardTail);
}

/** `$(...)`, a backtick or a `$VAR` / `${VAR}` expansion: what the command runs is decided only when it runs. */
const EXPANSION = /\$\(|`|\$[A-Za-z_{]/;

/**
 * Any subcommand, or the whole command, matches; a command hookd cannot parse matches (fails open), and so does one
 * with expansions when the rule names more than the command (`beyondName`).
 */
function commandMatches(pattern: CommandPattern, command: unknown, beyondName: boolean): boolean {
  if (typeof command !== 'string') return true;
  if (beyondName && EXPANSION.test(command)) return true;
  // Several handlers of one event test the same command: parse it once.
  if (lastCommand?.command !== command) lastCommand = { command, subcommands: bashSubcommands(command) };
  const { subcommands } = lastCommand;
  if (subcommands === undefined) return true;
  return pattern(command.trim()) || subcommands.some(pattern);
}

/** `domain:example.com` is that host; `domain:*.example.com` its subdomains. A URL that does not parse fails open. */
function domainMatches(domain: string, url: unknown): boolean {
  if (typeof url !== 'string') return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
  return host === domain;
}
