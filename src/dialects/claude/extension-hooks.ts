// What Claude Code does to hooks of extension sources (plugin hooks files, skill and subagent frontmatter) beyond the
// settings-file rules: ${CLAUDE_PLUGIN_ROOT} / ${CLAUDE_PLUGIN_DATA} substitution, a subagent's Stop becoming
// SubagentStop, `once` (skills only). Pure functions of one parsed hook; must not read files or assign ids.
import type { HandlerSpec } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { infoAt, warningAt } from '../../config/diagnostic.js';
import type { ParsedHook } from './parse-settings.js';
import type { SettingsSource } from './sources.js';

export const PLUGIN_ROOT_PLACEHOLDER = '${CLAUDE_PLUGIN_ROOT}';
export const PLUGIN_DATA_PLACEHOLDER = '${CLAUDE_PLUGIN_DATA}';

export type AdaptedHook = {
  readonly event: EventName;
  readonly handler: HandlerSpec;
  readonly once: boolean;
  readonly diagnostics: readonly Diagnostic[];
};

/**
 * - A subagent's `Stop` hooks run when that subagent stops: they become `SubagentStop` (Claude Code converts them).
 * - `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` in `command` and `args` are replaced by the source's plugin
 *   directories (settings files never had them: there they stay as written). A data placeholder without a data
 *   directory stays as written, with a warning.
 * - `once: true` is honoured only in skill frontmatter; elsewhere it is ignored with an info diagnostic.
 * `raw` is the handler object as written (for `once`, which the handler parser does not keep).
 */
export function adaptHook(source: SettingsSource, hook: ParsedHook, raw: unknown): AdaptedHook {
  const diagnostics: Diagnostic[] = [];
  const event: EventName = source.scope === 'subagent' && hook.event === 'Stop' ? 'SubagentStop' : hook.event;
  const onceWritten = isRecord(raw) && raw.once === true;
  const once = onceWritten && source.scope === 'skill';
  if (onceWritten && !once) {
    diagnostics.push(infoAt('"once" is honoured only in skill frontmatter; ignored (the hook runs every time)', { ...hook.at, field: `${hook.at.field ?? ''}.once`, code: 'once-ignored' }));
  }
  let handler = hook.handler;
  if (source.pluginRoot !== undefined && handler.type === 'command') {
    const root = source.pluginRoot;
    const data = source.pluginData;
    const substitute = (text: string): string => {
      const rooted = text.replaceAll(PLUGIN_ROOT_PLACEHOLDER, root);
      return data !== undefined ? rooted.replaceAll(PLUGIN_DATA_PLACEHOLDER, data) : rooted;
    };
    const texts = [handler.command, ...(handler.args ?? [])];
    if (data === undefined && texts.some((text) => text.includes(PLUGIN_DATA_PLACEHOLDER))) {
      diagnostics.push(
        warningAt(`${PLUGIN_DATA_PLACEHOLDER} is used but the source has no pluginData; left as written`, { ...hook.at, code: 'plugin-data-unknown' }),
      );
    }
    handler = { ...handler, command: substitute(handler.command), ...(handler.args !== undefined ? { args: handler.args.map(substitute) } : {}) };
  }
  return { event, handler, once, diagnostics };
}

/** The handler object as written at `hooks.<Event>[group].hooks[handler]` of a document value. */
export function rawHandler(value: unknown, hook: ParsedHook): unknown {
  const groups = isRecord(value) && isRecord(value.hooks) ? value.hooks[hook.event] : undefined;
  const group = Array.isArray(groups) ? (groups[hook.groupIndex] as unknown) : undefined;
  const handlers = isRecord(group) ? group.hooks : undefined;
  return Array.isArray(handlers) ? (handlers[hook.handlerIndex] as unknown) : undefined;
}

/** A settings document's problem as a whole (not an object, `hooks` not an object): a reload keeps its last good hooks. */
export function fileLevelProblem(value: unknown): boolean {
  if (value === undefined) return false;
  if (!isRecord(value)) return true;
  return value.hooks !== undefined && !isRecord(value.hooks);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
