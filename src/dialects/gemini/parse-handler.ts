// One handler object of a Gemini settings file (`{type, command, name?, description?, timeout?, env?}`), read as
// Gemini CLI 0.61 reads it (hookRegistry.validateHookConfig, hookRunner): what runs, or why it does not. Pure: works on
// the plain value; the caller places the problems in the file (`field` is the handler's key they concern).
import type { Severity } from '../../config/diagnostic.js';
import { GEMINI_DEFAULT_TIMEOUT_MS } from './limits.js';
import { expandSettingsVariables, type Environment } from './settings-env.js';

/** Node's timers fire after 1 ms for a delay outside 1 … 2^31−1 ms (Gemini passes `timeout` to setTimeout). */
export const NODE_TIMER_MAX_MS = 2_147_483_647;
/** A whole-number `timeout` up to this many ms reads like Claude Code's seconds (`gemini hooks migrate` copies it, #29122). */
export const SECONDS_LIKE_TIMEOUT_MAX = 600;

export type GeminiHandler = {
  readonly command: string;
  readonly name?: string;
  readonly description?: string;
  readonly timeoutMs: number;
  /** `timeout` was written (not Gemini's 60 000 ms default). */
  readonly explicitTimeout: boolean;
  readonly env?: Readonly<Record<string, string>>;
};

export type HandlerProblem = { readonly severity: Severity; readonly message: string; readonly field?: string; readonly code: string };

export type ParsedHandler = { readonly handler?: GeminiHandler; readonly problems: readonly HandlerProblem[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gemini discards a handler that is not an object, has no `type` among command/plugin/runtime, or (command) no
 * non-empty `command`; hookd also skips `runtime` and `plugin` handlers (in-process functions a settings file cannot
 * hold) and a `command` that is not a string. Every string is expanded as Gemini expands settings (settings-env.ts).
 */
export function parseGeminiHandler(raw: unknown, env: Environment): ParsedHandler {
  const problems: HandlerProblem[] = [];
  const skip = (message: string, field: string | undefined, code: string): ParsedHandler => ({ problems: [...problems, { severity: 'warning', message, ...(field !== undefined ? { field } : {}), code }] });
  if (!isRecord(raw)) return skip(`a hook must be an object with "type": "command" and "command"; Gemini CLI discards this one, and so does hookd`, undefined, 'invalid-hook');
  const type = typeof raw['type'] === 'string' ? expandSettingsVariables(raw['type'], env) : raw['type'];
  if (type === 'runtime' || type === 'plugin') {
    return skip(`"type": "${type}" hooks are registered by code, not settings files: hookd runs only "command" hooks from a settings file; skipped`, 'type', 'unsupported-hook-type');
  }
  if (type !== 'command') {
    return skip(`invalid hook type ${JSON.stringify(type ?? null)} (Gemini CLI accepts "command"); Gemini CLI discards the hook, and so does hookd`, 'type', 'invalid-hook-type');
  }
  const rawCommand = raw['command'];
  if (rawCommand === undefined || rawCommand === null || rawCommand === '' || rawCommand === false || rawCommand === 0) {
    return skip('a command hook needs a non-empty "command"; Gemini CLI discards it, and so does hookd', 'command', 'missing-command');
  }
  if (typeof rawCommand !== 'string') return skip(`"command" must be a string, not ${describe(rawCommand)}; skipped`, 'command', 'invalid-command');
  const command = expandSettingsVariables(rawCommand, env);

  const name = optionalString(raw, 'name', env, problems);
  const description = optionalString(raw, 'description', env, problems);
  const timeout = readTimeout(raw['timeout'], problems);
  const handlerEnv = readEnv(raw['env'], env, problems);
  return {
    handler: {
      command,
      ...(name !== undefined && name !== '' ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      timeoutMs: timeout.ms,
      explicitTimeout: timeout.explicit,
      ...(handlerEnv !== undefined ? { env: handlerEnv } : {}),
    },
    problems,
  };
}

/** Gemini's de-duplication key and trusted_hooks.json entry (types.ts getHookKey): `<name or "">:<command>`. */
export function geminiHookKey(handler: Pick<GeminiHandler, 'name' | 'command'>): string {
  return `${handler.name ?? ''}:${handler.command}`;
}

/** What hooksConfig.disabled and the untrusted-hooks warning call a hook (hookRegistry.getHookName): its name, else its command. */
export function geminiHookName(handler: Pick<GeminiHandler, 'name' | 'command'>): string {
  return handler.name !== undefined && handler.name !== '' ? handler.name : handler.command;
}

function optionalString(raw: Record<string, unknown>, field: string, env: Environment, problems: HandlerProblem[]): string | undefined {
  const value = raw[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return expandSettingsVariables(value, env);
  problems.push({ severity: 'warning', message: `"${field}" must be a string, not ${describe(value)}; ignored`, field, code: `invalid-${field}` });
  return undefined;
}

/**
 * Milliseconds (Gemini passes `timeout ?? 60000` to setTimeout). Values Node's timer fires after 1 ms for (0,
 * negative, over 2^31−1, not a number) time out at once in Gemini, and in hookd (1 ms), with a warning; a whole number
 * up to 600 gets a warning that it may be Claude Code's seconds.
 */
function readTimeout(value: unknown, problems: HandlerProblem[]): { readonly ms: number; readonly explicit: boolean } {
  if (value === undefined || value === null) return { ms: GEMINI_DEFAULT_TIMEOUT_MS, explicit: false };
  const add = (message: string, code: string) => problems.push({ severity: 'warning', message, field: 'timeout', code });
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (typeof value !== 'number') {
    if (!Number.isFinite(number)) {
      add(`"timeout" must be a number of milliseconds, not ${describe(value)}: Gemini CLI's timer then fires after 1 ms, so the hook times out at once (hookd too)`, 'invalid-timeout');
      return { ms: 1, explicit: true };
    }
    add(`"timeout" is the string ${JSON.stringify(value)}: Gemini CLI's timer reads it as ${number} ms (hookd too); write a number`, 'timeout-string');
  }
  if (!(number >= 1 && number <= NODE_TIMER_MAX_MS)) {
    add(`"timeout" ${number} ms is outside 1 … ${NODE_TIMER_MAX_MS} ms: Gemini CLI's timer then fires after 1 ms, so the hook times out at once (hookd too)`, 'timeout-out-of-range');
    return { ms: 1, explicit: true };
  }
  if (Number.isInteger(number) && number <= SECONDS_LIKE_TIMEOUT_MAX) {
    add(`"timeout" is in milliseconds in Gemini CLI: ${number} ms. If it is seconds copied from Claude Code (gemini hooks migrate copies it unchanged, issue #29122), write ${number * 1000}`, 'timeout-looks-like-seconds');
  }
  return { ms: Math.ceil(number), explicit: true };
}

/** The handler's own variables. Gemini spreads the object into the environment: a string stays, a number or boolean becomes its text. */
function readEnv(value: unknown, env: Environment, problems: HandlerProblem[]): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    problems.push({ severity: 'warning', message: `"env" must be an object of variable names to strings, not ${describe(value)}; ignored`, field: 'env', code: 'invalid-env' });
    return undefined;
  }
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = expandSettingsVariables(item, env);
    else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
    else problems.push({ severity: 'warning', message: `"env.${key}" must be a string, not ${describe(item)}; that variable is not set`, field: 'env', code: 'invalid-env' });
  }
  return { ...out };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}
