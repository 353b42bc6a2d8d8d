// The variables Gemini CLI 0.61 adds to a hook's environment (hookRunner.ts executeCommandHook): GEMINI_PROJECT_DIR,
// GEMINI_CWD, GEMINI_SESSION_ID, CLAUDE_PROJECT_DIR, then the handler's own `env` (which may override them). Names only.
import type { EventContext, HookSpec } from '../../engine/dialect.js';
import { geminiData } from './hook-data.js';

/**
 * Gemini sets GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR all to its working directory (the project); hookd
 * gives the project directories the workspace and GEMINI_CWD the agent's directory (session.cwd, else the workspace),
 * which is the same value whenever the agent works in the project root, as Gemini always does. GEMINI_PLANS_DIR is
 * set only when the agent sends it (params.extra.plans_dir): hookd does not know Gemini's storage layout.
 */
export function geminiEnvironment(context: EventContext, hook: HookSpec): Record<string, string> {
  const plansDir = context.params.extra?.['plans_dir'];
  return {
    GEMINI_PROJECT_DIR: context.workspace,
    ...(typeof plansDir === 'string' && plansDir !== '' ? { GEMINI_PLANS_DIR: plansDir } : {}),
    GEMINI_CWD: context.cwd,
    GEMINI_SESSION_ID: context.sessionId,
    CLAUDE_PROJECT_DIR: context.workspace,
    ...(geminiData(hook)?.env ?? {}),
  };
}
