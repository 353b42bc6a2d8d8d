// Bamboo hot reload through the built sidecar: atomic saves while a run is in flight, invalid edits that keep the
// last good hooks, the no-op-save hash check, hooks/reload on demand, and the events that read the current
// configuration inside a snapshotted run. Every wait polls a condition with a deadline; none sleeps and hopes.
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { scratchDir } from '../helpers/scratch.js';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atomicSave, bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { killProcessesWithEnv, waitUntil } from '../helpers/processes.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';
import { RECORD_DIR_VARIABLE, readRecords, recorder } from '../fixtures/bamboo/recorder.js';

const SESSION = { id: 'bamboo-reload-session', model: 'claude-sonnet-4' };
/** Generous: the watcher reacts ~150 ms after the last event; a loaded CI machine may take much longer. */
const RELOAD_DEADLINE_MS = 10_000;

const open: Sidecar[] = [];
let setup: BambooSetup;
let recordDir: string;
let mark: string;

beforeEach(() => {
  setup = bambooSetup();
  recordDir = scratchDir('hookd-bamboo-records-');
  mark = randomUUID();
  vi.stubEnv(RECORD_DIR_VARIABLE, recordDir);
  vi.stubEnv('HOOKD_TEST_MARK', mark);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  vi.unstubAllEnvs();
  killProcessesWithEnv('HOOKD_TEST_MARK', mark);
});

/** Debug logs (stderr) show what the watcher saw; a failure message carries their tail. */
async function start(config: unknown, options: { init?: Record<string, unknown> } = {}) {
  writeBambooConfig(setup.userFile, config);
  const sidecar = bambooSidecar(setup, 'ndjson', ['--log-level', 'debug']);
  open.push(sidecar);
  const init = await answered(sidecar, 'initialize', initializeBamboo(sidecar, setup, options.init ?? {}));
  return { sidecar, init };
}

const REQUEST_DEADLINE_MS = 25_000;
const stderrTail = (sidecar: Sidecar) => sidecar.stderr.split('\n').slice(-60).join('\n');
/** `reply`, or a failure naming the request and the sidecar's stderr when hookd exits or never answers. */
function answered<T>(sidecar: Sidecar, what: string, reply: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    reply,
    sidecar.exited.then((exit) => {
      throw new Error(`hookd exited (${JSON.stringify(exit)}) before answering ${what}; stderr:\n${stderrTail(sidecar)}`);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${REQUEST_DEADLINE_MS} ms; stderr:\n${stderrTail(sidecar)}`)), REQUEST_DEADLINE_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
const ask = (sidecar: Sidecar, method: string, params?: unknown): Promise<any> => answered(sidecar, method, sidecar.request(method, params));

const bash = (command: string, extra: Record<string, unknown> = {}) => ({ session: SESSION, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_1', ...extra });
const bashResult = (extra: Record<string, unknown> = {}) => bash('make test', { toolResponse: { stdout: 'ok', exit_code: 0 }, ...extra });

function reloads(sidecar: Sidecar): RpcMessage[] {
  return sidecar.notifications.filter((message) => message.method === 'hooks/diagnostics' && (message.params as any)?.trigger === 'reload');
}

/** Waits for the reload notification number `count` (1-based) and returns its params. */
async function waitForReload(sidecar: Sidecar, count: number): Promise<any> {
  const arrived = await waitUntil(() => reloads(sidecar).length >= count, RELOAD_DEADLINE_MS);
  expect(arrived, `hooks/diagnostics (trigger "reload") number ${count} within ${RELOAD_DEADLINE_MS} ms; stderr:\n${stderrTail(sidecar)}`).toBe(true);
  return reloads(sidecar)[count - 1]!.params;
}

/** A hook answering `additional_context: <label>`, recording as `label`: the result says which configuration ran. */
const labelled = (label: string, options: Parameters<typeof recorder>[1] = {}) => recorder(label, { stdout: { additional_context: label }, ...options });

const v1 = { PreToolUse: [{ hooks: [labelled('pre-v1')] }], PostToolUse: [{ hooks: [labelled('post-v1')] }] };
const v2 = { PreToolUse: [{ hooks: [labelled('pre-v2')] }], PostToolUse: [{ hooks: [labelled('post-v2')] }] };

describe('Bamboo hot reload (built sidecar)', () => {
  it('"Engine-owned hooks are snapshotted when an execution starts": an atomic save while a run is in flight', async () => {
    const started = join(recordDir, 'pre-started');
    const release = join(recordDir, 'pre-release');
    const old = { ...v1, PreToolUse: [{ hooks: [labelled('pre-v1', { started, waitFor: release })] }] };
    const { sidecar } = await start(old);
    expect(await ask(sidecar, 'runs/begin', { runId: 'run-old' })).toEqual({ runId: 'run-old', began: true, hooks: 2 });

    // A PreToolUse of the run, held in flight by its hook.
    const inFlightId = sidecar.nextId();
    const inFlight = sidecar.call('hooks/PreToolUse', bash('ls', { runId: 'run-old' }), inFlightId);
    expect(await waitUntil(() => existsSync(started), RELOAD_DEADLINE_MS), 'the old PreToolUse hook started').toBe(true);

    atomicSave(setup.userFile, v2);
    const reload = await waitForReload(sidecar, 1);
    expect(reload).toMatchObject({ trigger: 'reload', changedFiles: [setup.userFile], hooks: 2 });
    expect(reload.diagnostics.filter((entry: any) => entry.severity === 'error')).toEqual([]);
    // The reload happened while the event was genuinely in flight.
    expect(sidecar.responses.has(inFlightId)).toBe(false);
    writeFileSync(release, '');
    const first = await answered(sidecar, 'the in-flight PreToolUse', inFlight);
    expect(first.error).toBeUndefined();
    expect(first.result).toMatchObject({ decision: 'none', additionalContext: 'pre-v1' });

    // Further events of the SAME run keep its snapshot.
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls', { runId: 'run-old' }))).additionalContext).toBe('pre-v1');
    expect((await ask(sidecar, 'hooks/PostToolUse', bashResult({ runId: 'run-old' }))).additionalContext).toBe('post-v1');
    // A new run, and an event outside any run, see the new hooks.
    expect(await ask(sidecar, 'runs/begin', { runId: 'run-new' })).toEqual({ runId: 'run-new', began: true, hooks: 2 });
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls', { runId: 'run-new' }))).additionalContext).toBe('pre-v2');
    expect((await ask(sidecar, 'hooks/PostToolUse', bashResult({ runId: 'run-new' }))).additionalContext).toBe('post-v2');
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v2');
    // The old run still uses its snapshot after the new one began; ending it releases the snapshot.
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls', { runId: 'run-old' }))).additionalContext).toBe('pre-v1');
    expect(await ask(sidecar, 'runs/end', { runId: 'run-old' })).toEqual({ ended: true });
    expect(await ask(sidecar, 'runs/end', { runId: 'run-old' })).toEqual({ ended: false });

    expect(readRecords(recordDir, 'pre-v1')).toHaveLength(3);
    expect(readRecords(recordDir, 'pre-v2')).toHaveLength(2);
  });

  it('"Engine-owned hooks are snapshotted when an execution starts": a run that began with its first event (no runs/begin) keeps that snapshot', async () => {
    const { sidecar } = await start(v1);
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls', { runId: 'implicit' }))).additionalContext).toBe('pre-v1');
    atomicSave(setup.userFile, v2);
    await waitForReload(sidecar, 1);
    expect((await ask(sidecar, 'hooks/PostToolUse', bashResult({ runId: 'implicit' }))).additionalContext).toBe('post-v1');
    expect((await ask(sidecar, 'hooks/PostToolUse', bashResult())).additionalContext).toBe('post-v2');
  });

  describe('"Changes are validated and hot-reloaded": an invalid edit keeps the old hooks and is reported with file, line and field', () => {
    /** The bad file also configures pre-v2: had any of it been applied, PreToolUse would say so. */
    const cases: Array<{ name: string; text: string; line: number; field?: string; code?: string }> = [];
    {
      const lines = [
        '{',
        '  "lifecycle_hooks": {',
        '    "PreToolUse": [',
        `      { "hooks": [ { "type": "command" "command": ${JSON.stringify(labelled('pre-v2').command)} } ] }`,
        '    ]',
        '  }',
        '}',
      ];
      cases.push({ name: 'a JSON syntax error', text: lines.join('\n'), line: 4 });
    }
    const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    {
      const text = JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ hooks: [{ ...labelled('pre-v2'), timeout_ms: 0 }] }] } }, null, 2);
      cases.push({
        name: '"Every timeout_ms must be between 1 and 600000" (timeout_ms: 0)',
        text,
        line: lineOf(text, '"timeout_ms": 0'),
        field: 'lifecycle_hooks.PreToolUse[0].hooks[0].timeout_ms',
      });
    }
    {
      const text = JSON.stringify(
        { lifecycle_hooks: { PreToolUse: [{ hooks: [labelled('pre-v2')] }], Stop: [{ matcher: '.*', hooks: [recorder('stop-v2')] }] } },
        null,
        2,
      );
      cases.push({
        name: '"matcher ... is supported only for PreToolUse and PostToolUse" (a matcher on Stop)',
        text,
        line: lineOf(text, '"matcher"'),
        field: 'lifecycle_hooks.Stop[0].matcher',
      });
    }

    it.each(cases)('$name', async ({ text, line, field }) => {
      const { sidecar } = await start(v1);
      expect(text.split('\n')[line - 1]).toBeDefined();
      atomicSave(setup.userFile, text);
      const reload = await waitForReload(sidecar, 1);
      expect(reload.changedFiles).toEqual([setup.userFile]);
      const errors = (reload.diagnostics as any[]).filter((entry) => entry.severity === 'error');
      expect(errors.length, JSON.stringify(reload.diagnostics)).toBeGreaterThanOrEqual(1);
      const located = errors.find((entry) => entry.file === setup.userFile && entry.line === line);
      expect(located, `an error at ${setup.userFile}:${line} in ${JSON.stringify(errors)}`).toBeDefined();
      expect(typeof located.column).toBe('number');
      expect(typeof located.field).toBe('string');
      if (field !== undefined) expect(located.field).toBe(field);
      // The old hooks keep running.
      expect(reload.hooks).toBe(2);
      const list = await ask(sidecar, 'hooks/list');
      expect(list.hooks.map((hook: any) => hook.command)).toEqual([labelled('pre-v1').command, labelled('post-v1').command]);
      expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v1');
      expect(readRecords(recordDir, 'pre-v2')).toHaveLength(0);
      // Fixing the file applies it and clears the errors.
      atomicSave(setup.userFile, v2);
      const fixed = await waitForReload(sidecar, 2);
      expect((fixed.diagnostics as any[]).filter((entry) => entry.severity === 'error')).toEqual([]);
      expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v2');
    });
  });

  it('"Changes are validated and hot-reloaded" only on change: a save of the same bytes reloads nothing, a real change does (hash check)', async () => {
    // The debug log lets the test see the watcher decide "unchanged" instead of waiting an arbitrary time.
    const { sidecar } = await start(v1);
    const unchanged = () => sidecar.stderr.split('content unchanged, no reload').length - 1;
    // The watcher checks once after its initial scan; wait for that, so that each later check is one save's.
    expect(await waitUntil(() => unchanged() >= 1, RELOAD_DEADLINE_MS), `initial check; stderr:\n${stderrTail(sidecar)}`).toBe(true);
    const baseline = unchanged();

    atomicSave(setup.userFile, v1); // same bytes, new inode
    expect(await waitUntil(() => unchanged() >= baseline + 1, RELOAD_DEADLINE_MS), 'the watcher saw the atomic save').toBe(true);
    writeBambooConfig(setup.userFile, v1); // same bytes, in place
    expect(await waitUntil(() => unchanged() >= baseline + 2, RELOAD_DEADLINE_MS), 'the watcher saw the in-place save').toBe(true);
    expect(reloads(sidecar)).toEqual([]);

    atomicSave(setup.userFile, v2);
    const reload = await waitForReload(sidecar, 1);
    expect(reload.changedFiles).toEqual([setup.userFile]);
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v2');
    expect(reloads(sidecar)).toHaveLength(1);
  });

  it('hooks/reload reloads on demand (watching off): new hooks at once; an invalid file keeps the last good ones', async () => {
    const { sidecar } = await start(v1, { init: { options: { watch: false } } });
    writeBambooConfig(setup.userFile, v2);
    // Not watching: the edit is not applied until hooks/reload.
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v1');

    const reloaded = await ask(sidecar, 'hooks/reload');
    expect(reloaded.hooks.map((hook: any) => hook.command)).toEqual([labelled('pre-v2').command, labelled('post-v2').command]);
    expect(reloaded.diagnostics.filter((entry: any) => entry.severity === 'error')).toEqual([]);
    expect(await waitForReload(sidecar, 1)).toMatchObject({ trigger: 'reload', hooks: 2 });
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v2');

    const text = JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ hooks: [{ ...labelled('pre-v3'), timeout_ms: 600_001 }] }] } }, null, 2);
    writeBambooConfig(setup.userFile, text);
    const rejected = await ask(sidecar, 'hooks/reload');
    const error = (rejected.diagnostics as any[]).find((entry) => entry.severity === 'error');
    expect(error).toMatchObject({
      file: setup.userFile,
      line: text.split('\n').findIndex((line) => line.includes('"timeout_ms"')) + 1,
      field: 'lifecycle_hooks.PreToolUse[0].hooks[0].timeout_ms',
    });
    expect(rejected.hooks.map((hook: any) => hook.command)).toEqual([labelled('pre-v2').command, labelled('post-v2').command]);
    expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls'))).additionalContext).toBe('pre-v2');
    expect(readRecords(recordDir, 'pre-v3')).toHaveLength(0);
  });

  describe('inside a run whose snapshot predates an edit', () => {
    const notification = (extra: Record<string, unknown> = {}) => ({
      session: SESSION,
      message: 'Build finished',
      title: 'hookd',
      notificationType: 'task_complete',
      extra: { payload: { id: 'n-1', priority: 'normal', dedup_key: 'build:1', created_at: '2026-07-22T09:00:00Z' } },
      ...extra,
    });

    it('"Notification hooks read the current configuration": fire-and-forget, answered at once, the NEW hook runs', async () => {
      const started = join(recordDir, 'notify-started');
      const release = join(recordDir, 'notify-release');
      const { sidecar } = await start({ ...v1, Notification: [{ hooks: [recorder('notify-v1')] }] });
      await ask(sidecar, 'runs/begin', { runId: 'run-1' });
      atomicSave(setup.userFile, { ...v2, Notification: [{ hooks: [recorder('notify-v2', { started, waitFor: release })] }] });
      await waitForReload(sidecar, 1);

      // Answered while the hook cannot have finished (it waits for `release`).
      const answer = await ask(sidecar, 'hooks/Notification', notification({ runId: 'run-1' }));
      expect(answer).toMatchObject({ event: 'Notification', decision: 'none', continue: true, runs: [] });
      expect(answer.notes).toHaveLength(1);
      expect(existsSync(release)).toBe(false);
      expect(await waitUntil(() => existsSync(started), RELOAD_DEADLINE_MS), 'the new Notification hook ran').toBe(true);
      writeFileSync(release, '');

      const [record] = readRecords(recordDir, 'notify-v2');
      expect(record!.envelope).toMatchObject({ schema_version: 1, hook_event_name: 'Notification', session_id: SESSION.id });
      expect(record!.envelope.payload).toStrictEqual({
        type: 'notification',
        id: 'n-1',
        category: 'task_complete',
        priority: 'normal',
        title: 'hookd',
        body: 'Build finished',
        dedup_key: 'build:1',
        created_at: '2026-07-22T09:00:00Z',
      });
      expect(record!.env.BAMBOO_HOOK_EVENT).toBe('Notification');

      // The JSON-RPC notification form (no id, nothing answered) also runs the current hook.
      sidecar.notify('hooks/Notification', notification({ runId: 'run-1' }));
      expect(await waitUntil(() => readRecords(recordDir, 'notify-v2').length === 2, RELOAD_DEADLINE_MS), 'second Notification ran').toBe(true);
      expect(readRecords(recordDir, 'notify-v1')).toEqual([]);
      // The run's own events still use its snapshot.
      expect((await ask(sidecar, 'hooks/PreToolUse', bash('ls', { runId: 'run-1' }))).additionalContext).toBe('pre-v1');
    });

    it('"a background Bash completion reads the configuration available when it arrives", a foreground PostToolUse the run\'s snapshot', async () => {
      const { sidecar } = await start(v1);
      await ask(sidecar, 'runs/begin', { runId: 'run-1' });
      atomicSave(setup.userFile, v2);
      await waitForReload(sidecar, 1);

      const foreground = await ask(sidecar, 'hooks/PostToolUse', bashResult({ runId: 'run-1' }));
      expect(foreground.additionalContext).toBe('post-v1');
      const background = await ask(sidecar, 'hooks/PostToolUse', bashResult({ runId: 'run-1', background: true }));
      expect(background.additionalContext).toBe('post-v2');
      const [record] = readRecords(recordDir, 'post-v2');
      // "background Bash completion uses tool_name: "Bash""
      expect(record!.envelope.payload).toMatchObject({ type: 'tool_result', tool_name: 'Bash', background: true });
      expect(record!.envelope.tool_name).toBe('Bash');
      expect(readRecords(recordDir, 'post-v1')[0]!.envelope.payload.background).toBe(false);
    });
  });
});
