// Builds the engine's HookSpec from one validated bonsai hook: id, matchers (tool glob on the match target, path glob
// as the condition), the handler for its action, the approval gate of project shell/http hooks and the effect hash.
// Must not read files or run anything.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../config/canonical-json.js';
import type { EventContext, HandlerSpec, HookSpec } from '../../engine/dialect.js';
import { referencedVariables } from '../../engine/http-headers.js';
import { compileGlob, normalisePath } from './glob.js';
import { canVeto, type BonsaiHookData } from './hook-data.js';
import { renderJudgePrompt } from './prompt-template.js';

/**
 * The trust record's hash: the complete effect declaration (name, event, action, matcher, timeout, blocking,
 * failure policy) as canonical JSON, so editing any of it asks again. `enabled`, the file and the line are not effects.
 */
export function effectHash(data: BonsaiHookData): string {
  const declaration = {
    name: data.name,
    event: data.event,
    action: data.action,
    matcher: data.matcher,
    timeout_secs: data.timeoutSecs,
    blocking: data.blocking,
    on_failure: data.onFailure,
  };
  return `sha256:${createHash('sha256').update(canonicalJson(declaration)).digest('hex')}`;
}

/** What a project hook's approval covers: one key per hook (its file and name), bound to effectHash. */
export function approvalKey(data: BonsaiHookData): string {
  return `bonsai-hook:${data.file}#${data.name}`;
}

/** The file path a unit is about (its only file, else filePath); undefined when the event has none. */
export function unitFilePath(context: EventContext): string | undefined {
  const file = context.params.files?.[0];
  return file?.path ?? context.params.filePath;
}

function handlerOf(data: BonsaiHookData): HandlerSpec {
  const timeoutMs = data.timeoutSecs * 1000;
  // A failure blocks only where it can: a blocking hook on a pre event with on_failure = "block" (fail-closed).
  const onFailure = canVeto(data) && data.onFailure === 'block' ? 'block' : 'continue';
  const { action } = data;
  if (action.type === 'shell') return { type: 'command', command: action.command, shell: 'sh', timeoutMs, onFailure, explicitTimeout: true };
  if (action.type === 'http') {
    const allowedEnvVars = [...new Set(Object.values(action.headers).flatMap(referencedVariables))];
    return { type: 'http', url: action.url, headers: action.headers, allowedEnvVars, timeoutMs, onFailure };
  }
  const prompt = action.prompt;
  return { type: 'prompt', prompt, reply: 'text', renderPrompt: (hookInput) => renderJudgePrompt(prompt, hookInput), timeoutMs, onFailure };
}

export type BuiltHook = { readonly ok: true; readonly hook: HookSpec } | { readonly ok: false; readonly field: 'matcher.tool' | 'matcher.path'; readonly error: string };

/** The HookSpec of `data`, or the matcher field whose glob does not compile (the hook then fails at load). */
export function buildHookSpec(data: BonsaiHookData): BuiltHook {
  const tool = data.matcher.tool === undefined ? undefined : compileGlob(data.matcher.tool);
  if (tool !== undefined && !tool.ok) return { ok: false, field: 'matcher.tool', error: tool.error };
  const path = data.matcher.path === undefined ? undefined : compileGlob(data.matcher.path);
  if (path !== undefined && !path.ok) return { ok: false, field: 'matcher.path', error: path.error };
  const gated = data.scope === 'project' && data.action.type !== 'llm_prompt';
  const written = [data.matcher.tool !== undefined ? `tool = ${JSON.stringify(data.matcher.tool)}` : '', data.matcher.path !== undefined ? `path = ${JSON.stringify(data.matcher.path)}` : ''].filter(Boolean).join(', ');
  const hook: HookSpec = {
    id: `${data.scope}:${data.name}`,
    name: data.name,
    event: data.event,
    ...(written !== '' ? { matcher: `{ ${written} }` } : {}),
    // A set matcher against a missing context field is a non-match: no tool name, no match.
    matches: (target) => tool === undefined || (target !== undefined && tool.test(target)),
    ...(path !== undefined
      ? {
          applies: (context: EventContext) => {
            const file = unitFilePath(context);
            return file !== undefined && path.test(normalisePath(file, context.workspace));
          },
          condition: `path = ${JSON.stringify(data.matcher.path)}`,
        }
      : {}),
    handler: handlerOf(data),
    source: data.file,
    scope: data.scope === 'global' ? 'user' : 'project',
    ...(data.enabled ? {} : { disabled: true, disabledBy: `enabled = false in ${data.file}${data.line !== undefined ? ` (line ${data.line})` : ''}` }),
    // Every hook names its effect hash (the authorization ledger records it); only gated ones are keyed for trust.
    trustHash: effectHash(data),
    ...(gated
      ? {
          trustKey: approvalKey(data),
          approval: { summary: data.action.type === 'shell' ? data.action.command : data.action.url, actionType: data.action.type },
          // A guard that must fail closed cannot be skipped while it waits or after a denial: its events fail instead.
          whenUntrusted: canVeto(data) && data.onFailure === 'block' ? ('refuse' as const) : ('skip' as const),
        }
      : {}),
    location: { file: data.file, ...(data.line !== undefined ? { line: data.line } : {}), field: `hooks.${data.name}` },
    data,
  };
  return { ok: true, hook };
}
