// Claude Code `shell: "powershell"` against the built sidecar: it runs with `pwsh` found on the hooks' PATH. pwsh is not
// installed here, so a fake `pwsh` script in a temp dir records its argv and answers like a hook would.
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const session = { id: 'e2e-pwsh' };
const bash = { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_pwsh' };

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A directory with a fake `pwsh` that writes its arguments (NUL-separated) to `argv` and prints a deny decision. */
function fakePwsh(): { bin: string; argvFile: string; pwsh: string } {
  const bin = makeWorkspace('hookd-fake-pwsh-');
  const argvFile = join(bin, 'argv');
  const pwsh = join(bin, 'pwsh');
  const output = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'from pwsh' } });
  writeFileSync(pwsh, `#!/bin/sh\nfor arg in "$@"; do printf '%s\\0' "$arg"; done > '${argvFile}'\nprintf '%s' '${output}'\n`);
  chmodSync(pwsh, 0o755);
  return { bin, argvFile, pwsh };
}

async function start(settings: unknown, path: string) {
  const workspace = makeWorkspace('hookd-pwsh-ws-');
  writeClaudeSettings(workspace, settings);
  const sidecar = new Sidecar('ndjson', [], { ...process.env, PATH: path });
  open.push(sidecar);
  const init = await sidecar.initialize(workspace);
  return { sidecar, init };
}

describe('Claude Code shell "powershell" (built sidecar, fake pwsh)', () => {
  it('"shell: powershell" runs the command with pwsh -NoProfile -NonInteractive -Command <command>, and its stdout is read as usual', async () => {
    const fake = fakePwsh();
    const command = 'Write-Output "hi"; exit 0';
    const { sidecar, init } = await start(oneHook('PreToolUse', command, { shell: 'powershell' }), `${fake.bin}:${process.env.PATH ?? ''}`);
    expect(init.diagnostics).toEqual([]);
    expect(init.hooks).toHaveLength(1);
    const result = await sidecar.request('hooks/PreToolUse', bash);
    expect(result).toMatchObject({ decision: 'deny', reason: 'from pwsh' });
    expect(readFileSync(fake.argvFile, 'utf8').split('\0').slice(0, -1)).toEqual(['-NoProfile', '-NonInteractive', '-Command', command]);
  });

  it('"shell: powershell" without pwsh on the hooks\' PATH: a warning at load naming file, line and field, and the handler is skipped', async () => {
    const empty = makeWorkspace('hookd-no-pwsh-');
    const { sidecar, init } = await start(oneHook('PreToolUse', 'Write-Output hi', { shell: 'powershell' }), empty);
    expect(init.hooks).toEqual([]);
    expect(init.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'shell-not-found', field: 'hooks.PreToolUse[0].hooks[0].shell', line: expect.any(Number) }),
    ]);
    expect(init.diagnostics[0].message).toContain('pwsh');
    expect((await sidecar.request('hooks/PreToolUse', bash)).runs).toEqual([]);
  });

  it('pwsh gone from PATH at run time: the run fails with a message naming pwsh (non-blocking), never a crash', async () => {
    const fake = fakePwsh();
    const { sidecar, init } = await start(oneHook('PreToolUse', 'Write-Output hi', { shell: 'powershell' }), `${fake.bin}:${process.env.PATH ?? ''}`);
    expect(init.hooks).toHaveLength(1);
    rmSync(fake.pwsh);
    const result = await sidecar.request('hooks/PreToolUse', bash);
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'spawn_failed' });
    expect(result.runs[0].message).toContain('"pwsh"');
  });
});
