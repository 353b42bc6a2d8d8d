// Shapes what an async handler's run means once it settles: its entry in the event result (asyncRuns), the
// output kept for the session's next result, and the asyncRewake message. Pure; runs and sends nothing.
import { REWAKE_MESSAGE_CHARS, type AsyncOutput, type AsyncRun, type EventName } from '../protocol/index.js';
import type { ProcessOutcome } from '../runner/types.js';
import type { HookSpec, HookVerdict } from './dialect.js';
import type { CollectedEnv } from './run-env-file.js';

/** One settled async run, for the server to report (hooks/asyncRewake, hooks/backgroundRun, the log). */
export type AsyncSettled = {
  readonly sessionId: string;
  readonly event: EventName;
  readonly hook: HookSpec;
  readonly outcome: ProcessOutcome;
  readonly verdict: HookVerdict;
  readonly output: AsyncOutput;
  /** Set when an asyncRewake handler exited with code 2: the text to wake the model with. */
  readonly rewake?: string;
  readonly requestId?: string | number;
};

export function asyncRunOf(hook: HookSpec): AsyncRun {
  const rewake = hook.handler.type === 'command' && hook.handler.async?.rewake === true;
  return { hookId: hook.id, source: hook.source, handlerType: hook.handler.type, status: 'started', rewake };
}

/** Only what Claude Code delivers from an async hook: context, the user message, and its environment file. Decisions are dropped. */
export function asyncOutputOf(event: EventName, hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict, env: CollectedEnv | undefined): AsyncOutput {
  const message = [verdict.message, env?.note].filter((part): part is string => part !== undefined).join('; ');
  return {
    hookId: hook.id,
    event,
    source: hook.source,
    status: verdict.status,
    exitCode: outcome.exitCode,
    durationMs: Math.round(outcome.durationMs),
    ...(verdict.additionalContext !== undefined ? { additionalContext: verdict.additionalContext } : {}),
    ...(verdict.systemMessage !== undefined ? { systemMessage: verdict.systemMessage } : {}),
    ...(env !== undefined && Object.keys(env.variables).length > 0 ? { environment: env.variables } : {}),
    ...(message !== '' ? { message } : {}),
  };
}

/** The asyncRewake text: stderr, else stdout, trimmed and capped; undefined unless a rewake handler exited 2. */
export function rewakeMessage(hook: HookSpec, outcome: ProcessOutcome): string | undefined {
  if (hook.handler.type !== 'command' || hook.handler.async?.rewake !== true) return undefined;
  if (outcome.cancelled || outcome.timedOut || outcome.exitCode !== 2) return undefined;
  const stderr = outcome.stderr.text.trim();
  const text = stderr !== '' ? stderr : outcome.stdout.text.trim();
  return cutAt(text, REWAKE_MESSAGE_CHARS);
}

function cutAt(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return `${text.slice(0, end)}\n[hookd: truncated ${text.length - end} of ${text.length} characters; limit ${maxChars}]`;
}
