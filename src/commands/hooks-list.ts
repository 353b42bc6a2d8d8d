// `hookd hooks list`: every configured hook with its state (active, parked, awaiting approval, denied, invalid, ...)
// and provenance (scope, file, line), then the diagnostics. Prints to stdout; exit 0 (the listing is the answer).
import type { HookInfo } from '../protocol/index.js';
import { stateWords } from '../engine/test-hook.js';
import { formatDiagnostic } from './check.js';
import { hooksEngine } from './hooks-engine.js';
import type { CommonFlags } from './load-options.js';

export function provenanceText(hook: HookInfo): string {
  const { scope, file, line } = hook.provenance;
  return `${scope} ${file}${line !== undefined ? `:${line}` : ''}`;
}

/** `cargo-fmt  PostFileWrite  active  project /ws/.bonsai/config.toml:3` (and why, when it is not active). */
export function hookLine(hook: HookInfo): string {
  const reason = hook.state !== 'active' && hook.stateReason !== undefined ? ` — ${hook.stateReason}` : '';
  return `${hook.name ?? hook.id}  ${hook.event || '(no event)'}  ${stateWords(hook.state)}  ${provenanceText(hook)}${reason}`;
}

function detailLine(hook: HookInfo): string | undefined {
  if (hook.state === 'invalid') return undefined;
  return `    ${hook.handlerType}${hook.command !== undefined ? `: ${hook.command}` : ''}${hook.matcher !== undefined ? `  matcher ${hook.matcher}` : ''}`;
}

export function runHooksList(flags: CommonFlags & { json?: boolean }, print: (line: string) => void): number {
  const { engine, trustStoreProblem, trustStorePath } = hooksEngine(flags);
  const hooks = engine.hooks();
  const diagnostics = engine.diagnostics();
  if (trustStoreProblem !== undefined) diagnostics.push({ severity: 'warning', file: trustStorePath, code: 'trust-store', message: trustStoreProblem });
  if (flags.json) {
    print(JSON.stringify({ dialect: engine.dialect.name, hooks, diagnostics }, null, 2));
    return 0;
  }
  print(`${engine.dialect.name}: ${hooks.length} hook(s)`);
  for (const hook of hooks) {
    print(`  ${hookLine(hook)}`);
    const detail = detailLine(hook);
    if (detail !== undefined) print(detail);
  }
  if (diagnostics.length > 0) print(`${diagnostics.length} diagnostic(s):`);
  for (const diagnostic of diagnostics) print(`  ${formatDiagnostic(diagnostic)}`);
  return 0;
}
