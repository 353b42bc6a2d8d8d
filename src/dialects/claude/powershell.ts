// Which PowerShell runs a Claude Code `shell: "powershell"` hook: `pwsh` on the hooks' PATH (Windows: then
// `powershell`). Lookup only (the runner spawns it, with -NoProfile -NonInteractive -Command); never starts anything.
import { findExecutable } from '../../runner/find-executable.js';

export type PowerShellLookup = { readonly found: true; readonly shell: string } | { readonly found: false; readonly message: string };

export function findPowerShell(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): PowerShellLookup {
  const searchEnv: Record<string, string> = {};
  for (const name of ['PATH', 'Path', 'PATHEXT']) {
    const value = env[name];
    if (value !== undefined) searchEnv[name] = value;
  }
  const candidates = platform === 'win32' ? ['pwsh', 'powershell'] : ['pwsh'];
  for (const name of candidates) {
    // The name, not the path found now: the run looks it up again on the hook's PATH (a later PATH may differ).
    if (findExecutable(name, searchEnv) !== undefined) return { found: true, shell: name };
  }
  return {
    found: false,
    message: `shell "powershell" runs with ${candidates.join(' or ')}, and none is on the hooks' PATH; handler skipped`,
  };
}
