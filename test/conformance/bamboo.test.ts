// Conformance of the `bamboo` dialect to its seed (/work/shared/seeds/000_edc18a7459f17e28.txt). Each test name quotes
// the seed sentence it pins (grep the quotes). Statements about processes run through the real Engine and process
// runner with real files and fixture scripts, and check by /proc that no hook process is left. Statements that need
// the sidecar protocol (hot-reload watching, trust via protocol, programmatic hooks, the dry-run endpoint itself,
// fire-and-forget Notification) are pinned in test/e2e.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { scratchDir } from '../helpers/scratch.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../src/dialects/bamboo/index.js';
import { renderStdin } from '../../src/dialects/bamboo/envelope.js';
import { selectRuntimes } from '../../src/dialects/bamboo/runtimes.js';
import { eventContext } from '../../src/engine/dispatcher.js';
import type { EventParams } from '../../src/protocol/index.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { Bench, trackedBenches, SESSION, TS, bash, cmd, emit, script } from './bamboo-bench.js';

const bench = trackedBenches();

const loadOnly = (section: unknown, where: 'user' | 'project' = 'project') => {
  const b = bench();
  mkdirSync(join(b.hooksFile(where), '..'), { recursive: true });
  writeFileSync(b.hooksFile(where), typeof section === 'string' ? section : JSON.stringify(section, null, 2));
  return { b, result: bambooDialect.load(b.loadContext) };
};

function params(more: Partial<EventParams> = {}): EventParams {
  return { session: SESSION, ...more, extra: { timestamp: TS, ...(more.extra ?? {}) } };
}

describe('Lifecycle hooks (introduction)', () => {
  it('"Bamboo can run ordered command or external script handlers at agent lifecycle events."', async () => {
    const b = bench();
    b.file('hooks/second.sh', `#!/bin/sh\necho second >> "$REC/order"\n`);
    b.configure({ SessionStart: [{ hooks: [cmd('echo first >> "$REC/order"'), script('hooks/second.sh')] }] });
    const result = await b.dispatch('SessionStart', { source: 'startup' });
    expect(result.runs.map((run) => [run.handlerType, run.status])).toEqual([
      ['command', 'ok'],
      ['script', 'ok'],
    ]);
    expect(b.read('order')).toBe('first\nsecond\n');
  });

  it('"Configure them in the lifecycle_hooks object in $BAMBOO_DATA_DIR/hooks.json (normally ~/.bamboo/hooks.json)."', () => {
    const b = bench();
    writeFileSync(b.hooksFile('user'), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd('normal')] }] } }));
    const dataDir = join(b.root, 'custom-data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'hooks.json'), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd('custom')] }] } }));
    const normal = bambooDialect.load(b.loadContext);
    expect(normal.sources[0]).toBe(join(b.home, '.bamboo', 'hooks.json'));
    expect(normal.hooks.map((hook) => hook.handler.type === 'command' && hook.handler.command)).toEqual(['normal']);
    const custom = bambooDialect.load({ ...b.loadContext, env: { BAMBOO_DATA_DIR: dataDir } });
    expect(custom.sources[0]).toBe(join(dataDir, 'hooks.json'));
    expect(custom.hooks.map((hook) => hook.handler.type === 'command' && hook.handler.command)).toEqual(['custom']);
  });

  it('"Changes are validated and hot-reloaded." — an invalid edit is reported and the last good hooks keep running', async () => {
    const b = bench();
    expect(bambooDialect.hotReload).toBe(true);
    b.configure({ Stop: [{ hooks: [cmd(emit({ additional_context: 'v1' }))] }] });
    writeFileSync(b.hooksFile(), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd(emit({ additional_context: 'v2' }), { timeout_ms: 0 })] }] } }, null, 2));
    const snapshot = b.engine.reload(b.loadContext);
    expect(snapshot.diagnostics).toEqual(
      expect.arrayContaining([expect.objectContaining({ severity: 'error', code: 'invalid-timeout', field: 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms', line: 9, column: 13 })]),
    );
    expect((await b.dispatch('Stop')).additionalContext).toBe('v1');
    writeFileSync(b.hooksFile(), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd(emit({ additional_context: 'v3' }))] }] } }));
    b.engine.reload(b.loadContext);
    expect((await b.dispatch('Stop')).additionalContext).toBe('v3');
  });

  it('"Engine-owned hooks are snapshotted when an execution starts."', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd(emit({ additional_context: 'old' }))] }] });
    b.engine.beginRun('run-1');
    b.configure({ PreToolUse: [{ hooks: [cmd(emit({ additional_context: 'new' }))] }] });
    expect((await b.dispatch('PreToolUse', { ...bash('ls'), runId: 'run-1' })).additionalContext).toBe('old');
    expect((await b.dispatch('PreToolUse', { ...bash('ls'), runId: 'run-2' })).additionalContext).toBe('new');
  });

  it('"Notification hooks read the current configuration, and a background Bash completion reads the configuration available when it arrives."', async () => {
    const b = bench();
    const version = (v: string) => ({
      PostToolUse: [{ matcher: '^Bash$', hooks: [cmd(`echo ${v} >> "$REC/post"`)] }],
      Notification: [{ hooks: [cmd(`echo ${v} >> "$REC/notification"`)] }],
    });
    b.configure(version('old'));
    b.engine.beginRun('run-1');
    b.configure(version('new'));
    const notification = { title: 'T', message: 'B', notificationType: 'run_completed', extra: { payload: { id: 'n1', priority: 'normal', dedup_key: 'd', created_at: TS } } };
    await b.dispatch('Notification', { ...notification, runId: 'run-1' });
    await b.dispatch('PostToolUse', { ...bash('sleep 100 &'), toolResponse: { exit_code: 0 }, background: true, runId: 'run-1' });
    await b.dispatch('PostToolUse', { ...bash('ls'), toolResponse: { exit_code: 0 }, runId: 'run-1' });
    expect(b.read('notification')).toBe('new\n');
    expect(b.read('post')).toBe('new\nold\n'); // background: current configuration; foreground: the run's snapshot
  });
});

describe('Configuration', () => {
  it('the seed\'s configuration example loads as written: "matcher": "^Bash$", a command and a bun script, timeout_ms 5000 each', async () => {
    const b = bench({ path: 'bin-first' });
    b.file('.bamboo/hooks/audit-bash.sh', '#!/usr/bin/env bash\ncat > "$REC/audit.json"\n');
    b.file('.bamboo/hooks/check-command.js', NODE_EXAMPLE);
    b.file(join(b.bin, 'bun'), `#!/bin/sh\n[ "$1" = run ] || exit 64\nshift\nexec ${process.execPath} "$@"\n`); // a stand-in for bun: \`bun run x.js\`
    writeFileSync(b.hooksFile(), SEED_CONFIG);
    const snapshot = b.engine.load(b.loadContext);
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.hooks.map((hook) => [hook.id, hook.matcher, hook.handler.type, hook.handler.timeoutMs])).toEqual([
      ['user:PreToolUse[0].hooks[0]', '^Bash$', 'command', 5000],
      ['user:PreToolUse[0].hooks[1]', '^Bash$', 'script', 5000],
    ]);
    const blocked = { result: await b.dispatch('PreToolUse', bash('rm -rf /')) };
    expect(JSON.parse(b.read('audit.json'))).toMatchObject({ hook_event_name: 'PreToolUse', tool_input: { command: 'rm -rf /' } });
    expect(blocked.result).toMatchObject({ decision: 'block', reason: 'root deletion is forbidden' });
    expect(blocked.result.runs.map((run) => run.status)).toEqual(['ok', 'ok']);
  });

  it('"Each event contains ordered groups."', async () => {
    const b = bench();
    b.configure({ Stop: [{ hooks: [cmd('echo g0h0 >> "$REC/order"'), cmd('echo g0h1 >> "$REC/order"')] }, { hooks: [cmd('echo g1h0 >> "$REC/order"')] }] });
    const result = await b.dispatch('Stop');
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:Stop[0].hooks[0]', 'user:Stop[0].hooks[1]', 'user:Stop[1].hooks[0]']);
    expect(b.read('order')).toBe('g0h0\ng0h1\ng1h0\n');
  });

  it('"A group and the whole section can be disabled without deleting them."', async () => {
    const b = bench();
    b.configure({ Stop: [{ enabled: false, hooks: [cmd('echo off >> "$REC/ran"')] }, { hooks: [cmd('echo on >> "$REC/ran"')] }] });
    expect(b.engine.hooks().map((hook) => [hook.id, hook.enabled, hook.disabled])).toEqual([
      ['user:Stop[0].hooks[0]', false, true],
      ['user:Stop[1].hooks[0]', true, undefined],
    ]);
    await b.dispatch('Stop');
    expect(b.read('ran')).toBe('on\n');
    b.configure({ enabled: false, Stop: [{ hooks: [cmd('echo section >> "$REC/ran"')] }] });
    expect(b.engine.hooks().map((hook) => hook.disabled)).toEqual([true]);
    expect((await b.dispatch('Stop')).runs).toEqual([]);
    expect(b.read('ran')).toBe('on\n');
  });

  it('"matcher is a Rust regular expression over the tool name and is supported only for PreToolUse and PostToolUse." — matching', async () => {
    const b = bench();
    b.configure({
      PreToolUse: [
        { matcher: '^Bash$', hooks: [cmd('echo anchored >> "$REC/m"')] },
        { matcher: '(?i)^(?P<tool>write|edit)$', hooks: [cmd('echo named-group >> "$REC/m"')] },
        { matcher: 'Edit', hooks: [cmd('echo unanchored >> "$REC/m"')] },
        { hooks: [cmd('echo always >> "$REC/m"')] },
      ],
    });
    await b.dispatch('PreToolUse', bash('ls'));
    expect(b.read('m')).toBe('anchored\nalways\n');
    await b.dispatch('PreToolUse', { toolName: 'Edit', toolInput: {} });
    expect(b.read('m')).toBe('anchored\nalways\nnamed-group\nunanchored\nalways\n');
    await b.dispatch('PreToolUse', { toolName: 'NotebookEdit', toolInput: {} });
    expect(b.read('m')).toBe('anchored\nalways\nnamed-group\nunanchored\nalways\nunanchored\nalways\n');
  });

  it('"matcher is a Rust regular expression over the tool name and is supported only for PreToolUse and PostToolUse." — elsewhere an error at file, line and field', () => {
    const { b, result } = loadOnly({ lifecycle_hooks: { Stop: [{ matcher: 'x', hooks: [cmd('true')] }] } });
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', file: b.hooksFile('project'), line: 5, column: 9, field: 'lifecycle_hooks.Stop[0].matcher', code: 'matcher-not-supported' });
    expect(result.hooks).toEqual([]);
  });

  it('"matcher is a Rust regular expression over the tool name and is supported only for PreToolUse and PostToolUse." — Rust syntax, linear time, no look-around', () => {
    const compile = (matcher: string) => bambooDialect.compileMatcher?.('PostToolUse', matcher);
    for (const matcher of ['\\ABash\\z', '(?P<t>Bash)', '(?i)bash', '^(a+)+$']) expect(compile(matcher)).toHaveProperty('matches');
    const slow = compile('^(a+)+$');
    expect(slow && 'matches' in slow && slow.matches(`${'a'.repeat(50_000)}!`)).toBe(false);
    for (const matcher of ['(?=Bash)', '(?<!x)Bash', '(B)\\1', '(Bash']) expect(compile(matcher)).toHaveProperty('error');
  });
});

describe('Dispatch order', () => {
  it('"Handlers run sequentially in configuration order."', async () => {
    const b = bench();
    // The first handler finishes after a pause; a parallel dispatch would start the second before `done` exists.
    b.configure({
      UserPromptSubmit: [
        {
          hooks: [
            cmd('sleep 0.3; touch "$REC/done"'),
            cmd(`if [ -f "$REC/done" ]; then ${emit({ additional_context: 'second saw first done' })}; fi`),
          ],
        },
      ],
    });
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(result.additionalContext).toBe('second saw first done');
    expect(bambooDialect.execution).toBe('sequential');
  });

  it('"A control decision stops normal dispatch; observer events always run every matching handler." — a decision stops dispatch', async () => {
    const b = bench();
    b.configure({
      PreToolUse: [{ hooks: [cmd(emit({ additional_context: 'first' })), cmd(emit({ decision: 'allow', reason: 'fine' })), cmd('touch "$REC/third-ran"')] }],
    });
    const result = await b.dispatch('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'allow', reason: 'fine', additionalContext: 'first' });
    expect(result.runs.map((run) => run.hookId)).toEqual(['user:PreToolUse[0].hooks[0]', 'user:PreToolUse[0].hooks[1]']);
    expect(() => b.read('third-ran')).toThrow();
  });

  it('"A control decision stops normal dispatch; observer events always run every matching handler." — observers run every handler', async () => {
    const b = bench();
    const hooks = [cmd(`echo 1 >> "$REC/ran"; ${emit({ decision: 'block', reason: 'x' })}`), cmd('echo 2 >> "$REC/ran"; exit 2'), cmd('echo 3 >> "$REC/ran"')];
    b.configure({ SessionEnd: [{ hooks }], PreCompact: [{ hooks }] });
    expect((await b.dispatch('SessionEnd', { reason: 'completed' })).runs).toHaveLength(3);
    expect(b.read('ran')).toBe('1\n2\n3\n');
    const compaction = { trigger: 'threshold', extra: { payload: COMPRESSION } };
    expect((await b.dispatch('PreCompact', compaction)).runs).toHaveLength(3);
    expect(b.read('ran')).toBe('1\n2\n3\n1\n2\n3\n');
  });
});

describe('Handler settings', () => {
  it('"`command` | `command` | `timeout_ms` | 60000 ms" — command requires command; timeout_ms optional, default 60000 ms', () => {
    const { result } = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [cmd('a'), cmd('b', { timeout_ms: 5 })] }] } });
    expect(result.hooks.map((hook) => hook.handler.timeoutMs)).toEqual([60_000, 5]);
    const missing = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [{ type: 'command', timeout_ms: 5 }] }] } });
    expect(missing.result.diagnostics[0]).toMatchObject({ code: 'missing-field', field: 'lifecycle_hooks.Stop[0].hooks[0].command' });
  });

  it('"`script` | `path` | `runner`, `timeout_ms` | 60000 ms" — script requires path; runner and timeout_ms optional, default 60000 ms', () => {
    const { result } = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [script('a.sh'), script('b.py', { runner: 'python', timeout_ms: 7 })] }] } });
    expect(result.hooks.map((hook) => hook.handler.timeoutMs)).toEqual([60_000, 7]);
    const missing = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [{ type: 'script', runner: 'bash' }] }] } });
    expect(missing.result.diagnostics[0]).toMatchObject({ code: 'missing-field', field: 'lifecycle_hooks.Stop[0].hooks[0].path' });
  });

  it('"Every timeout_ms must be between 1 and 600000."', () => {
    for (const ok of [1, 600_000]) expect(loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [cmd('x', { timeout_ms: ok })] }] } }).result.diagnostics).toEqual([]);
    for (const bad of [0, 600_001, -5, 2.5, '100']) {
      const { result, b } = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [cmd('x', { timeout_ms: bad })] }] } });
      expect(result.diagnostics[0]).toMatchObject({ severity: 'error', code: 'invalid-timeout', file: b.hooksFile('project'), line: 9, field: 'lifecycle_hooks.Stop[0].hooks[0].timeout_ms' });
      expect(result.rejectedSources).toEqual([b.hooksFile('project')]);
    }
  });

  it('"Stdout and stderr are each captured up to 64 KiB."', async () => {
    const b = bench();
    b.configure({ Stop: [{ hooks: [cmd("head -c 100000 /dev/zero | tr '\\0' a; head -c 70000 /dev/zero | tr '\\0' b >&2")] }] });
    const [run] = (await b.dispatch('Stop')).runs;
    expect(run?.stdout).toEqual({ bytes: 65_536, totalBytes: 100_000, truncated: true });
    expect(run?.stderr).toEqual({ bytes: 65_536, totalBytes: 70_000, truncated: true });
    expect(run).toMatchObject({ status: 'error', failureClass: 'output_truncated', decision: 'none', truncated: true });
  });

  it('"A relative script path is resolved against the session workspace."', async () => {
    const b = bench();
    const path = b.file('hooks/where.sh', '#!/bin/sh\nprintf "%s\\n%s\\n" "$PWD" "$BAMBOO_HOOK_SCRIPT" > "$REC/where"\n');
    b.configure({ Stop: [{ hooks: [script('hooks/where.sh')] }] });
    await b.dispatch('Stop', { session: { ...SESSION, cwd: join(b.workspace, 'sub') } });
    expect(b.read('where')).toBe(`${b.workspace}\n${path}\n`);
  });

  it('"Server-owned hooks fall back to the configured default work area and then Bamboo\'s data directory." — the default work area', async () => {
    const area = scratchDir('hookd-bamboo-area-');
    const b = bench({ defaultWorkArea: area });
    const path = b.file('hooks/where.sh', '#!/bin/sh\nprintf "%s\\n%s\\n" "$PWD" "$BAMBOO_HOOK_SCRIPT" > "$REC/where"\n', area);
    b.configure({ Notification: [{ hooks: [script('hooks/where.sh')] }] });
    await b.dispatch('Notification', { ...NOTIFICATION, serverOwned: true });
    expect(b.read('where')).toBe(`${area}\n${path}\n`);
  });

  it('"Server-owned hooks fall back to the configured default work area and then Bamboo\'s data directory." — no work area: the data directory', async () => {
    const b = bench();
    const path = b.file('hooks/where.sh', '#!/bin/sh\nprintf "%s\\n" "$BAMBOO_HOOK_SCRIPT" > "$REC/where"\n', b.dataDir);
    b.configure({ Notification: [{ hooks: [script('hooks/where.sh')] }] });
    await b.dispatch('Notification', { ...NOTIFICATION, serverOwned: true });
    expect(b.read('where')).toBe(`${path}\n`);
  });
});

describe('Runner selection', () => {
  /** A bench whose hook PATH is only its own (empty) bin dir: each test puts the runtimes it wants there. */
  const withBin = () => bench({ path: 'bin-only' });
  const runScript = async (b: Bench, name: string, text: string, more: Record<string, unknown> = {}) => {
    b.file(name, text);
    b.configure({ Stop: [{ hooks: [script(name, more)] }] });
    return b.dispatch('Stop');
  };

  it('"`.js`, `.mjs`, `.cjs` | `node`, then `bun run` | `node` or `bun`" — auto prefers node', async () => {
    const b = withBin();
    b.link('node', process.execPath);
    b.fake('bun');
    for (const ext of ['js', 'mjs', 'cjs']) {
      const result = await runScript(b, `hooks/h.${ext}`, `process.stdout.write(JSON.stringify({ additional_context: 'node ran ${ext}' }));`);
      expect(result.additionalContext).toBe(`node ran ${ext}`);
    }
  });

  it('"`.js`, `.mjs`, `.cjs` | `node`, then `bun run` | `node` or `bun`" — without node, auto falls back to `bun run <script>`', async () => {
    const b = withBin();
    b.fake('bun');
    const result = await runScript(b, 'hooks/h.js', 'unused');
    expect(result.additionalContext).toBe(`bun run ${join(b.workspace, 'hooks/h.js')}`);
  });

  it('"`.js`, `.mjs`, `.cjs` | `node`, then `bun run` | `node` or `bun`" — neither: a non-blocking failure saying "tried node, then bun run"', async () => {
    const b = withBin();
    const result = await runScript(b, 'hooks/h.js', 'unused');
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({
      status: 'error',
      failureClass: 'runtime_missing',
      message: `no runtime found for ${join(b.workspace, 'hooks/h.js')}: tried node, then bun run; none is on PATH (non-blocking)`,
    });
  });

  it('"`.js`, `.mjs`, `.cjs` | `node`, then `bun run` | `node` or `bun`" — an explicit runner uses only that runtime', async () => {
    const b = withBin();
    b.link('node', process.execPath);
    b.fake('bun');
    expect((await runScript(b, 'hooks/h.js', 'unused', { runner: 'bun' })).additionalContext).toBe(`bun run ${join(b.workspace, 'hooks/h.js')}`);
    const b2 = withBin();
    b2.fake('bun');
    expect((await runScript(b2, 'hooks/h.js', 'unused', { runner: 'node' })).runs[0]?.message).toContain('tried node; none is on PATH');
  });

  it('"`.py` | `python3`, then `python`; Windows also tries `py -3` | `python`"', async () => {
    const first = withBin();
    first.fake('python3');
    first.fake('python');
    expect((await runScript(first, 'h.py', 'unused')).additionalContext).toBe(`python3 ${join(first.workspace, 'h.py')}`);
    const fallback = withBin();
    fallback.fake('python');
    expect((await runScript(fallback, 'h.py', 'unused', { runner: 'python' })).additionalContext).toBe(`python ${join(fallback.workspace, 'h.py')}`);
    const none = withBin();
    expect((await runScript(none, 'h.py', 'unused')).runs[0]?.message).toContain('tried python3, then python; none is on PATH');
    const windows = selectRuntimes('h.py', 'auto', 'win32');
    expect(windows && windows.ok && windows.runtimes.map((runtime) => runtime.label)).toEqual(['python3', 'python', 'py -3']);
  });

  it('"`.sh` | system sh/Bash-compatible runtime | `bash`" — bash, then sh', async () => {
    const text = `#!/bin/sh\nif [ -n "$BASH_VERSION" ]; then n=bash; else n=sh; fi\nprintf '{"additional_context":"%s"}' "$n"\n`;
    const both = withBin();
    both.link('bash', '/bin/bash');
    both.link('sh', '/bin/sh');
    expect((await runScript(both, 'h.sh', text)).additionalContext).toBe('bash');
    const shOnly = withBin();
    shOnly.link('sh', '/bin/sh');
    // auto only: an explicit runner "bash" never falls back to sh (test/conformance/bamboo-audit-runtime.test.ts)
    expect((await runScript(shOnly, 'h.sh', text)).additionalContext).toBe('sh');
  });

  it('"`.ps1` | `pwsh`, then Windows PowerShell | `powershell`"', async () => {
    const both = withBin();
    both.fake('pwsh');
    both.fake('powershell');
    expect((await runScript(both, 'h.ps1', 'unused')).additionalContext).toBe(`pwsh -NoProfile -File ${join(both.workspace, 'h.ps1')}`);
    const fallback = withBin();
    fallback.fake('powershell');
    expect((await runScript(fallback, 'h.ps1', 'unused', { runner: 'powershell' })).additionalContext).toBe(
      `powershell -NoProfile -File ${join(fallback.workspace, 'h.ps1')}`,
    );
  });

  it('"`.bat`, `.cmd` | `cmd.exe` on Windows | `cmd`"', async () => {
    const b = bench();
    for (const name of ['h.bat', 'h.cmd']) {
      const result = await runScript(b, name, '@echo off');
      expect(result.decision).toBe('none');
      expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: process.platform === 'win32' ? null : 'unsupported' });
    }
  });

  it('"Bamboo does not bundle any of these runtimes. The selected executable must be available in the environment prepared for Bamboo child processes."', async () => {
    // node is on hookd's own PATH (it runs this test) but not on the PATH prepared for hook processes.
    const b = withBin();
    const result = await runScript(b, 'h.js', 'unused');
    expect(result.runs[0]).toMatchObject({ failureClass: 'runtime_missing' });
    b.link('node', process.execPath);
    expect((await runScript(b, 'h.js', "process.stdout.write('{}')")).runs[0]).toMatchObject({ status: 'ok' });
  });

  it('"An explicit runner must be compatible with the script extension."', () => {
    const { result, b } = loadOnly({ lifecycle_hooks: { Stop: [{ hooks: [script('check.py', { runner: 'bun' })] }] } });
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'runner-incompatible',
      file: b.hooksFile('project'),
      line: 9,
      field: 'lifecycle_hooks.Stop[0].hooks[0].runner',
      message: 'runner "bun" cannot run .py scripts; use "python" or "auto"',
    });
    expect(result.rejectedSources).toEqual([b.hooksFile('project')]);
  });

  it('"Batch files remain valid in shared configuration but report a platform diagnostic when run outside Windows."', async () => {
    const b = bench();
    b.file('hooks/notify.bat', '@echo off\r\n');
    const snapshot = b.configure({ Stop: [{ hooks: [script('hooks/notify.bat'), cmd(emit({ additional_context: 'next ran' }))] }] });
    expect(snapshot.diagnostics).toEqual([]);
    const result = await b.dispatch('Stop');
    if (process.platform === 'win32') return;
    expect(result.runs[0]).toMatchObject({
      status: 'error',
      failureClass: 'unsupported',
      message: `batch files run only on Windows (cmd.exe); this platform is ${process.platform} (non-blocking)`,
    });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next ran' });
  });

  it('"Command handlers continue to run through Bamboo\'s preferred Bash-compatible shell."', async () => {
    const b = bench();
    b.configure({ Stop: [{ hooks: [cmd(`if [[ -n "$BASH_VERSION" && "a" == a* ]]; then ${emit({ additional_context: 'bash' })}; fi`)] }] });
    expect((await b.dispatch('Stop')).additionalContext).toBe('bash');
  });

  it('"Agent events use the session workspace; server-owned notification hooks fall back to the configured default work area and then the server process directory."', async () => {
    const b = bench();
    b.configure({ Notification: [{ hooks: [cmd('pwd >> "$REC/cwd"')] }], Stop: [{ hooks: [cmd('pwd >> "$REC/cwd"')] }] });
    await b.dispatch('Stop', { session: { ...SESSION, cwd: '/' } });
    await b.dispatch('Notification', { ...NOTIFICATION, serverOwned: true });
    const area = join(b.root, 'area');
    mkdirSync(area);
    const withArea = bench({ defaultWorkArea: area, env: { REC: b.rec } });
    withArea.configure({ Notification: [{ hooks: [cmd('pwd >> "$REC/cwd"')] }] });
    await withArea.dispatch('Notification', { ...NOTIFICATION, serverOwned: true });
    expect(b.read('cwd')).toBe(`${b.workspace}\n${process.cwd()}\n${area}\n`);
  });
});

describe('Supported events', () => {
  it('Bamboo dispatches exactly SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SessionEnd, PreCompact, Notification; other event keys are errors', () => {
    expect(bambooDialect.events).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreCompact', 'Notification']);
    const { result } = loadOnly({ lifecycle_hooks: { SubagentStop: [] } });
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', code: 'unknown-event', field: 'lifecycle_hooks.SubagentStop' });
  });

  it('"`SessionStart` | A run is initialized or resumed | May inject context or stop the run."', async () => {
    const b = bench();
    b.configure({ SessionStart: [{ hooks: [cmd(emit({ additional_context: 'branch main' })), cmd(emit({ decision: 'block', reason: 'not in this repo' }))] }] });
    expect(await b.dispatch('SessionStart', { source: 'resume' })).toMatchObject({
      decision: 'block',
      continue: false,
      stopReason: 'not in this repo',
      additionalContext: 'branch main',
    });
  });

  it('"`UserPromptSubmit` | Before a submitted prompt is persisted | May block or extend the effective prompt."', async () => {
    const b = bench();
    b.configure({ UserPromptSubmit: [{ hooks: [cmd(emit({ additional_context: 'Repository uses pnpm.' }))] }] });
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'install deps' })).toMatchObject({ decision: 'none', continue: true, additionalContext: 'Repository uses pnpm.' });
    b.configure({ UserPromptSubmit: [{ hooks: [cmd('echo "prompt contains a secret" >&2; exit 2')] }] });
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'key=abc' })).toMatchObject({ decision: 'block', reason: 'prompt contains a secret' });
  });

  it('"`PreToolUse` | After arguments are parsed, before permission and dispatch | `allow`, `block`, and `ask` participate in the parent-agent permission path."', async () => {
    const b = bench();
    for (const decision of ['allow', 'block', 'ask'] as const) {
      b.configure({ PreToolUse: [{ matcher: '^Bash$', hooks: [cmd(emit({ decision, reason: `said ${decision}` }))] }] });
      expect(await b.dispatch('PreToolUse', bash('ls'))).toMatchObject({ decision, reason: `said ${decision}` });
    }
  });

  it('"`PostToolUse` | After a foreground or background tool completes | May attach feedback; background Bash completion uses `tool_name: "Bash"`."', async () => {
    const b = bench();
    b.configure({ PostToolUse: [{ matcher: '^Bash$', hooks: [cmd(`cat > "$REC/stdin"; ${emit({ decision: 'block', reason: 'tests failed' })}`)] }] });
    const result = await b.dispatch('PostToolUse', { ...bash('npm test &'), toolResponse: { exit_code: 1 }, background: true });
    expect(result).toMatchObject({ decision: 'block', reason: 'tests failed', feedback: 'tests failed', continue: true });
    const stdin = JSON.parse(b.read('stdin')) as { tool_name: string; payload: { tool_name: string; background: boolean } };
    expect([stdin.tool_name, stdin.payload.tool_name, stdin.payload.background]).toEqual(['Bash', 'Bash', true]);
  });

  it('"`Stop` | Before the run emits its terminal completion | May force a bounded continuation."', async () => {
    const b = bench({ stopBlockCap: 2 });
    b.configure({ Stop: [{ hooks: [cmd(emit({ decision: 'block', reason: 'tests still fail' }))] }] });
    expect(await b.dispatch('Stop')).toMatchObject({ decision: 'block', reason: 'tests still fail', continue: true });
    expect(await b.dispatch('Stop')).toMatchObject({ decision: 'block' });
    const capped = await b.dispatch('Stop');
    expect(capped.decision).toBe('none');
    expect(capped.notes[0]).toContain('past the cap of 2');
  });

  it('"`SessionEnd` | After a terminal status is known | Observer only; decisions cannot change the settled result."', async () => {
    const b = bench();
    b.configure({ SessionEnd: [{ hooks: [cmd(emit({ decision: 'block', reason: 'no', additional_context: 'x' })), cmd('echo no >&2; exit 2')] }] });
    const result = await b.dispatch('SessionEnd', { reason: 'completed' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.reason).toBeUndefined();
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs.map((run) => run.status)).toEqual(['ok', 'ok']);
  });

  it('"`PreCompact` | Immediately before LLM context summarization | `additional_context` becomes custom summarizer instructions. Decisions are ignored because blocking compaction risks context overflow."', async () => {
    const b = bench();
    b.configure({
      PreCompact: [{ hooks: [cmd(emit({ decision: 'block', reason: 'no', additional_context: 'Keep the open TODO list.' })), cmd(emit({ additional_context: 'Keep file paths.' }))] }],
    });
    const result = await b.dispatch('PreCompact', { trigger: 'threshold', extra: { payload: COMPRESSION } });
    expect(result).toMatchObject({
      decision: 'none',
      continue: true,
      additionalContext: 'Keep the open TODO list.\n\nKeep file paths.',
      extra: { summarizerInstructions: 'Keep the open TODO list.\n\nKeep file paths.' },
    });
    expect(result.runs[0]?.message).toBe('decision "block" ignored: decisions are ignored because blocking compaction risks context overflow');
  });

  it('"`Notification` | After notification policy and dedup, alongside desktop/ntfy/Bark delivery | Fire-and-forget observer; decisions and output are ignored."', async () => {
    const b = bench();
    expect(bambooDialect.fireAndForgetEvents).toEqual(['Notification']);
    b.configure({ Notification: [{ hooks: [cmd(emit({ decision: 'block', additional_context: 'x' })), cmd('echo not json')] }] });
    const result = await b.dispatch('Notification', NOTIFICATION);
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs.map((run) => [run.status, run.message])).toEqual([
      ['ok', 'output ignored: Notification is a fire-and-forget observer'],
      ['ok', 'output ignored: Notification is a fire-and-forget observer'],
    ]);
  });
});

describe('Input envelope', () => {
  it('"Both handler types receive the same schema-versioned JSON object on stdin:"', async () => {
    const b = bench();
    b.file('hooks/record.sh', '#!/bin/sh\ncat > "$REC/script.json"\n');
    b.configure({ PreToolUse: [{ hooks: [cmd('cat > "$REC/command.json"'), script('hooks/record.sh')] }] });
    await b.dispatch('PreToolUse', bash('ls'));
    expect(b.read('script.json')).toBe(b.read('command.json'));
    expect(JSON.parse(b.read('command.json'))).toMatchObject({ schema_version: 1, hook_event_name: 'PreToolUse', session_id: 'session-123' });
  });

  it('the seed\'s envelope example: { "schema_version": 1, "hook_event_name": "PreCompact", ... "timestamp": "2026-07-22T09:00:00Z" } reaches the hook byte for byte', async () => {
    const b = bench();
    b.configure({ PreCompact: [{ hooks: [cmd('cat > "$REC/stdin"')] }] });
    const rendered = renderStdin({ ...eventContext('PreCompact', params({ trigger: 'threshold', extra: { payload: COMPRESSION } }), '/work/project') });
    expect(JSON.parse(rendered)).toEqual(JSON.parse(SEED_ENVELOPE));
    expect(rendered).toBe(JSON.stringify(JSON.parse(SEED_ENVELOPE)).replace('"usage_percent":85', '"usage_percent":85.0'));
    await b.dispatch('PreCompact', { trigger: 'threshold', extra: { payload: COMPRESSION } });
    expect(JSON.parse(b.read('stdin'))).toEqual({ ...JSON.parse(SEED_ENVELOPE), workspace_path: b.workspace });
  });

  it('"Compression trigger is threshold, forced_overflow_recovery, or manual."', () => {
    for (const trigger of ['threshold', 'forced_overflow_recovery', 'manual']) {
      expect(bambooDialect.validateParams?.('PreCompact', params({ trigger, extra: { payload: COMPRESSION } }))).toBeUndefined();
    }
    expect(bambooDialect.validateParams?.('PreCompact', params({ trigger: 'auto', extra: { payload: COMPRESSION } }))).toBe(
      'payload.trigger: must be one of threshold, forced_overflow_recovery, manual (got "auto")',
    );
  });

  it('"A delivered notification payload contains id, category, priority, title, body, dedup_key, created_at, and an optional click_url."', async () => {
    expect(bambooDialect.validateParams?.('Notification', params(NOTIFICATION))).toBeUndefined();
    expect(bambooDialect.validateParams?.('Notification', params({ message: 'B' }))).toBe(
      'payload.id: must be a string (got nothing); payload.category: must be a string (got nothing); payload.priority: must be a string or a number (got nothing); payload.title: must be a string (got nothing); payload.dedup_key: must be a string (got nothing); payload.created_at: must be a string (got nothing)',
    );
    const b = bench();
    b.configure({ Notification: [{ hooks: [cmd('cat > "$REC/stdin"')] }] });
    await b.dispatch('Notification', { ...NOTIFICATION, extra: { payload: { ...NOTIFICATION.extra.payload, click_url: 'https://bamboo.example/runs/1' } } });
    expect(JSON.parse(b.read('stdin')).payload).toEqual({
      type: 'notification',
      id: 'notif-1',
      category: 'run_completed',
      priority: 'normal',
      title: 'Run finished',
      body: 'All tests pass.',
      dedup_key: 'run-completed:session-123',
      created_at: TS,
      click_url: 'https://bamboo.example/runs/1',
    });
  });

  it('"Tool-oriented envelopes also keep the convenience fields tool_name, tool_input, and tool_response for compatibility."', async () => {
    const b = bench();
    b.configure({ PostToolUse: [{ hooks: [cmd('cat > "$REC/stdin"')] }] });
    await b.dispatch('PostToolUse', { ...bash('ls'), toolResponse: { stdout: 'a\n', exit_code: 0 } });
    const stdin = JSON.parse(b.read('stdin')) as Record<string, unknown>;
    expect([stdin.tool_name, stdin.tool_input, stdin.tool_response]).toEqual(['Bash', { command: 'ls' }, { stdout: 'a\n', exit_code: 0 }]);
    expect(stdin.payload).toMatchObject({ type: 'tool_result', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: { stdout: 'a\n', exit_code: 0 }, background: false });
  });

  it('"BAMBOO_HOOK_EVENT: the event name from the table above." / "BAMBOO_SESSION_ID: the owning session id."', async () => {
    const b = bench();
    b.file('hooks/env.sh', '#!/bin/sh\necho "$BAMBOO_HOOK_EVENT $BAMBOO_SESSION_ID" >> "$REC/env"\n');
    b.configure({ SessionStart: [{ hooks: [cmd('echo "$BAMBOO_HOOK_EVENT $BAMBOO_SESSION_ID ${BAMBOO_HOOK_SCRIPT-unset}" >> "$REC/env"'), script('hooks/env.sh')] }] });
    await b.dispatch('SessionStart', { source: 'startup' });
    expect(b.read('env')).toBe('SessionStart session-123 unset\nSessionStart session-123\n');
  });

  it('"Script handlers additionally receive BAMBOO_HOOK_SCRIPT, the resolved script path."', async () => {
    const b = bench();
    const path = b.file('hooks/env.py', 'import os\nopen(os.path.join(os.environ["REC"], "script"), "w").write(os.environ["BAMBOO_HOOK_SCRIPT"])\n');
    b.configure({ Stop: [{ hooks: [script('./hooks/../hooks/env.py')] }] });
    await b.dispatch('Stop');
    expect(b.read('script')).toBe(path);
  });
});

describe('Output contract', () => {
  it('"For decision-capable events, a handler can write one response object to stdout:" — the seed\'s example response', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd(emit(SEED_RESPONSE))] }] });
    expect(await b.dispatch('PreToolUse', bash('rm -rf /prod'))).toMatchObject({
      decision: 'block',
      reason: 'production deletion is forbidden',
      additionalContext: 'Use the staging workspace instead.',
    });
  });

  it('"decision is allow, block, or ask."', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd(emit({ decision: 'deny' }))] }] });
    const result = await b.dispatch('PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ failureClass: 'invalid_output', message: 'invalid response: decision must be one of allow, block, ask (got "deny") (non-blocking)' });
  });

  it('"additional_context can be returned with or without a decision."', async () => {
    const b = bench();
    b.configure({ UserPromptSubmit: [{ hooks: [cmd(emit({ additional_context: 'alone' })), cmd(emit({ decision: 'allow', additional_context: 'with allow' }))] }] });
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'p' })).toMatchObject({ decision: 'allow', additionalContext: 'alone\n\nwith allow' });
  });

  it('"A handler exits 0 and writes either no stdout or exactly one JSON response."', async () => {
    const b = bench();
    b.configure({
      PreToolUse: [
        {
          hooks: [
            cmd('true'),
            cmd(`${emit({})}`),
            cmd(`${emit({ additional_context: 'a' })}; echo; ${emit({ additional_context: 'b' })}`),
            cmd('echo "[{}]"'),
            cmd('echo approved'),
          ],
        },
      ],
    });
    const result = await b.dispatch('PreToolUse', bash('ls'));
    expect(result.runs.map((run) => [run.status, run.failureClass])).toEqual([
      ['ok', null],
      ['ok', null],
      ['error', 'invalid_output'],
      ['error', 'invalid_output'],
      ['error', 'invalid_output'],
    ]);
    expect(result.decision).toBe('none');
  });

  it('"Exit 2 blocks with stderr as the reason."', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd(`${emit({ decision: 'allow' })}; echo "  production deletion is forbidden  " >&2; exit 2`)] }] });
    const result = await b.dispatch('PreToolUse', bash('rm -rf /prod'));
    expect(result).toMatchObject({ decision: 'block', reason: 'production deletion is forbidden' });
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 2 });
  });

  const nextRuns = cmd(emit({ additional_context: 'next handler ran' }));
  it('"Other non-zero exits, malformed or truncated stdout, missing runtimes, and timeouts are logged and treated as non-blocking failures." — other non-zero exits', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd(`${emit({ decision: 'block', reason: 'x' })}; echo "broken" >&2; exit 1`), nextRuns] }] });
    const result = await b.dispatch('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next handler ran' });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1, message: 'exit code 1: broken (non-blocking)' });
  });

  it('"Other non-zero exits, malformed or truncated stdout, missing runtimes, and timeouts are logged and treated as non-blocking failures." — malformed stdout', async () => {
    const b = bench();
    b.configure({ Stop: [{ hooks: [cmd('echo \'{"decision": "block",\''), nextRuns] }] });
    const result = await b.dispatch('Stop');
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next handler ran' });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('"Other non-zero exits, malformed or truncated stdout, missing runtimes, and timeouts are logged and treated as non-blocking failures." — truncated stdout', async () => {
    const b = bench();
    b.configure({ Stop: [{ hooks: [cmd(`printf '{"decision":"block","reason":"%s"}' "$(head -c 70000 /dev/zero | tr '\\0' x)"`), nextRuns] }] });
    const result = await b.dispatch('Stop');
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next handler ran' });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'output_truncated', stdout: { bytes: 65_536, truncated: true } });
  });

  it('"Other non-zero exits, malformed or truncated stdout, missing runtimes, and timeouts are logged and treated as non-blocking failures." — missing runtimes', async () => {
    const b = bench({ path: 'bin-only' });
    b.file('hooks/check.py', 'print("{}")');
    b.configure({ Stop: [{ hooks: [script('hooks/check.py', { runner: 'python' })] }] });
    const result = await b.dispatch('Stop');
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'runtime_missing', exitCode: null });
  });

  it('"Other non-zero exits, malformed or truncated stdout, missing runtimes, and timeouts are logged and treated as non-blocking failures." — timeouts (the tree is killed)', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd('echo $$ >> "$REC/pids"; sleep 30 & echo $! >> "$REC/pids"; echo "{\\"decision\\":\\"block\\"}"; wait', { timeout_ms: 1000 }), nextRuns] }] });
    const result = await b.dispatch('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next handler ran' });
    expect(result.runs[0]).toMatchObject({ status: 'timeout', failureClass: 'timeout', timedOut: true });
    const pids = readPids(join(b.rec, 'pids'));
    expect(pids).toHaveLength(2);
    expect(allGone(pids)).toBe(true);
  });

  it('"The dry-run endpoint returns these diagnostics without persisting configuration." — engine level (the endpoint: test/e2e)', async () => {
    const b = bench();
    b.configure({});
    const parsed = bambooDialect.parseHandler?.({ type: 'command', command: 'echo broken >&2; exit 1' }, 'Stop', b.loadContext);
    if (parsed?.hook === undefined) throw new Error('not parsed');
    const { result } = await b.engine.dryRun(parsed.hook, 'Stop', bambooDialect.syntheticParams!('Stop', b.workspace));
    expect(result.runs[0]).toMatchObject({ hookId: 'dry-run:Stop', status: 'error', failureClass: 'nonzero_exit', message: 'exit code 1: broken (non-blocking)' });
    expect(b.engine.hooks()).toEqual([]);
    const invalid = bambooDialect.parseHandler?.({ type: 'script', path: 'x.rb' }, 'Stop', b.loadContext);
    expect(invalid?.diagnostics[0]).toMatchObject({ severity: 'error', code: 'unsupported-extension', field: 'handler.path' });
  });

  it('"Observer events (SessionEnd, Notification) never change control flow."', async () => {
    const b = bench();
    const hooks = [cmd('echo stop >&2; exit 2'), cmd(emit({ decision: 'block', reason: 'r' }))];
    b.configure({ SessionEnd: [{ hooks }], Notification: [{ hooks }] });
    for (const [event, extra] of [
      ['SessionEnd', { reason: 'completed' }],
      ['Notification', NOTIFICATION],
    ] as const) {
      const result = await b.dispatch(event, extra);
      expect(result).toMatchObject({ decision: 'none', continue: true });
      expect(result.runs).toHaveLength(2);
    }
  });

  it('"PreCompact consumes only additional_context; its decision and an exit-2 block signal are deliberately ignored."', async () => {
    const b = bench();
    b.configure({ PreCompact: [{ hooks: [cmd('echo "do not compact" >&2; exit 2'), cmd(emit({ decision: 'block', additional_context: 'Keep the plan.' }))] }] });
    const result = await b.dispatch('PreCompact', { trigger: 'manual', extra: { payload: COMPRESSION } });
    expect(result).toMatchObject({ decision: 'none', continue: true, additionalContext: 'Keep the plan.', extra: { summarizerInstructions: 'Keep the plan.' } });
    expect(result.reason).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 2, message: 'exit code 2 ignored: decisions are ignored because blocking compaction risks context overflow' });
  });
});

describe('Script examples', () => {
  it('"Node.js or Bun (.bamboo/hooks/check-command.js)" — the example blocks rm -rf / and answers {} otherwise', async () => {
    const b = bench();
    b.file('.bamboo/hooks/check-command.js', NODE_EXAMPLE);
    b.configure({ PreToolUse: [{ matcher: '^Bash$', hooks: [script('.bamboo/hooks/check-command.js')] }] });
    expect(await b.dispatch('PreToolUse', bash('rm -rf /'))).toMatchObject({ decision: 'block', reason: 'root deletion is forbidden' });
    const allowed = await b.dispatch('PreToolUse', bash('ls'));
    expect(allowed.decision).toBe('none');
    expect(allowed.runs[0]).toMatchObject({ status: 'ok' });
  });

  it('"Python (.bamboo/hooks/add-context.py)" — the example adds "hooked <event>"', async () => {
    const b = bench();
    b.file('.bamboo/hooks/add-context.py', PYTHON_EXAMPLE);
    b.configure({ SessionStart: [{ hooks: [script('.bamboo/hooks/add-context.py')] }] });
    expect((await b.dispatch('SessionStart', { source: 'startup' })).additionalContext).toBe('hooked SessionStart');
  });

  it('"Shell (.bamboo/hooks/block-dangerous-bash.sh)" — the example blocks recursive deletion with exit 2 and stderr', async () => {
    const b = bench();
    b.file('.bamboo/hooks/block-dangerous-bash.sh', SHELL_EXAMPLE);
    b.configure({ PreToolUse: [{ matcher: '^Bash$', hooks: [script('.bamboo/hooks/block-dangerous-bash.sh')] }] });
    expect(await b.dispatch('PreToolUse', bash('rm -rf ~'))).toMatchObject({ decision: 'block', reason: 'dangerous recursive deletion is blocked' });
    const allowed = await b.dispatch('PreToolUse', bash('rm -r build'));
    expect(allowed).toMatchObject({ decision: 'none' });
    expect(allowed.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
  });

  it('"Auto-format after an edit:" — PostToolUse "^(Write|Edit)$" runs the formatter with timeout_ms 30000', async () => {
    const b = bench();
    const snapshot = b.configure({ PostToolUse: [{ matcher: '^(Write|Edit)$', hooks: [cmd('echo fmt >> "$REC/fmt"', { timeout_ms: 30000 })] }] });
    expect(snapshot.hooks[0]?.handler.timeoutMs).toBe(30_000);
    for (const toolName of ['Write', 'Edit', 'MultiEdit', 'Bash']) await b.dispatch('PostToolUse', { toolName, toolInput: {}, toolResponse: {} });
    expect(b.read('fmt')).toBe('fmt\nfmt\n');
  });
});

describe('Process and security model', () => {
  it('"Every script invocation is a fresh child process."', async () => {
    const b = bench();
    b.file('hooks/pid.sh', '#!/bin/sh\necho $$ >> "$REC/pids"\n');
    b.configure({ Stop: [{ hooks: [script('hooks/pid.sh'), script('hooks/pid.sh')] }] });
    await b.dispatch('Stop');
    await b.dispatch('Stop');
    const pids = readPids(join(b.rec, 'pids'));
    expect(pids).toHaveLength(4);
    expect(new Set(pids).size).toBe(4);
    expect(pids).not.toContain(process.pid);
    expect(allGone(pids)).toBe(true);
  });

  it('"Bamboo supplies the prepared environment and working directory, writes the envelope to stdin, drains bounded stdout/stderr concurrently, enforces the configured wall-clock deadline, and kills the process tree on timeout." — environment, cwd, stdin', async () => {
    const b = bench({ env: { PREPARED: 'yes' } });
    b.file('hooks/see.sh', '#!/bin/sh\nprintf "%s|%s|" "$PREPARED" "$PWD" > "$REC/seen"; cat >> "$REC/seen"\n');
    b.configure({ Stop: [{ hooks: [script('hooks/see.sh')] }] });
    await b.dispatch('Stop', { stopHookActive: true });
    const [prepared, cwd, stdin] = b.read('seen').split('|');
    expect([prepared, cwd]).toEqual(['yes', b.workspace]);
    expect(JSON.parse(stdin ?? '')).toMatchObject({ hook_event_name: 'Stop', payload: { type: 'stop', stop_hook_active: true } });
  });

  it('"Bamboo supplies the prepared environment and working directory, writes the envelope to stdin, drains bounded stdout/stderr concurrently, enforces the configured wall-clock deadline, and kills the process tree on timeout." — draining', async () => {
    const b = bench();
    // 1 MiB on stderr before the answer on stdout: a runner that read one pipe at a time would deadlock here.
    b.file('hooks/flood.sh', `#!/bin/sh\nhead -c 1048576 /dev/zero >&2\n${emit({ additional_context: 'after the flood' })}\n`);
    b.configure({ Stop: [{ hooks: [script('hooks/flood.sh', { timeout_ms: 20000 })] }] });
    const result = await b.dispatch('Stop');
    expect(result.additionalContext).toBe('after the flood');
    expect(result.runs[0]?.stderr).toEqual({ bytes: 65_536, totalBytes: 1_048_576, truncated: true });
  });

  it('"Bamboo supplies the prepared environment and working directory, writes the envelope to stdin, drains bounded stdout/stderr concurrently, enforces the configured wall-clock deadline, and kills the process tree on timeout." — deadline and tree kill', async () => {
    const b = bench();
    b.file(
      'hooks/tree.sh',
      '#!/bin/sh\necho $$ >> "$REC/pids"\n(sleep 30 & echo $! >> "$REC/pids"; wait) &\nsetsid sleep 30 & echo $! >> "$REC/pids"\nwait\n',
    );
    b.configure({ Stop: [{ hooks: [script('hooks/tree.sh', { timeout_ms: 1000 })] }] });
    const result = await b.dispatch('Stop');
    expect(result.runs[0]).toMatchObject({ status: 'timeout', failureClass: 'timeout', message: 'timed out after 1000 ms; its process tree was killed (non-blocking)' });
    const pids = readPids(join(b.rec, 'pids'));
    expect(pids.length).toBeGreaterThanOrEqual(3);
    expect(allGone(pids)).toBe(true);
  });

  it('"External scripts are not sandboxed. They run with the filesystem, network, environment, and operating-system permissions of the Bamboo process user."', async () => {
    const b = bench({ env: { HOOKD_PARENT_SECRET: 'visible' } });
    const outside = join(b.root, 'outside-workspace.txt');
    b.file('hooks/who.sh', `#!/bin/sh\nid -u > "${outside}"\necho "$HOOKD_PARENT_SECRET" >> "${outside}"\n`);
    b.configure({ Stop: [{ hooks: [script('hooks/who.sh')] }] });
    await b.dispatch('Stop');
    expect(readFileSync(outside, 'utf8')).toBe(`${process.getuid?.()}\nvisible\n`);
  });

  it('"Project-local hook discovery requires a separate trust gate." — project hooks wait for trust; user hooks do not', async () => {
    const b = bench();
    mkdirSync(join(b.workspace, '.bamboo'));
    writeFileSync(b.hooksFile('user'), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd('echo user >> "$REC/ran"')] }] } }));
    writeFileSync(b.hooksFile('project'), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd('echo project >> "$REC/ran"')] }] } }));
    b.engine.load(b.loadContext);
    const key = `workspace:${b.workspace}`;
    expect(b.engine.trustKeys()).toEqual([key]);
    expect(b.engine.hooks().map((hook) => [hook.scope, hook.enabled, hook.trust])).toEqual([
      ['user', true, undefined],
      ['project', false, 'untrusted'],
    ]);
    await b.dispatch('Stop');
    expect(b.read('ran')).toBe('user\n');
    b.engine.setTrusted(key, true);
    await b.dispatch('Stop');
    expect(b.read('ran')).toBe('user\nuser\nproject\n');
  });

  it('"The lifecycle-hook dry-run endpoint accepts either handler type and uses the production input schema, timeout, output limits, working directory, runtime selection, and a deterministic synthetic payload for the selected event." — engine level', async () => {
    const b = bench();
    b.configure({});
    b.file('hooks/dry.sh', '#!/bin/sh\ncat > "$REC/dry-$BAMBOO_HOOK_EVENT.json"; pwd >> "$REC/dry-cwd"\n');
    for (const event of bambooDialect.events) {
      for (const raw of [{ type: 'script', path: 'hooks/dry.sh' }, { type: 'command', command: `cat > "$REC/cmd-${event}.json"`, timeout_ms: 5000 }]) {
        const parsed = bambooDialect.parseHandler?.(raw, event, b.loadContext);
        if (parsed?.hook === undefined) throw new Error(JSON.stringify(parsed?.diagnostics));
        const { result } = await b.engine.dryRun(parsed.hook, event, bambooDialect.syntheticParams!(event, b.workspace));
        expect(result.runs[0]).toMatchObject({ status: 'ok', hookId: `dry-run:${event}` });
      }
      expect(b.read(`dry-${event}.json`)).toBe(b.read(`cmd-${event}.json`));
      expect(JSON.parse(b.read(`dry-${event}.json`))).toMatchObject({ schema_version: 1, hook_event_name: event, session_id: 'hookd-dry-run', timestamp: TS });
    }
    expect(new Set(b.read('dry-cwd').trim().split('\n'))).toEqual(new Set([b.workspace]));
    const slow = bambooDialect.parseHandler?.({ type: 'command', command: 'sleep 30', timeout_ms: 300 }, 'Stop', b.loadContext);
    if (slow?.hook === undefined) throw new Error('not parsed');
    expect((await b.engine.dryRun(slow.hook, 'Stop', bambooDialect.syntheticParams!('Stop', b.workspace))).result.runs[0]).toMatchObject({ failureClass: 'timeout' });
  });
});

const COMPRESSION = { estimated_tokens: 170000, usage_percent: 85.0, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' };
const NOTIFICATION = {
  title: 'Run finished',
  message: 'All tests pass.',
  notificationType: 'run_completed',
  extra: { payload: { id: 'notif-1', priority: 'normal', dedup_key: 'run-completed:session-123', created_at: TS } },
};

const SEED_CONFIG = `{
  "lifecycle_hooks": {
    "enabled": true,
    "PreToolUse": [
      {
        "matcher": "^Bash$",
        "hooks": [
          {
            "type": "command",
            "command": ".bamboo/hooks/audit-bash.sh",
            "timeout_ms": 5000
          },
          {
            "type": "script",
            "path": ".bamboo/hooks/check-command.js",
            "runner": "bun",
            "timeout_ms": 5000
          }
        ]
      }
    ]
  }
}`;

const SEED_ENVELOPE = `{
  "schema_version": 1,
  "hook_event_name": "PreCompact",
  "session_id": "session-123",
  "workspace_path": "/work/project",
  "model": "claude-sonnet-4",
  "payload": {
    "type": "compression",
    "estimated_tokens": 170000,
    "usage_percent": 85.0,
    "max_context_tokens": 200000,
    "trigger_context_tokens": 160000,
    "trigger": "threshold",
    "phase": "pre-turn"
  },
  "timestamp": "2026-07-22T09:00:00Z"
}`;

const SEED_RESPONSE = { decision: 'block', reason: 'production deletion is forbidden', additional_context: 'Use the staging workspace instead.' };

const NODE_EXAMPLE = `let raw = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (raw += chunk));
process.stdin.on("end", () => {
  const input = JSON.parse(raw);
  const command = input.tool_input?.command ?? "";
  const response = command.includes("rm -rf /")
    ? { decision: "block", reason: "root deletion is forbidden" }
    : {};
  process.stdout.write(JSON.stringify(response));
});
`;

const PYTHON_EXAMPLE = `import json
import sys

payload = json.load(sys.stdin)
print(json.dumps({
    "additional_context": f"hooked {payload['hook_event_name']}"
}))
`;

const SHELL_EXAMPLE = `#!/usr/bin/env bash
set -euo pipefail
payload=$(cat)
command=$(printf '%s' "$payload" | jq -r '.tool_input.command // ""')
if printf '%s' "$command" | grep -Eq '(^|[;&|[:space:]])rm[[:space:]]+-rf[[:space:]]+(/|~)'; then
  printf '%s\\n' 'dangerous recursive deletion is blocked' >&2
  exit 2
fi
`;

