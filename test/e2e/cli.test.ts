// The one-shot commands of the built CLI: --version, --help, check, test.
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { endSentinelWriters, fifoWithSentinelWriter, sparseFile } from '../helpers/special-files.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

// The timeout only turns a hang into a failure (a killed run has status null); no test asserts a duration.
const hookd = (args: string[], input?: string) => spawnSync(process.execPath, [HOOKD_BIN, ...args], { encoding: 'utf8', input, timeout: 20_000 });

afterEach(() => endSentinelWriters());

describe('hookd CLI', () => {
  it('--version prints the version', () => {
    const result = hookd(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('--help lists the commands', () => {
    const result = hookd(['--help']);
    expect(result.status).toBe(0);
    for (const command of ['check', 'test', '--framing']) expect(result.stdout).toContain(command);
  });

  it('an unknown flag is a usage error on stderr with exit 2', () => {
    const result = hookd(['--bogus']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('bogus');
  });

  it('check prints the hooks found and exits 0 on a clean config', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('PreToolUse', 'true', { matcher: 'Bash' }));
    const result = hookd(['check', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 hook(s)');
    expect(result.stdout).toContain('PreToolUse [Bash]');
  });

  it('check exits 1 and names file, line and field for a broken config', () => {
    const workspace = makeWorkspace();
    const file = writeClaudeSettings(workspace, '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "(", "hooks": [{ "type": "command", "command": "true" }] }\n    ]\n  }\n}\n');
    const result = hookd(['check', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${file}:4`);
    expect(result.stdout).toContain('matcher');
  });

  it('check --json is machine-readable', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('Stop', 'true'));
    const report = JSON.parse(hookd(['check', '--json', '--workspace', workspace, '--home', workspace]).stdout);
    expect(report.hooks).toHaveLength(1);
    expect(report.dialect).toBe('claude');
  });

  it('test runs the matching hooks on a synthetic payload and prints the merged decision', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('PreToolUse', 'cat > seen.json; echo blocked >&2; exit 2', { matcher: 'Bash' }));
    const result = hookd(['test', 'PreToolUse', '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 hook(s) matched');
    expect(result.stdout).toContain('decision: deny — blocked');
  });

  it('test --input reads camelCase params and --json prints the full result', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('PreToolUse', 'echo no >&2; exit 2', { matcher: 'Write' }));
    const input = join(workspace, 'event.json');
    writeFileSync(input, JSON.stringify({ session: { id: 's' }, toolName: 'Write', toolInput: { file_path: 'a' } }));
    const report = JSON.parse(hookd(['test', 'PreToolUse', '--input', input, '--json', '--workspace', workspace, '--home', workspace]).stdout);
    expect(report.result.decision).toBe('deny');
    expect(report.result.runs[0].exitCode).toBe(2);
  });

  it('test with an invalid --input names the offending field', () => {
    const workspace = makeWorkspace();
    const input = join(workspace, 'event.json');
    writeFileSync(input, JSON.stringify({ session: { id: 's' }, toolInput: {} }));
    const result = hookd(['test', 'PreToolUse', '--input', input, '--workspace', workspace, '--home', workspace]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('toolName');
  });

  it('test --input - reads the params from stdin', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, oneHook('PreToolUse', 'echo no >&2; exit 2', { matcher: 'Write' }));
    const params = JSON.stringify({ session: { id: 's' }, toolName: 'Write', toolInput: { file_path: 'a' } });
    const result = hookd(['test', 'PreToolUse', '--input', '-', '--json', '--workspace', workspace, '--home', workspace], params);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).result.decision).toBe('deny');
  });

  it('test --input naming a FIFO, a device or a huge file is a usage error naming it, and nothing blocks', () => {
    const workspace = makeWorkspace();
    const fifo = join(workspace, 'event.fifo');
    fifoWithSentinelWriter(fifo);
    const zero = join(workspace, 'zero.json');
    symlinkSync('/dev/zero', zero);
    const huge = join(workspace, 'huge.json');
    sparseFile(huge, 65 * 1024 * 1024);
    const cases: Array<[string[], string]> = [
      [['--input', fifo], 'is a FIFO, not a regular file'],
      [['--input', zero], 'not a regular file'],
      [['--input', huge], 'over the 64 MiB limit'],
      [['--input', join(workspace, 'missing.json')], 'no such file'],
      [['--handler-file', zero], 'not a regular file'],
    ];
    for (const [flags, message] of cases) {
      const result = hookd(['test', 'PreToolUse', ...flags, '--dialect', flags[0] === '--handler-file' ? 'bamboo' : 'claude', '--workspace', workspace, '--home', workspace]);
      expect(result.status, `${flags.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
  });

  it('test without a valid event name lists the events', () => {
    const result = hookd(['test', 'Nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PreToolUse');
  });
});
