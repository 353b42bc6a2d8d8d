// One handler object of a codex hooks.json (hook-systems §3.1, codex-rs HookHandlerConfig) → the CommandHandler hookd
// runs, or why it is skipped. Values only: must not read files, compute keys or hashes, or decide trust.
import type { CommandHandler } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { CODEX_DEFAULT_TIMEOUT_MS, CODEX_MIN_TIMEOUT_MS, CODEX_SHELL } from './limits.js';

/** setTimeout's longest delay (2^31 − 1 ms, about 24.8 days); a longer timeout would fire at once. */
export const CODEX_MAX_TIMEOUT_MS = 2_147_483_647;

export type HandlerProblem = {
  readonly severity: 'warning' | 'info';
  readonly code: string;
  readonly message: string;
  /** The field inside the handler the problem is about ([] = the handler itself). */
  readonly path: readonly string[];
};

export type CodexHandlerParse = {
  /** Undefined: the handler is skipped (its problems say why). */
  readonly handler?: CommandHandler;
  readonly problems: readonly HandlerProblem[];
};

/** Handler types Codex knows but hookd does not run for codex, and why. */
const SKIPPED_TYPES: Readonly<Record<string, string>> = {
  prompt: 'prompt hooks are not supported yet (Codex parses and skips them too)',
  agent: 'agent hooks are not supported yet (Codex parses and skips them too)',
  mcp_tool: 'hookd does not run mcp_tool handlers for codex yet (Codex calls the MCP tool)',
};

/** Events Codex always runs synchronously (§3.5 "SessionEnd always sync"). */
const ALWAYS_SYNC: readonly EventName[] = ['SessionEnd'];

/** Events that can produce additionalContext (Codex warns about `additionalContextLimit` on the others). */
const CONTEXT_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'SubagentStart'];

/** SessionEnd (§3.3): "1 s default, max 3 s". */
const SESSION_END_TIMEOUT_MS = { default: 1_000, max: 3_000 } as const;

/**
 * As Codex reads a handler, with one difference: where a field has the wrong type Codex refuses the whole file
 * (serde), hookd skips only this handler with a warning. Skipped: not an object; `type` missing, unknown, or
 * prompt/agent/mcp_tool; `command` not a string or blank (after trimming, "skipping empty hook command");
 * `timeout` not a whole number ≥ 0 (seconds), `statusMessage`, `commandWindows` not strings, `async` not a boolean,
 * `additionalContextLimit` not a whole number ≥ 0 (a warning on events that cannot produce context, as Codex; hookd
 * does not spill long context to disk, so the limit has no other effect).
 * `timeout` defaults to 600 s and 0 counts as 1 s (Codex's `max(1)`); over setTimeout's range it is capped (a
 * warning); on SessionEnd it defaults to 1 s and is clamped to 1–3 s (§3.3). `commandWindows` is ignored on Linux and macOS; unknown fields are ignored (as Codex). `async: true` runs
 * in the background (CommandHandler.async: it never decides), except on SessionEnd, which Codex always runs sync.
 * The command runs as `/bin/bash -c <command>` (observed), failures continue (fail open).
 */
export function parseCodexHandler(raw: unknown, event: EventName): CodexHandlerParse {
  const problems: HandlerProblem[] = [];
  const skip = (code: string, message: string, path: readonly string[] = []): CodexHandlerParse => ({ problems: [...problems, { severity: 'warning', code, message, path }] });
  if (!isObject(raw)) return skip('invalid-handler', 'a hook handler must be an object {"type": "command", "command": …}; handler skipped');

  const type = raw['type'];
  if (type === undefined) return skip('missing-type', 'a hook handler needs "type" ("command" is the one Codex runs); handler skipped', ['type']);
  if (type !== 'command') {
    const written = typeof type === 'string' ? type : JSON.stringify(type);
    const why = typeof type === 'string' && Object.hasOwn(SKIPPED_TYPES, type) ? SKIPPED_TYPES[type] : `unknown hook type ${JSON.stringify(written)}; Codex's types are command, prompt, agent and mcp_tool`;
    return skip(typeof type === 'string' && Object.hasOwn(SKIPPED_TYPES, type) ? 'unsupported-handler-type' : 'unknown-handler-type', `skipping ${written} hook: ${why}`, ['type']);
  }

  const command = raw['command'];
  if (typeof command !== 'string') return skip('missing-command', 'a command hook needs "command" (a string); handler skipped', ['command']);
  if (command.trim() === '') return skip('empty-command', 'skipping empty hook command (as Codex)', ['command']);

  for (const name of ['statusMessage', 'commandWindows'] as const) {
    const value = raw[name];
    if (value !== undefined && value !== null && typeof value !== 'string') return skip('invalid-field', `"${name}" must be a string (Codex refuses the whole file); handler skipped`, [name]);
  }
  const asyncValue = raw['async'];
  if (asyncValue !== undefined && typeof asyncValue !== 'boolean') return skip('invalid-field', '"async" must be true or false (Codex refuses the whole file); handler skipped', ['async']);

  const limit = raw['additionalContextLimit'];
  if (limit !== undefined && limit !== null) {
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) return skip('invalid-field', '"additionalContextLimit" must be a whole number of tokens, 0 or more (Codex refuses the whole file); handler skipped', ['additionalContextLimit']);
    if (!CONTEXT_EVENTS.includes(event)) problems.push({ severity: 'warning', code: 'context-limit-ignored', message: `"additionalContextLimit" is ignored on ${event}, which cannot produce additional context (Codex warns too)`, path: ['additionalContextLimit'] });
  }

  const timeout = raw['timeout'];
  const sessionEnd = event === 'SessionEnd';
  let timeoutMs = sessionEnd ? SESSION_END_TIMEOUT_MS.default : CODEX_DEFAULT_TIMEOUT_MS;
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0) {
      return skip('invalid-timeout', `"timeout" must be a whole number of seconds, 0 or more (got ${JSON.stringify(timeout) ?? String(timeout)}; Codex refuses the whole file); handler skipped`, ['timeout']);
    }
    timeoutMs = Math.max(CODEX_MIN_TIMEOUT_MS, timeout * 1000);
    if (timeout === 0) problems.push({ severity: 'info', code: 'timeout-floored', message: '"timeout": 0 counts as 1 second (as Codex)', path: ['timeout'] });
    if (sessionEnd && timeoutMs > SESSION_END_TIMEOUT_MS.max) {
      problems.push({ severity: 'info', code: 'timeout-capped', message: `"timeout" ${timeout} s on SessionEnd: Codex waits at most 3 s; 3 s applies`, path: ['timeout'] });
      timeoutMs = SESSION_END_TIMEOUT_MS.max;
    } else if (timeoutMs > CODEX_MAX_TIMEOUT_MS) {
      problems.push({ severity: 'warning', code: 'timeout-capped', message: `"timeout" ${timeout} s is longer than hookd can wait; ${Math.floor(CODEX_MAX_TIMEOUT_MS / 1000)} s applies`, path: ['timeout'] });
      timeoutMs = CODEX_MAX_TIMEOUT_MS;
    }
  }

  const statusMessage = typeof raw['statusMessage'] === 'string' ? raw['statusMessage'] : undefined;
  let runAsync = asyncValue === true;
  if (runAsync && ALWAYS_SYNC.includes(event)) {
    problems.push({ severity: 'info', code: 'async-ignored', message: `"async": true is ignored on ${event}: Codex always runs it synchronously`, path: ['async'] });
    runAsync = false;
  }
  const handler: CommandHandler = {
    type: 'command',
    command,
    shell: CODEX_SHELL,
    timeoutMs,
    ...(timeout !== undefined && timeout !== null ? { explicitTimeout: true } : {}),
    ...(statusMessage !== undefined && statusMessage !== '' ? { statusMessage } : {}),
    onFailure: 'continue',
    ...(runAsync ? { async: { rewake: false } } : {}),
  };
  return { handler, problems };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
