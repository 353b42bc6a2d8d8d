// The argv a hook's CommandLine becomes (shell form → `shell -c script`, exec form → file + args), shared by both
// spawn paths. It only builds arrays; it never spawns.
import type { CommandLine } from './types.js';

/**
 * bash started with a socket on stdin and no SHLVL believes it runs under sshd and reads ~/.bashrc even for
 * `-c` (Node's stdio pipes are socket pairs): `--norc` keeps a hook's shell free of the user's rc file.
 */
function shellArgs(shell: string, script: string): string[] {
  // PowerShell as Claude Code runs a hook's `shell: "powershell"`: no profile, no prompts.
  if (/(^|[\\/])(pwsh|powershell)(\.exe)?$/i.test(shell)) return ['-NoProfile', '-NonInteractive', '-Command', script];
  return /(^|\/)bash$/.test(shell) ? ['--norc', '-c', script] : ['-c', script];
}

export function commandArgv(command: CommandLine): { file: string; args: readonly string[] } {
  if (command.kind === 'exec') return { file: command.file, args: command.args };
  const shell = command.shell ?? 'sh';
  if (command.login === true) return { file: shell, args: ['-lc', command.script] };
  return { file: shell, args: shellArgs(shell, command.script) };
}
