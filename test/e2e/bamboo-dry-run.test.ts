// The bamboo dry-run endpoint (hooks/dryRun) and `hookd test --handler` against the built sidecar and CLI: either
// handler type, the production envelope, timeout, output cap, working directory and runtime selection, a
// deterministic synthetic payload, diagnostics for invalid handlers and failed runs, and nothing persisted.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const BAMBOO_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreCompact', 'Notification'];

const PY_SCRIPT = `import json, os, sys
payload = json.load(sys.stdin)
print(json.dumps({"additional_context": "python " + payload["hook_event_name"] + " " + os.environ["BAMBOO_HOOK_SCRIPT"] + " " + os.getcwd()}))
`;
const JS_SCRIPT = `let raw = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (raw += chunk));
process.stdin.on("end", () => {
  const input = JSON.parse(raw);
  const response = (input.tool_input?.command ?? "").includes("rm -rf /")
    ? { decision: "block", reason: "root deletion is forbidden" }
    : { additional_context: "node " + process.release.name + " " + process.env.BAMBOO_HOOK_SCRIPT };
  process.stdout.write(JSON.stringify(response));
});
`;

type Started = { setup: BambooSetup; sidecar: Sidecar; out: string };

/** A setup with a user hook and an (untrusted) project hook, scripts in <workspace>/.bamboo/hooks, and a sidecar. */
async function start(options: { env?: NodeJS.ProcessEnv } = {}): Promise<Started> {
  const setup = bambooSetup();
  const out = makeWorkspace('hookd-dry-out-');
  writeBambooConfig(setup.userFile, { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'true', timeout_ms: 5000 }] }] });
  writeBambooConfig(setup.projectFile, { Stop: [{ hooks: [{ type: 'script', path: '.bamboo/hooks/add-context.py' }] }] });
  writeFileSync(join(setup.workspace, '.bamboo', 'hooks', 'add-context.py'), PY_SCRIPT);
  writeFileSync(join(setup.workspace, '.bamboo', 'hooks', 'check-command.js'), JS_SCRIPT);
  const sidecar = options.env ? new Sidecar('ndjson', [], { ...options.env, BAMBOO_DATA_DIR: setup.dataDir }) : bambooSidecar(setup);
  open.push(sidecar);
  await initializeBamboo(sidecar, setup);
  return { setup, sidecar, out };
}

const dryRun = (sidecar: Sidecar, handler: unknown, event = 'PreToolUse', params?: unknown) =>
  sidecar.request('hooks/dryRun', { event, handler, ...(params !== undefined ? { params } : {}) });

/** Every file under `dir` with its bytes (base64), for before/after comparison. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else files[child] = readFileSync(child).toString('base64');
    }
  };
  walk(dir);
  return files;
}

describe('"The lifecycle-hook dry-run endpoint accepts either handler type and uses the production input schema, timeout, output limits, working directory, runtime selection, and a deterministic synthetic payload for the selected event"', () => {
  it('a command handler: its result, and `input` is exactly the envelope it read on stdin', async () => {
    const { sidecar, setup, out } = await start();
    const stdinFile = join(out, 'stdin.json');
    const answer = await dryRun(sidecar, {
      type: 'command',
      command: `cat > '${stdinFile}'; printf '%s' '{"decision":"ask","reason":"check it","additional_context":"dry"}'`,
    });
    expect(answer.diagnostics).toEqual([]);
    expect(answer.result).toMatchObject({ event: 'PreToolUse', decision: 'ask', reason: 'check it', additionalContext: 'dry' });
    expect(answer.result.runs).toHaveLength(1);
    expect(answer.result.runs[0]).toMatchObject({ handlerType: 'command', status: 'ok', exitCode: 0, failureClass: null, decision: 'ask' });
    expect(answer.input).toEqual(JSON.parse(readFileSync(stdinFile, 'utf8')));
    expect(answer.input).toMatchObject({
      schema_version: 1,
      hook_event_name: 'PreToolUse',
      workspace_path: setup.workspace,
      payload: { tool_name: expect.any(String), tool_input: expect.any(Object) },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      tool_name: expect.any(String),
      tool_input: expect.any(Object),
    });
  });

  it('uses the production input schema: the dry-run envelope has the keys a real PreToolUse dispatch sends', async () => {
    const { sidecar, setup, out } = await start();
    const realStdin = join(out, 'real.json');
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [{ type: 'command', command: `cat > '${realStdin}'` }] }] });
    await sidecar.request('hooks/reload');
    await sidecar.request('hooks/PreToolUse', { session: { id: 's', model: 'm' }, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 't' });
    const real = JSON.parse(readFileSync(realStdin, 'utf8'));
    const { input } = await dryRun(sidecar, { type: 'command', command: 'true' });
    expect(Object.keys(input)).toEqual(Object.keys(real));
    expect(Object.keys(input.payload)).toEqual(Object.keys(real.payload));
  });

  it('a deterministic synthetic payload for every event: dry runs a second apart give the handler the same bytes', async () => {
    const { sidecar, out } = await start();
    const pass = async (name: string) => {
      const inputs: Record<string, unknown> = {};
      for (const event of BAMBOO_EVENTS) {
        const file = join(out, `${name}-${event}.json`);
        const answer = await dryRun(sidecar, { type: 'command', command: `cat > '${file}'` }, event);
        expect(answer.diagnostics).toEqual([]);
        expect(answer.result.runs[0].status).toBe('ok');
        expect(answer.input.hook_event_name).toBe(event);
        expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(answer.input);
        inputs[event] = answer.input;
      }
      return inputs;
    };
    const second = () => new Date().toISOString().slice(0, 19);
    const firstSecond = second();
    const first = await pass('a');
    // Let the wall clock move on, so that a payload stamped with "now" would differ.
    await waitUntil(() => second() !== firstSecond, 2000);
    const again = await pass('b');
    expect(again).toEqual(first);
    for (const event of BAMBOO_EVENTS) expect(readFileSync(join(out, `b-${event}.json`), 'utf8')).toBe(readFileSync(join(out, `a-${event}.json`), 'utf8'));
  });

  it('the working directory is the session workspace', async () => {
    const { sidecar, setup, out } = await start();
    const cwdFile = join(out, 'cwd');
    const answer = await dryRun(sidecar, { type: 'command', command: `pwd -P > '${cwdFile}'` });
    expect(answer.result.runs[0].status).toBe('ok');
    expect(readFileSync(cwdFile, 'utf8').trim()).toBe(realpathSync(setup.workspace));
  });

  it('a python3 script handler (.py, runner auto): relative path resolved against the workspace, BAMBOO_HOOK_SCRIPT set', async () => {
    const { sidecar, setup } = await start();
    const answer = await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/add-context.py', timeout_ms: 10_000 }, 'UserPromptSubmit');
    expect(answer.diagnostics).toEqual([]);
    const script = join(setup.workspace, '.bamboo', 'hooks', 'add-context.py');
    expect(answer.result.additionalContext).toBe(`python UserPromptSubmit ${script} ${realpathSync(setup.workspace)}`);
    expect(answer.result.runs[0]).toMatchObject({ handlerType: 'script', status: 'ok', exitCode: 0 });
    expect(answer.input.hook_event_name).toBe('UserPromptSubmit');
  });

  it('a python script with the explicit runner "python" runs too', async () => {
    const { sidecar } = await start();
    const answer = await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/add-context.py', runner: 'python' });
    expect(answer.diagnostics).toEqual([]);
    expect(answer.result.additionalContext).toMatch(/^python PreToolUse /);
  });

  it('a node script handler (.js, runner auto) and the seed\'s check-command.js blocking on a given payload', async () => {
    const { sidecar, setup } = await start();
    const handler = { type: 'script', path: '.bamboo/hooks/check-command.js' };
    const plain = await dryRun(sidecar, handler);
    expect(plain.diagnostics).toEqual([]);
    expect(plain.result.additionalContext).toBe(`node node ${join(setup.workspace, '.bamboo', 'hooks', 'check-command.js')}`);

    const blocked = await dryRun(sidecar, { ...handler, runner: 'node' }, 'PreToolUse', { toolName: 'Bash', toolInput: { command: 'rm -rf /' } });
    expect(blocked.result).toMatchObject({ decision: 'block', reason: 'root deletion is forbidden' });
    expect(blocked.input.tool_input).toEqual({ command: 'rm -rf /' });
  });

  it('timeout_ms is respected: a handler sleeping past 200 ms is killed with its tree and reported as a timeout diagnostic', async () => {
    const { sidecar, out } = await start();
    const pids = join(out, 'pids');
    const started = performance.now();
    const answer = await dryRun(sidecar, { type: 'command', command: `echo $$ >> '${pids}'; sleep 30 & echo $! >> '${pids}'; wait`, timeout_ms: 200 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'timeout', field: 'handler' })]);
    expect(answer.result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, failureClass: 'timeout' });
    expect(answer.result.runs[0].durationMs).toBeGreaterThanOrEqual(190);
    expect(answer.result.decision).toBe('none');
    const spawned = readPids(pids);
    expect(spawned).toHaveLength(2);
    expect(allGone(spawned)).toBe(true);
  });

  it('$/cancelRequest of a dry run kills the handler\'s tree and answers -32800', async () => {
    const { sidecar, out } = await start();
    const pids = join(out, 'pids');
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/dryRun', { event: 'PreToolUse', handler: { type: 'command', command: `echo $$ >> '${pids}'; sleep 30 & echo $! >> '${pids}'; wait` } }, id);
    expect(await waitUntil(() => readPids(pids).length === 2, 10_000)).toBe(true);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    expect((response.error?.data as { runs: Array<{ status: string }> }).runs.map((run) => run.status)).toEqual(['cancelled']);
    expect(allGone(readPids(pids))).toBe(true);
  });

  it('output limits: stdout over 64 KiB is truncated, not parsed, and reported as output_truncated', async () => {
    const { sidecar } = await start();
    // Valid JSON only when read whole: a truncated prefix must not be parsed.
    const command = `printf '{"decision":"block","reason":"'; head -c 70000 /dev/zero | tr '\\0' a; printf '"}'`;
    const answer = await dryRun(sidecar, { type: 'command', command });
    expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'output_truncated', field: 'handler' })]);
    expect(answer.result.runs[0]).toMatchObject({ failureClass: 'output_truncated', truncated: true, stdout: { bytes: 65536, truncated: true } });
    expect(answer.result.runs[0].stdout.totalBytes).toBe(70000 + 32);
    expect(answer.result.decision).toBe('none');
  });

  it('malformed stdout → an invalid_output diagnostic', async () => {
    const { sidecar } = await start();
    const answer = await dryRun(sidecar, { type: 'command', command: 'echo not json' });
    expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'invalid_output', field: 'handler' })]);
    expect(answer.result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('exit 1 → a nonzero_exit diagnostic (non-blocking); exit 2 blocks with stderr', async () => {
    const { sidecar } = await start();
    const failed = await dryRun(sidecar, { type: 'command', command: 'echo broken >&2; exit 1' });
    expect(failed.diagnostics).toEqual([expect.objectContaining({ code: 'nonzero_exit', field: 'handler' })]);
    expect(failed.result).toMatchObject({ decision: 'none' });
    expect(failed.result.runs[0]).toMatchObject({ exitCode: 1, failureClass: 'nonzero_exit' });

    const blocked = await dryRun(sidecar, { type: 'command', command: "printf '%s\\n' 'dangerous recursive deletion is blocked' >&2; exit 2" });
    expect(blocked.diagnostics).toEqual([]);
    expect(blocked.result).toMatchObject({ decision: 'block', reason: 'dangerous recursive deletion is blocked' });
  });

  it('a .bat script outside Windows → an unsupported diagnostic', async () => {
    const { sidecar } = await start();
    const answer = await dryRun(sidecar, { type: 'script', path: 'x.bat' });
    expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'unsupported', field: 'handler' })]);
    expect(answer.result.runs[0].failureClass).toBe('unsupported');
  });

  it.each([
    ['timeout_ms 0', (touch: string) => ({ type: 'command', command: touch, timeout_ms: 0 }), 'handler.timeout_ms'],
    ['timeout_ms 600001', (touch: string) => ({ type: 'command', command: touch, timeout_ms: 600_001 }), 'handler.timeout_ms'],
    ['an unknown type', (touch: string) => ({ type: 'shell', command: touch }), 'handler.type'],
    ['runner "bun" for a .py script', () => ({ type: 'script', path: '.bamboo/hooks/add-context.py', runner: 'bun' }), 'handler.runner'],
    ['a command handler without command', () => ({ type: 'command' }), 'handler.command'],
  ])('an invalid handler (%s) → an error diagnostic naming the field, and no result', async (_what, handler, field) => {
    const { sidecar, out } = await start();
    const answer = await dryRun(sidecar, handler(`touch '${join(out, 'ran')}'`));
    expect(answer.diagnostics).toEqual([expect.objectContaining({ severity: 'error', field })]);
    expect(answer.result).toBeUndefined();
    expect(answer.input).toBeUndefined();
    expect(readdirSync(out)).toEqual([]);
  });

  it('a missing runtime (PATH without python) → a runtime_missing diagnostic naming the runtimes tried; node on the same PATH still runs', async () => {
    const bin = makeWorkspace('hookd-dry-bin-');
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync('/bin/bash', join(bin, 'bash'));
    const { sidecar, setup } = await start({ env: { ...process.env, PATH: bin } });

    const missing = await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/add-context.py' });
    expect(missing.diagnostics).toHaveLength(1);
    expect(missing.diagnostics[0]).toMatchObject({ code: 'runtime_missing', field: 'handler' });
    expect(missing.diagnostics[0].message).toMatch(/python3.*python/);
    expect(missing.result.runs[0]).toMatchObject({ failureClass: 'runtime_missing', decision: 'none' });
    expect(missing.result.decision).toBe('none');

    const explicit = await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/add-context.py', runner: 'python' });
    expect(explicit.diagnostics[0]).toMatchObject({ code: 'runtime_missing' });

    const node = await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/check-command.js' });
    expect(node.diagnostics).toEqual([]);
    expect(node.result.additionalContext).toMatch(/^node node /);

    // The same in a real dispatch: a non-blocking failure, and the next handler still runs.
    writeBambooConfig(setup.userFile, {
      PreToolUse: [{ hooks: [{ type: 'script', path: '.bamboo/hooks/add-context.py' }, { type: 'command', command: 'echo \'{"additional_context":"next ran"}\'' }] }],
    });
    await sidecar.request('hooks/reload');
    const result = await sidecar.request('hooks/PreToolUse', { session: { id: 's' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(result.runs.map((run: { failureClass: string | null }) => run.failureClass)).toEqual(['runtime_missing', null]);
    expect(result.runs[0]).toMatchObject({ status: 'error', decision: 'none' });
    expect(result.runs[0].message).toMatch(/python3.*python/);
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'next ran' });
  });
});

describe('"The dry-run endpoint returns these diagnostics without persisting configuration"', () => {
  it('after valid, failing and invalid dry runs the config files, the data dir and hooks/list are unchanged, and events do not run the dry-run handler', async () => {
    const { sidecar, setup, out } = await start();
    const before = { workspace: tree(setup.workspace), data: tree(join(setup.dataDir, '..')), list: await sidecar.request('hooks/list') };
    const marker = join(out, 'dry-run-handler-ran');

    await dryRun(sidecar, { type: 'command', command: `echo x >> '${marker}'` });
    await dryRun(sidecar, { type: 'command', command: `echo x >> '${marker}'` }, 'Stop');
    await dryRun(sidecar, { type: 'script', path: '.bamboo/hooks/add-context.py' });
    await dryRun(sidecar, { type: 'command', command: 'exit 1' });
    await dryRun(sidecar, { type: 'command', command: 'true', timeout_ms: 0 });
    await dryRun(sidecar, { type: 'script', path: 'nope.py', runner: 'bun' });
    expect(readFileSync(marker, 'utf8')).toBe('x\nx\n');

    expect(tree(setup.workspace)).toEqual(before.workspace);
    expect(tree(join(setup.dataDir, '..'))).toEqual(before.data);
    expect(await sidecar.request('hooks/list')).toEqual(before.list);

    const result = await sidecar.request('hooks/PreToolUse', { session: { id: 's' }, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(result.runs.map((run: { source: string }) => run.source)).toEqual([setup.userFile]);
    expect(readFileSync(marker, 'utf8')).toBe('x\nx\n');
  });

  it('an unknown event is -32602 naming the event', async () => {
    const { sidecar } = await start();
    const response = await sidecar.call('hooks/dryRun', { event: 'PermissionRequest', handler: { type: 'command', command: 'true' } });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('event');
  });
});

describe('hookd test <Event> --dialect bamboo --handler (CLI dry run)', () => {
  const cli = (setup: BambooSetup, args: string[]) =>
    spawnSync(process.execPath, [HOOKD_BIN, 'test', ...args, '--dialect', 'bamboo', '--workspace', setup.workspace, '--home', join(setup.dataDir, '..')], {
      encoding: 'utf8',
      env: { ...process.env, BAMBOO_DATA_DIR: setup.dataDir },
      timeout: 20_000,
    });

  const cliSetup = () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    writeFileSync(join(setup.workspace, '.bamboo', 'hooks', 'add-context.py'), PY_SCRIPT);
    return setup;
  };

  it('a command handler: exit 0 and a text report of the run and the decision', () => {
    const setup = cliSetup();
    const before = tree(join(setup.dataDir, '..'));
    const result = cli(setup, ['PreToolUse', '--handler', JSON.stringify({ type: 'command', command: `printf '%s' '{"decision":"block","reason":"no"}'` })]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('PreToolUse: 1 hook(s) ran');
    expect(result.stdout).toMatch(/dry-run:PreToolUse: ok, exit 0/);
    expect(result.stdout).toContain('decision: block — no');
    expect(tree(join(setup.dataDir, '..'))).toEqual(before);
  });

  it('--json is parseable and carries diagnostics, result and the deterministic input', () => {
    const setup = cliSetup();
    const handler = JSON.stringify({ type: 'script', path: '.bamboo/hooks/add-context.py' });
    const first = cli(setup, ['Stop', '--handler', handler, '--json']);
    const second = cli(setup, ['Stop', '--handler', handler, '--json']);
    expect(first.status).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report.diagnostics).toEqual([]);
    expect(report.result.additionalContext).toMatch(/^python Stop /);
    expect(report.input).toMatchObject({ schema_version: 1, hook_event_name: 'Stop', workspace_path: setup.workspace });
    expect(JSON.parse(second.stdout).input).toEqual(report.input);
  });

  it('--handler-file reads the handler from a file', () => {
    const setup = cliSetup();
    const file = join(makeWorkspace('hookd-dry-handler-'), 'handler.json');
    writeFileSync(file, JSON.stringify({ type: 'command', command: 'echo \'{"additional_context":"from file"}\'' }));
    const result = cli(setup, ['UserPromptSubmit', '--handler-file', file]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('additionalContext: from file');
  });

  it('an invalid handler → exit 1 with the diagnostic naming the field; it did not run', () => {
    const setup = cliSetup();
    const marker = join(makeWorkspace('hookd-dry-cli-'), 'ran');
    const result = cli(setup, ['PreToolUse', '--handler', JSON.stringify({ type: 'command', command: `touch '${marker}'`, timeout_ms: 0 })]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('timeout_ms');
    expect(result.stdout).toContain('[handler.timeout_ms]');
    expect(result.stdout).toContain('did not run');
    expect(() => statSync(marker)).toThrow();
  });

  it('a failing run → exit 1 with its diagnostic', () => {
    const setup = cliSetup();
    const result = cli(setup, ['PreToolUse', '--handler', JSON.stringify({ type: 'command', command: 'exit 1' })]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('nonzero_exit');
    const json = cli(setup, ['PreToolUse', '--handler', JSON.stringify({ type: 'command', command: 'echo nope' }), '--json']);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout).diagnostics[0]).toMatchObject({ code: 'invalid_output' });
  });

  it('an unknown event is a usage error (exit 2)', () => {
    const setup = cliSetup();
    const result = cli(setup, ['PermissionRequest', '--handler', JSON.stringify({ type: 'command', command: 'true' })]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PermissionRequest');
  });
});
