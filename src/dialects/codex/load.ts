// The codex dialect's configuration: $CODEX_HOME/hooks.json and, when config.toml trusts the project,
// <workspace>/.codex/hooks.json (Claude-shaped JSON), `[features] hooks` honoured; each hook carries its review (key,
// hash, status from config.toml). Reads files; never writes.
import { resolve } from 'node:path';
import type { HookSpec, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import { infoAt, warningAt } from '../../config/diagnostic.js';
import { readJsonFile, type JsonDocument } from '../../config/json-locate.js';
import type { Diagnostic } from '../../protocol/index.js';
import { codexBypassesReview } from './bypass.js';
import { projectTrusted, readCodexConfig, type CodexConfig } from './config-toml.js';
import { codexHookHash } from './hook-hash.js';
import { codexHookKey } from './hook-key.js';
import { parseCodexHooksFile, type ParsedCodexHook } from './parse-hooks-file.js';
import { readTomlHooks } from './parse-toml-hooks.js';
import type { CodexRunData } from './hook-run-data.js';
import { codexConfigPath, codexHome } from './paths.js';
import { codexReviewState } from './review.js';
import { codexSources, type CodexSource } from './sources.js';

/**
 * One HookSpec per command handler, in configured order (user hooks.json, config.toml's inline `[hooks]`, then the
 * project file; events, groups and handlers as written). Ids are `<user|user-toml|project>:<Event>[group].hooks[handler]`. A missing file contributes nothing, silently; an
 * unreadable or invalid one is an error and contributes nothing (a reload keeps its last good hooks). Written hooks
 * that do not load are `notLoaded` (hooks/explain names why): every hook when `[features] hooks = false`, and a
 * discovered project file's hooks while config.toml does not trust the project (an info diagnostic names the entry
 * to add). Each loaded hook's review comes from config.toml (`[hooks.state."<key>"]`, review.ts); only runnable ones
 * are dispatched. config.toml is among `sources`, so trusting a hook or the project (here or in Codex) reloads.
 */
export function loadCodexHooks(context: LoadContext): LoadResult {
  const configPath = codexConfigPath(context);
  const config = readCodexConfig(configPath);
  const diagnostics: Diagnostic[] = [...config.diagnostics];
  const bypass = codexBypassesReview(context);
  const sources = codexSources(context);
  const hooks: HookSpec[] = [];
  const notLoaded: HookSpec[] = [];
  const rejections: SourceRejection[] = [];
  const hooksOff = config.hooksFeature === false;
  const workspace = resolve(context.workspace);
  const runData: CodexRunData = { codexHome: codexHome(context) };

  let layerJson: { readonly path: string; readonly hooks: number } | undefined;
  for (const source of sources) {
    let document: JsonDocument;
    if (source.format === 'toml') {
      const toml = readTomlHooks(source.path);
      if (toml === undefined) continue;
      document = toml;
    } else {
      const read = readJsonFile(source.path);
      if (read.status === 'missing') continue;
      if (read.status === 'error') {
        diagnostics.push(read.diagnostic);
        rejections.push({ source: source.path, errors: 1 });
        continue;
      }
      document = read.document;
    }
    const parsed = parseCodexHooksFile(document);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.rejected) {
      rejections.push({ source: source.path, errors: parsed.diagnostics.filter((entry) => entry.severity === 'error').length || 1 });
      continue;
    }
    const specs = parsed.hooks.map((hook) => hookSpec(hook, source, config, bypass, runData));
    if (source.format === 'json' && source.label === 'user') layerJson = { path: source.path, hooks: specs.length };
    if (source.format === 'toml' && specs.length > 0 && layerJson !== undefined && layerJson.hooks > 0) {
      diagnostics.push(warningAt(`loading hooks from both ${layerJson.path} and ${source.path}; prefer a single representation for this layer (as Codex warns)`, { file: source.path, code: 'hooks-in-both' }));
    }
    const untrustedProject = source.discovered && source.scope === 'project' && !projectTrusted(config, workspace);
    if (hooksOff) {
      notLoaded.push(...specs.map((spec) => ({ ...spec, disabled: true, disabledBy: `not loaded: [features] hooks = false in ${configPath}` })));
    } else if (untrustedProject) {
      if (specs.length > 0) {
        diagnostics.push(
          infoAt(
            `the project is not trusted in ${configPath}, so its ${specs.length} hook(s) are not loaded (as Codex); to load them, add [projects.${JSON.stringify(workspace)}] trust_level = "trusted" to ${configPath}`,
            { file: source.path, line: 1, column: 1, field: '(root)', code: 'project-untrusted' },
          ),
        );
      }
      notLoaded.push(...specs.map((spec) => ({ ...spec, disabled: true, disabledBy: `not loaded: the project ${workspace} is not trusted in ${configPath} ([projects.${JSON.stringify(workspace)}] trust_level = "trusted" loads it)` })));
    } else {
      hooks.push(...specs);
    }
  }
  if (hooksOff) {
    diagnostics.push(infoAt(`hooks are turned off ([features] hooks = false): no codex hook runs`, { file: configPath, field: 'features.hooks', code: 'hooks-disabled' }));
  }

  return {
    hooks,
    diagnostics,
    sources: [...new Set([...sources.map((source) => source.path), configPath])],
    ...(notLoaded.length > 0 ? { notLoaded } : {}),
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
  };
}

function hookSpec(hook: ParsedCodexHook, source: CodexSource, config: CodexConfig, bypass: boolean, data: CodexRunData): HookSpec {
  const key = codexHookKey({ sourcePath: source.path, event: hook.event, groupIndex: hook.groupIndex, handlerIndex: hook.handlerIndex });
  const currentHash = codexHookHash({ event: hook.event, matcher: hook.effectiveMatcher, handler: hook.written });
  return {
    id: `${source.label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    matches: hook.matches,
    handler: hook.handler,
    source: source.path,
    scope: source.scope,
    location: hook.at,
    review: codexReviewState({ key, currentHash, managed: false, bypass, config }),
    data,
  };
}
