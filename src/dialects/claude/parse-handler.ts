// One handler object of a Claude Code matcher group → a CommandHandler, or problems with paths relative to it.
// Knows handler fields, defaults and placeholders; must not know files, positions or other handlers.
import { z } from 'zod';
import type { CommandHandler } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import type { JsonPath } from '../../config/json-locate.js';
import type { Severity } from '../../config/diagnostic.js';
import { EVENT_RULES, defaultTimeoutSeconds } from './event-rules.js';
import { formatPath } from '../../protocol/issue-text.js';

export type HandlerProblem = {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Relative to the handler object. */
  readonly path: JsonPath;
};

export type HandlerParse = { readonly handler?: CommandHandler; readonly problems: readonly HandlerProblem[] };

/** Handler types Claude Code has and hookd does not run yet: a warning, the handler is skipped. */
export const UNSUPPORTED_HANDLER_TYPES: readonly string[] = ['http', 'prompt', 'agent', 'mcp_tool'];

const PROJECT_DIR_PLACEHOLDER = '${CLAUDE_PROJECT_DIR}';

const CommandHandlerSchema = z.looseObject({
  type: z.literal('command'),
  command: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  args: z.array(z.string({ error: 'must be a string' }), { error: 'must be an array of strings' }).optional(),
  timeout: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be a positive number of seconds' }).optional(),
  statusMessage: z.string({ error: 'must be a string' }).optional(),
  onFailure: z.enum(['block', 'continue'], { error: 'must be "block" or "continue"' }).optional(),
  shell: z.enum(['bash', 'powershell'], { error: 'must be "bash" or "powershell"' }).optional(),
  async: z.boolean({ error: 'must be true or false' }).optional(),
  asyncRewake: z.boolean({ error: 'must be true or false' }).optional(),
  if: z.string({ error: 'must be a permission rule string' }).optional(),
});

export function parseHandler(raw: unknown, event: EventName, workspace: string): HandlerParse {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return skip('invalid-handler', 'handler must be an object; handler skipped', []);
  }
  const type = (raw as Record<string, unknown>).type;
  if (type === undefined) return skip('invalid-handler', 'handler has no "type"; handler skipped', ['type']);
  if (typeof type !== 'string') return skip('invalid-field', 'handler "type" must be a string; handler skipped', ['type']);
  if (UNSUPPORTED_HANDLER_TYPES.includes(type)) {
    return { problems: [{ severity: 'warning', code: 'unsupported-handler', message: `handler type "${type}" is not supported yet; handler skipped`, path: ['type'] }] };
  }
  if (type !== 'command') return skip('unknown-handler', `unknown handler type "${type}"; handler skipped`, ['type']);

  const parsed = CommandHandlerSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
        return { severity: 'error' as const, code: 'invalid-field', message: `handler field "${formatPath(path)}" ${issue.message}; handler skipped`, path };
      }),
    };
  }
  const spec = parsed.data;
  const problems: HandlerProblem[] = [];
  const warn = (code: string, message: string, path: JsonPath): void => {
    problems.push({ severity: 'warning', code, message, path });
  };

  if (spec.if !== undefined) {
    if (!EVENT_RULES[event].toolEvent) {
      warn('if-on-non-tool-event', `"if" applies only to tool events; Claude Code never runs this handler on ${event}; handler skipped`, ['if']);
      return { problems };
    }
    warn('unsupported-if', '"if" conditions are not supported yet; the handler runs on every match', ['if']);
  }
  if (spec.shell === 'powershell' && spec.args === undefined) {
    warn('unsupported-shell', 'shell "powershell" is not available on this platform; handler skipped', ['shell']);
    return { problems };
  }
  // asyncRewake implies async; `async: false` with asyncRewake is still async, as in Claude Code.
  const background = spec.async === true || spec.asyncRewake === true;

  const substitute = (text: string): string => text.replaceAll(PROJECT_DIR_PLACEHOLDER, workspace);
  const seconds = spec.timeout ?? defaultTimeoutSeconds(event);
  const handler: CommandHandler = {
    type: 'command',
    command: substitute(spec.command),
    ...(spec.args !== undefined ? { args: spec.args.map(substitute) } : {}),
    ...(spec.shell === 'bash' && spec.args === undefined ? { shell: 'bash' } : {}),
    timeoutMs: Math.max(1, Math.round(seconds * 1000)),
    ...(spec.statusMessage !== undefined ? { statusMessage: spec.statusMessage } : {}),
    onFailure: spec.onFailure ?? 'continue',
    ...(background ? { async: { rewake: spec.asyncRewake === true } } : {}),
  };
  return { handler, problems };
}

function skip(code: string, message: string, path: JsonPath): HandlerParse {
  return { problems: [{ severity: 'error', code, message, path }] };
}
