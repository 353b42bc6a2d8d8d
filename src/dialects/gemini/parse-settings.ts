// One parsed Gemini settings.json document → its hook handlers, its `hooksConfig` and its folder-trust switch, with
// located diagnostics, read as Gemini CLI 0.61 reads them (hookRegistry.processHooksConfiguration / processHookDefinition,
// settingsSchema). Must not read files, decide trust or build HookSpecs.
import type { Node } from 'jsonc-parser';
import { diagnostic, type DiagnosticAt, type Severity } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { positionAt, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { isObjectNode, member, objectMembers, plainValue } from '../pbi/json-view.js';
import { eventFromGeminiName } from './events.js';
import { parseGeminiHandler, type GeminiHandler } from './parse-handler.js';
import { expandSettingsVariables, type Environment } from './settings-env.js';

export type ParsedGeminiHook = {
  readonly event: EventName;
  /** The event as the file names it (BeforeTool …). */
  readonly nativeEvent: string;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  /** The definition's `matcher` (expanded), when it is a string. */
  readonly matcher?: string;
  readonly sequential: boolean;
  readonly handler: GeminiHandler;
  /** Where the handler is written; its matcher (the handler when there is none). */
  readonly at: DiagnosticAt;
  readonly matcherAt: DiagnosticAt;
};

/** A setting's value and where it is written. */
export type Located<T> = { readonly value: T; readonly at: DiagnosticAt };

export type ParsedGeminiSettings = {
  readonly hooks: readonly ParsedGeminiHook[];
  /** `hooksConfig.enabled`, when a boolean. */
  readonly hooksEnabled?: Located<boolean>;
  /** `hooksConfig.disabled`: hook names (or commands of unnamed hooks). */
  readonly disabled: readonly Located<string>[];
  /** `security.folderTrust.enabled`, when a boolean. */
  readonly folderTrustEnabled?: Located<boolean>;
  readonly diagnostics: readonly Diagnostic[];
  /** The file as a whole is unusable (its root is not an object): it contributes nothing. */
  readonly rejected: boolean;
};

/** Hooks loaded from one file at most (bonsai's cap too): a real settings file has a few dozen; each costs a matcher compile. */
export const GEMINI_MAX_HOOKS_PER_FILE = 1_000;

/** Keys of `hooks` that are not events (types.ts HOOKS_CONFIG_FIELDS): Gemini skips them. */
export const HOOKS_CONFIG_FIELDS: readonly string[] = ['enabled', 'disabled', 'notifications'];

/** Claude Code's event names and Gemini's name for each (`gemini hooks migrate --from-claude`, §4.6). */
export const CLAUDE_EVENT_TO_GEMINI: Readonly<Record<string, string>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  SubagentStop: 'AfterAgent',
  PreCompact: 'PreCompress',
};

/** Other Claude Code events, which Gemini CLI has no counterpart of. */
const CLAUDE_ONLY_EVENTS: readonly string[] = ['PermissionRequest', 'PermissionDenied', 'PostToolUseFailure', 'SubagentStart', 'PostCompact', 'StopFailure', 'ConfigChange', 'CwdChanged', 'FileChanged', 'InstructionsLoaded', 'WorktreeCreate', 'WorktreeRemove', 'TaskCreated', 'TaskCompleted', 'TeammateIdle', 'Elicitation', 'ElicitationResult', 'Setup'];

/**
 * The root not being an object is an error (the file contributes nothing; Gemini refuses to start). Everything else
 * skips only what it names, as Gemini does: `hooks` not an object; an event key that is not one of Gemini's names
 * (a Claude Code name gets a warning naming the Gemini event to use — Gemini itself says "Invalid hook event name"
 * and runs nothing, observed 17); an event value that is not an array; a definition without a `hooks` array; a bad
 * handler (parse-handler.ts). A non-string `matcher` skips its definition (Gemini's planner would throw on it). Only
 * the first GEMINI_MAX_HOOKS_PER_FILE handlers load (one warning names the first left out; Gemini has no limit).
 */
export function parseGeminiSettings(document: JsonDocument, env: Environment): ParsedGeminiSettings {
  const problems = new FileDiagnostics(document.file);
  const hooks: ParsedGeminiHook[] = [];
  const disabled: Located<string>[] = [];
  let capReported = false;
  const at = (node: Node, path: JsonPath, code?: string): DiagnosticAt => ({
    file: document.file,
    ...positionAt(document.lineStarts, node.parent?.type === 'property' ? node.parent.offset : node.offset),
    field: path.length === 0 ? '(root)' : formatPath(path),
    ...(code !== undefined ? { code } : {}),
  });
  const report = (severity: Severity, code: string, message: string, node: Node, path: JsonPath): void => {
    problems.add(severity, () => diagnostic(severity, path.length === 0 ? message : `${formatPath(path)}: ${message}`, at(node, path, code)));
  };
  const root = document.root;
  if (root === undefined) return { hooks, disabled, diagnostics: problems.list(), rejected: false };
  if (!isObjectNode(root)) {
    report('error', 'invalid-settings', 'the settings file is not a JSON object (Gemini CLI refuses to start with it); file skipped', root, []);
    return { hooks, disabled, diagnostics: problems.list(), rejected: true };
  }

  const hooksConfig = member(root, 'hooksConfig')?.value;
  let hooksEnabled: Located<boolean> | undefined;
  if (hooksConfig !== undefined && isObjectNode(hooksConfig)) {
    const enabled = member(hooksConfig, 'enabled')?.value;
    if (enabled !== undefined) {
      if (enabled.type === 'boolean') hooksEnabled = { value: enabled.value === true, at: at(enabled, ['hooksConfig', 'enabled']) };
      else report('warning', 'invalid-hooks-enabled', `must be true or false; ignored`, enabled, ['hooksConfig', 'enabled']);
    }
    const list = member(hooksConfig, 'disabled')?.value;
    if (list !== undefined) {
      if (list.type !== 'array') report('warning', 'invalid-hooks-disabled', 'must be an array of hook names (or commands); ignored', list, ['hooksConfig', 'disabled']);
      else
        (list.children ?? []).forEach((item, index) => {
          const path = ['hooksConfig', 'disabled', index];
          if (item.type === 'string' && typeof item.value === 'string') disabled.push({ value: expandSettingsVariables(item.value, env), at: at(item, path) });
          else report('warning', 'invalid-hooks-disabled', 'must be a hook name (or command) string; ignored', item, path);
        });
    }
  } else if (hooksConfig !== undefined) {
    report('warning', 'invalid-hooks-config', 'must be an object; ignored', hooksConfig, ['hooksConfig']);
  }

  let folderTrustEnabled: Located<boolean> | undefined;
  const security = member(root, 'security')?.value;
  const folderTrust = security !== undefined && isObjectNode(security) ? member(security, 'folderTrust')?.value : undefined;
  const trustEnabled = folderTrust !== undefined && isObjectNode(folderTrust) ? member(folderTrust, 'enabled')?.value : undefined;
  if (trustEnabled !== undefined) {
    if (trustEnabled.type === 'boolean') folderTrustEnabled = { value: trustEnabled.value === true, at: at(trustEnabled, ['security', 'folderTrust', 'enabled']) };
    else report('warning', 'invalid-folder-trust', 'must be true or false; ignored', trustEnabled, ['security', 'folderTrust', 'enabled']);
  }

  const hooksNode = member(root, 'hooks')?.value;
  if (hooksNode !== undefined && !isObjectNode(hooksNode)) report('warning', 'invalid-hooks', 'must be an object of event names to hook definitions; ignored', hooksNode, ['hooks']);
  if (hooksNode !== undefined && isObjectNode(hooksNode)) {
    for (const entry of objectMembers(hooksNode)) {
      const eventPath = ['hooks', entry.key];
      if (HOOKS_CONFIG_FIELDS.includes(entry.key)) {
        report('info', 'hooks-config-field', `Gemini CLI skips "${entry.key}" inside "hooks"; the setting is hooksConfig.${entry.key}`, entry.value, eventPath);
        continue;
      }
      const event = eventFromGeminiName(entry.key);
      if (event === undefined) {
        report('warning', 'invalid-event', unknownEventMessage(entry.key), entry.value, eventPath);
        continue;
      }
      if (entry.value.type !== 'array') {
        report('warning', 'invalid-definitions', `must be an array of hook definitions; Gemini CLI skips it, and so does hookd`, entry.value, eventPath);
        continue;
      }
      (entry.value.children ?? []).forEach((group, groupIndex) => {
        const groupPath = [...eventPath, groupIndex];
        const list = isObjectNode(group) ? member(group, 'hooks')?.value : undefined;
        if (list === undefined || list.type !== 'array') {
          report('warning', 'invalid-definition', 'a hook definition must be an object with a "hooks" array; Gemini CLI discards it, and so does hookd', group, groupPath);
          return;
        }
        const matcherNode = member(group, 'matcher')?.value;
        let matcher: string | undefined;
        if (matcherNode !== undefined && matcherNode.type !== 'null') {
          if (matcherNode.type !== 'string' || typeof matcherNode.value !== 'string') {
            report('warning', 'invalid-matcher', 'must be a string (a regular expression on tool events); the definition is skipped', matcherNode, [...groupPath, 'matcher']);
            return;
          }
          matcher = expandSettingsVariables(matcherNode.value, env);
        }
        const sequentialNode = member(group, 'sequential')?.value;
        if (sequentialNode !== undefined && sequentialNode.type !== 'boolean' && sequentialNode.type !== 'null') {
          report('warning', 'invalid-sequential', 'must be true or false; only true makes the hooks run one after another', sequentialNode, [...groupPath, 'sequential']);
        }
        const sequential = sequentialNode?.type === 'boolean' && sequentialNode.value === true;
        (list.children ?? []).forEach((handlerNode, handlerIndex) => {
          const handlerPath = [...groupPath, 'hooks', handlerIndex];
          if (hooks.length >= GEMINI_MAX_HOOKS_PER_FILE) {
            if (!capReported) report('warning', 'too-many-hooks', `the file has more than ${GEMINI_MAX_HOOKS_PER_FILE} hooks; this one and every later one are not loaded`, handlerNode, handlerPath);
            capReported = true;
            return;
          }
          const parsed = parseGeminiHandler(plainValue(handlerNode), env);
          for (const problem of parsed.problems) {
            const fieldNode = problem.field !== undefined && isObjectNode(handlerNode) ? member(handlerNode, problem.field)?.value : undefined;
            const path = fieldNode !== undefined && problem.field !== undefined ? [...handlerPath, problem.field] : handlerPath;
            report(problem.severity, problem.code, problem.message, fieldNode ?? handlerNode, path);
          }
          if (parsed.handler === undefined) return;
          const handlerAt = at(handlerNode, handlerPath);
          hooks.push({
            event,
            nativeEvent: entry.key,
            groupIndex,
            handlerIndex,
            ...(matcher !== undefined ? { matcher } : {}),
            sequential,
            handler: parsed.handler,
            at: handlerAt,
            matcherAt: matcherNode !== undefined ? at(matcherNode, [...groupPath, 'matcher']) : handlerAt,
          });
        });
      });
    }
  }
  return {
    hooks,
    ...(hooksEnabled !== undefined ? { hooksEnabled } : {}),
    disabled,
    ...(folderTrustEnabled !== undefined ? { folderTrustEnabled } : {}),
    diagnostics: problems.list(),
    rejected: false,
  };
}

function unknownEventMessage(name: string): string {
  const gemini = CLAUDE_EVENT_TO_GEMINI[name];
  if (gemini !== undefined) {
    return `"${name}" is a Claude Code event name; Gemini CLI does not know it and runs none of its hooks (observed), and neither does hookd: write "${gemini}" (gemini hooks migrate --from-claude renames it)`;
  }
  if (CLAUDE_ONLY_EVENTS.includes(name)) return `"${name}" is a Claude Code event that Gemini CLI has no counterpart of; its hooks never run`;
  return `Invalid hook event name: "${name}" (Gemini CLI's events: BeforeTool, AfterTool, BeforeAgent, AfterAgent, BeforeModel, AfterModel, BeforeToolSelection, PreCompress, SessionStart, SessionEnd, Notification); skipped`;
}
