// One handler object of a Claude Code matcher group → a handler spec, or problems with paths relative to it.
// Knows handler fields, defaults and placeholders; must not know files, positions or other handlers.
import { z } from 'zod';
import type { CommandHandler, HandlerSpec } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import type { JsonPath } from '../../config/json-locate.js';
import type { Severity } from '../../config/diagnostic.js';
import { defaultTimeoutSeconds } from './event-rules.js';
import { parseHttpHandler } from './parse-http-handler.js';
import { findPowerShell } from './powershell.js';
import { DELEGATED_HANDLER_TYPES, parseDelegatedHandler } from './parse-delegated-handler.js';
import { parseIfField, type HandlerCondition } from './parse-if.js';
import { handlerTypeNotAccepted } from './handler-types.js';
import { fieldProblems } from './field-problems.js';

export type HandlerProblem = {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Relative to the handler object. */
  readonly path: JsonPath;
};

export type HandlerParse = {
  readonly handler?: HandlerSpec;
  readonly problems: readonly HandlerProblem[];
  /** The handler's `if` rule, compiled (tool events only): the handler starts only when it applies. */
  readonly condition?: HandlerCondition;
};

/** Handler types Claude Code has and hookd does not run yet: a warning, the handler is skipped. */
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

/**
 * `env`: the environment hooks get (its PATH decides whether `shell: "powershell"` can run); default: none found.
 * `home`: the base of `~/` paths in an `if` rule (default: this user's home directory).
 */
export function parseHandler(
  raw: unknown,
  event: EventName,
  workspace: string,
  env: Readonly<Record<string, string | undefined>> = {},
  home?: string,
): HandlerParse {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return skip('invalid-handler', 'handler must be an object; handler skipped', []);
  }
  const type = (raw as Record<string, unknown>).type;
  if (type === undefined) return skip('invalid-handler', 'handler has no "type"; handler skipped', ['type']);
  if (typeof type !== 'string') return skip('invalid-field', 'handler "type" must be a string; handler skipped', ['type']);
  const notAccepted = handlerTypeNotAccepted(event, raw);
  if (notAccepted !== undefined) return { problems: [{ severity: 'warning', code: 'handler-type-not-accepted', message: notAccepted, path: ['type'] }] };
  const typed =
    type === 'http'
      ? parseHttpHandler(raw, event)
      : DELEGATED_HANDLER_TYPES.includes(type)
        ? parseDelegatedHandler(raw, type, event)
        : type === 'command'
          ? parseCommandHandler(raw, event, workspace, env)
          : skip('unknown-handler', `unknown handler type "${type}"; handler skipped`, ['type']);
  // Each type's schema has checked that `if`, when given, is a string.
  const rule = (raw as Record<string, unknown>).if;
  if (typed.handler === undefined || typeof rule !== 'string') return typed;
  const scoped = parseIfField(rule, event, workspace, home);
  const problems = [...typed.problems, ...scoped.problems];
  if (scoped.skip) return { problems };
  return { handler: typed.handler, problems, ...(scoped.condition !== undefined ? { condition: scoped.condition } : {}) };
}

function parseCommandHandler(raw: object, event: EventName, workspace: string, env: Readonly<Record<string, string | undefined>>): HandlerParse {
  const parsed = CommandHandlerSchema.safeParse(raw);
  if (!parsed.success) return { problems: fieldProblems(parsed.error) };
  const spec = parsed.data;
  const problems: HandlerProblem[] = [];
  const warn = (code: string, message: string, path: JsonPath): void => {
    problems.push({ severity: 'warning', code, message, path });
  };

  const powershell = spec.shell === 'powershell' && spec.args === undefined ? findPowerShell(env) : undefined;
  if (powershell?.found === false) {
    warn('shell-not-found', powershell.message, ['shell']);
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
    ...(powershell?.found === true ? { shell: powershell.shell } : {}),
    timeoutMs: Math.max(1, Math.round(seconds * 1000)),
    ...(spec.statusMessage !== undefined ? { statusMessage: spec.statusMessage } : {}),
    onFailure: spec.onFailure ?? 'continue',
    ...(spec.timeout !== undefined ? { explicitTimeout: true } : {}),
    ...(background ? { async: { rewake: spec.asyncRewake === true } } : {}),
  };
  return { handler, problems };
}

function skip(code: string, message: string, path: JsonPath): HandlerParse {
  return { problems: [{ severity: 'error', code, message, path }] };
}
