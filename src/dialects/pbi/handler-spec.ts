// A parsed pbi handler → the CommandHandler hookd runs: pbi-agent's `[$SHELL or /bin/sh, "-lc", command]` (a login
// shell, kept for compatibility), its statusMessage as progress, the timeout in ms within what the runner can wait.
// Builds values only; must not read files.
import type { CommandHandler } from '../../engine/dialect.js';
import type { ParsedPbiHandler } from './parse-handler.js';

/** setTimeout's longest delay (2^31 − 1 ms, about 24.8 days); a longer timeout would fire at once. */
export const PBI_MAX_TIMEOUT_MS = 2_147_483_647;

/** pbi-agent's shell: `$SHELL` when set and non-empty, else `/bin/sh` (hookd's own environment, read at load). */
export function pbiShell(env: Readonly<Record<string, string | undefined>> | undefined): string {
  const shell = env?.SHELL;
  return shell !== undefined && shell !== '' ? shell : '/bin/sh';
}

export function pbiCommandHandler(parsed: ParsedPbiHandler, shell: string): { readonly handler: CommandHandler; readonly capped: boolean } {
  const wantedMs = parsed.timeoutSeconds * 1000n;
  const capped = wantedMs > BigInt(PBI_MAX_TIMEOUT_MS);
  return {
    handler: {
      type: 'command',
      command: parsed.command,
      shell,
      loginShell: true,
      timeoutMs: capped ? PBI_MAX_TIMEOUT_MS : Number(wantedMs),
      ...(parsed.explicitTimeout ? { explicitTimeout: true } : {}),
      ...(parsed.statusMessage !== '' ? { statusMessage: parsed.statusMessage } : {}),
      onFailure: 'continue',
    },
    capped,
  };
}
