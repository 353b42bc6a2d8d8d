// One handler as written in a Gemini settings file, given to the dry run (hooks/dryRun, `hookd test --handler`) → a
// HookSpec with diagnostics. Reuses the settings-file handler parser; never reads or writes configuration files.
import type { HookSpec, LoadContext } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { geminiNativeName } from './events.js';
import type { GeminiHookData } from './hook-data.js';
import { GEMINI_SHELL } from './limits.js';
import { geminiHookKey, parseGeminiHandler } from './parse-handler.js';

/** The handler's problems are warnings (as in a file); a handler Gemini would discard (no command, another type) gives no hook. */
export function parseDryRunHandler(raw: unknown, event: EventName, context: LoadContext): { readonly hook?: HookSpec; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = parseGeminiHandler(raw, context.env ?? {});
  const diagnostics = parsed.problems.map((problem): Diagnostic => ({ severity: problem.severity, code: problem.code, message: problem.message, field: problem.field !== undefined ? `handler.${problem.field}` : 'handler' }));
  const handler = parsed.handler;
  if (handler === undefined) return { diagnostics };
  const data: GeminiHookData = { sequential: false, nativeEvent: geminiNativeName(event), ...(handler.name !== undefined ? { name: handler.name } : {}), ...(handler.env !== undefined ? { env: handler.env } : {}) };
  const hook: HookSpec = {
    id: `dry-run:${event}`,
    event,
    matches: () => true,
    handler: { type: 'command', command: handler.command, shell: GEMINI_SHELL, timeoutMs: handler.timeoutMs, onFailure: 'continue', ...(handler.explicitTimeout ? { explicitTimeout: true } : {}) },
    source: 'dry-run',
    scope: 'explicit',
    dedupeKey: geminiHookKey(handler),
    data,
  };
  return { hook, diagnostics };
}
