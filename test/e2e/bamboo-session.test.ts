// A scripted Bamboo session against the built sidecar over stdio: SessionStart → UserPromptSubmit → PreToolUse
// (a Python script hook that blocks `rm -rf`) → PostToolUse → PreCompact → Stop (blocked until the cap) →
// SessionEnd. Every hook records what it received (stdin, BAMBOO_* variables, cwd); the envelopes are checked
// field by field as the hooks saw them, and the results as the agent got them.
import { randomUUID } from 'node:crypto';
import { copyFileSync, realpathSync } from 'node:fs';
import { scratchDir } from '../helpers/scratch.js';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig, type BambooSetup } from '../helpers/bamboo.js';
import { killProcessesWithEnv } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { GUARD_SCRIPT, RECORD_DIR_VARIABLE, readRecords, recorder, type HookRecord } from '../fixtures/bamboo/recorder.js';

const ENVELOPE_KEYS = ['schema_version', 'hook_event_name', 'session_id', 'workspace_path', 'model', 'payload', 'timestamp'];
const SESSION = { id: 'bamboo-e2e-session', model: 'claude-sonnet-4' };
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const brief = (runs: any[]) => runs.map(({ hookId, status, failureClass, exitCode }) => ({ hookId, status, failureClass, exitCode }));

// ---- the configuration -------------------------------------------------------------------------------------------
const hooks = {
  start: recorder('session-start', { stdout: { additional_context: 'Branch main, 2 open PRs.' } }),
  prompt1: recorder('prompt-1', { stdout: { additional_context: 'prompt context one' } }),
  prompt2: recorder('prompt-2', { stdout: { additional_context: 'prompt context two' } }),
  guard: { type: 'script', path: '.bamboo/hooks/guard.py', timeout_ms: 20_000 },
  afterGuard: recorder('after-guard'),
  postBash: recorder('post-bash', { stdout: { additional_context: 'The listing shows no build/ directory.' } }),
  postWrite: recorder('post-write'),
  compact1: recorder('compact-1', { stdout: { decision: 'block', reason: 'do not compact', additional_context: 'Keep the failing test names.' } }),
  compact2: recorder('compact-2', { stderr: 'compaction refused', exit: 2 }),
  compact3: recorder('compact-3', { stdout: { additional_context: 'Mention the open PR.' } }),
  stop: recorder('stop', { stderr: 'run the tests first\n', exit: 2 }),
  endExit2: recorder('end-exit-2', { stderr: 'too late', exit: 2 }),
  endDecision: recorder('end-decision', { stdout: { decision: 'block', reason: 'nope' } }),
  endLast: recorder('end-last'),
};

const userConfig = {
  enabled: true,
  SessionStart: [{ hooks: [hooks.start] }],
  UserPromptSubmit: [{ hooks: [hooks.prompt1, hooks.prompt2] }],
  PostToolUse: [
    { matcher: '^Bash$', hooks: [hooks.postBash] },
    { matcher: '^(Write|Edit)$', hooks: [hooks.postWrite] },
  ],
  PreCompact: [{ hooks: [hooks.compact1, hooks.compact2, hooks.compact3] }],
  Stop: [{ hooks: [hooks.stop] }],
  SessionEnd: [{ hooks: [hooks.endExit2, hooks.endDecision, hooks.endLast] }],
};
/** The project-local file: needs `trust/set` before it runs. */
const projectConfig = { PreToolUse: [{ matcher: '^Bash$', hooks: [hooks.guard, hooks.afterGuard] }] };

const compression = { estimated_tokens: 170000, usage_percent: 85.0, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' };

describe('a scripted Bamboo session through the sidecar', () => {
  let setup: BambooSetup;
  let recordDir: string;
  let workspaceReal: string;
  let init: any;
  let trust: any;
  const results: Record<string, any> = {};
  let startedAt = 0;
  let endedAt = 0;
  const mark = randomUUID();
  /** The HookInfo id of a handler of the configuration above, as initialize listed it. */
  const idOf = (handler: { command?: string; path?: string }) => {
    const found = (init.hooks as any[]).filter((hook) => hook.command === (handler.command ?? handler.path));
    expect(found, `one listed hook for ${handler.command ?? handler.path}`).toHaveLength(1);
    return found[0].id as string;
  };
  const recordsOf = (name: string) => readRecords(recordDir, name);

  beforeAll(async () => {
    setup = bambooSetup();
    recordDir = scratchDir('hookd-bamboo-records-');
    workspaceReal = realpathSync(setup.workspace);
    copyFileSync(GUARD_SCRIPT, join(setup.workspace, '.bamboo', 'hooks', 'guard.py'));
    writeBambooConfig(setup.userFile, userConfig);
    writeBambooConfig(setup.projectFile, projectConfig);
    // Hooks inherit hookd's environment: where to record, and a mark that finds any leftover.
    vi.stubEnv(RECORD_DIR_VARIABLE, recordDir);
    vi.stubEnv('HOOKD_TEST_MARK', mark);
    const sidecar: Sidecar = bambooSidecar(setup);
    try {
      init = await initializeBamboo(sidecar, setup, { options: { stopBlockCap: 2 } });
      trust = { before: init.hooks.filter((hook: any) => hook.source === setup.projectFile) };
      trust.set = await sidecar.request('trust/set', { trusted: true });
      startedAt = Math.floor(Date.now() / 1000) * 1000;
      const bash = (command: string, toolUseId: string) => ({ session: SESSION, toolName: 'Bash', toolInput: { command }, toolUseId });
      results.start = await sidecar.request('hooks/SessionStart', { session: SESSION, source: 'startup' });
      results.prompt = await sidecar.request('hooks/UserPromptSubmit', { session: SESSION, prompt: 'Clean up the build output, then list the files.' });
      results.preRm = await sidecar.request('hooks/PreToolUse', bash('rm -rf build/', 'toolu_rm'));
      results.preLs = await sidecar.request('hooks/PreToolUse', bash('ls', 'toolu_ls'));
      results.post = await sidecar.request('hooks/PostToolUse', { ...bash('ls', 'toolu_ls'), toolResponse: { stdout: 'README.md\nsrc\n', exit_code: 0 } });
      results.compact = await sidecar.request('hooks/PreCompact', { session: SESSION, trigger: 'threshold', extra: { payload: compression } });
      results.stops = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        results.stops.push(
          await sidecar.request('hooks/Stop', { session: SESSION, stopHookActive: attempt > 0, lastAssistantMessage: `Done (attempt ${attempt + 1}).` }),
        );
      }
      results.end = await sidecar.request('hooks/SessionEnd', { session: SESSION, reason: 'completed' });
      endedAt = Date.now();
    } finally {
      await sidecar.close();
    }
  }, 120_000);

  afterAll(() => {
    vi.unstubAllEnvs();
    killProcessesWithEnv('HOOKD_TEST_MARK', mark);
  });

  /** Checks what every record of `name` received: the envelope's fixed head, BAMBOO_* variables and cwd. */
  function expectCommonEnvelope(record: HookRecord, event: string) {
    const { envelope } = record;
    expect(Object.keys(envelope).slice(0, ENVELOPE_KEYS.length)).toEqual(ENVELOPE_KEYS);
    expect(envelope.schema_version).toBe(1);
    expect(envelope.hook_event_name).toBe(event);
    expect(envelope.session_id).toBe(SESSION.id);
    expect(envelope.workspace_path).toBe(setup.workspace);
    expect(envelope.model).toBe(SESSION.model);
    expect(envelope.timestamp).toMatch(TIMESTAMP);
    const at = Date.parse(envelope.timestamp);
    expect(at).toBeGreaterThanOrEqual(startedAt);
    expect(at).toBeLessThanOrEqual(endedAt);
    expect(record.env.BAMBOO_HOOK_EVENT).toBe(event);
    expect(record.env.BAMBOO_SESSION_ID).toBe(SESSION.id);
    expect(record.cwd).toBe(workspaceReal);
  }

  it('project-local hooks wait for the trust gate: "Project-local hook discovery requires a separate trust gate"', () => {
    expect(trust.before).toHaveLength(2);
    for (const hook of trust.before) expect(hook).toMatchObject({ enabled: false, trust: 'untrusted', trustKey: `workspace:${setup.workspace}` });
    expect(trust.set.entries).toEqual([expect.objectContaining({ key: `workspace:${setup.workspace}`, trusted: true, hooks: 2 })]);
    expect(trust.set.hooks.filter((hook: any) => hook.source === setup.projectFile).every((hook: any) => hook.enabled)).toBe(true);
  });

  it('SessionStart: the schema-versioned envelope, exactly its seven keys, and "May inject context"', () => {
    const [record, ...more] = recordsOf('session-start');
    expect(more).toHaveLength(0);
    expectCommonEnvelope(record!, 'SessionStart');
    expect(Object.keys(record!.envelope)).toEqual(ENVELOPE_KEYS);
    expect(record!.envelope.payload).toStrictEqual({ type: 'session_start', source: 'startup' });
    expect(record!.env.BAMBOO_HOOK_SCRIPT).toBeNull();
    expect(results.start).toMatchObject({ event: 'SessionStart', decision: 'none', additionalContext: 'Branch main, 2 open PRs.', continue: true });
    expect(results.start.reason).toBeUndefined();
    expect(brief(results.start.runs)).toEqual([{ hookId: idOf(hooks.start), status: 'ok', failureClass: null, exitCode: 0 }]);
  });

  it('UserPromptSubmit: "Handlers run sequentially in configuration order"; "additional_context can be returned with or without a decision"', () => {
    for (const name of ['prompt-1', 'prompt-2']) {
      const [record, ...more] = recordsOf(name);
      expect(more).toHaveLength(0);
      expectCommonEnvelope(record!, 'UserPromptSubmit');
      expect(Object.keys(record!.envelope)).toEqual(ENVELOPE_KEYS);
      expect(record!.envelope.payload).toStrictEqual({ type: 'user_prompt', prompt: 'Clean up the build output, then list the files.' });
    }
    const context: string = results.prompt.additionalContext;
    expect(results.prompt).toMatchObject({ decision: 'none', continue: true });
    expect(context).toContain('prompt context one');
    expect(context).toContain('prompt context two');
    expect(context.indexOf('prompt context one')).toBeLessThan(context.indexOf('prompt context two'));
    expect(brief(results.prompt.runs)).toEqual([
      { hookId: idOf(hooks.prompt1), status: 'ok', failureClass: null, exitCode: 0 },
      { hookId: idOf(hooks.prompt2), status: 'ok', failureClass: null, exitCode: 0 },
    ]);
  });

  it('PreToolUse: a Python `script` hook blocks `rm -rf`: "decision is allow, block, or ask"', () => {
    expect(results.preRm).toMatchObject({
      event: 'PreToolUse',
      decision: 'block',
      reason: 'recursive deletion is forbidden',
      additionalContext: 'Use the staging workspace instead.',
      continue: true,
    });
    expect(brief(results.preRm.runs)).toEqual([{ hookId: idOf(hooks.guard), status: 'ok', failureClass: null, exitCode: 0 }]);
    expect(results.preRm.runs[0].handlerType).toBe('script');
    expect(results.preRm.runs[0].decision).toBe('block');
  });

  it('"Script handlers additionally receive BAMBOO_HOOK_SCRIPT, the resolved script path"; "A relative script path is resolved against the session workspace"', () => {
    const seen = recordsOf('guard');
    expect(seen).toHaveLength(2);
    for (const [index, record] of seen.entries()) {
      const command = index === 0 ? 'rm -rf build/' : 'ls';
      expectCommonEnvelope(record, 'PreToolUse');
      expect(record.env.BAMBOO_HOOK_SCRIPT).toBe(join(setup.workspace, '.bamboo', 'hooks', 'guard.py'));
      expect(record.cwd).toBe(workspaceReal);
      expect(record.envelope.payload).toStrictEqual({
        type: 'tool_call',
        tool_name: 'Bash',
        tool_input: { command },
        tool_use_id: index === 0 ? 'toolu_rm' : 'toolu_ls',
      });
      // "Tool-oriented envelopes also keep the convenience fields tool_name, tool_input, and tool_response"
      // (on PreToolUse tool_response is present and null: no tool has run yet; docs/bamboo-dialect.md)
      expect(Object.keys(record.envelope)).toEqual([...ENVELOPE_KEYS, 'tool_name', 'tool_input', 'tool_response']);
      expect(record.envelope.tool_response).toBeNull();
      expect(record.envelope.tool_name).toBe('Bash');
      expect(record.envelope.tool_input).toStrictEqual({ command });
    }
  });

  it('"A control decision stops normal dispatch": the handler after the blocking one did not run', () => {
    // The same group on a harmless command: the guard answers {} and the second handler runs (so it can run).
    expect(results.preLs).toMatchObject({ decision: 'none', continue: true });
    expect(results.preLs.reason).toBeUndefined();
    expect(brief(results.preLs.runs)).toEqual([
      { hookId: idOf(hooks.guard), status: 'ok', failureClass: null, exitCode: 0 },
      { hookId: idOf(hooks.afterGuard), status: 'ok', failureClass: null, exitCode: 0 },
    ]);
    const after = recordsOf('after-guard');
    expect(after).toHaveLength(1);
    expect(after[0]!.envelope.tool_input).toStrictEqual({ command: 'ls' });
    expect(results.preRm.runs.map((run: any) => run.hookId)).not.toContain(idOf(hooks.afterGuard));
  });

  it('PostToolUse: "May attach feedback"; the tool_result payload and the convenience tool_response', () => {
    const [record, ...more] = recordsOf('post-bash');
    expect(more).toHaveLength(0);
    expectCommonEnvelope(record!, 'PostToolUse');
    const toolResponse = { stdout: 'README.md\nsrc\n', exit_code: 0 };
    expect(record!.envelope.payload).toStrictEqual({
      type: 'tool_result',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: toolResponse,
      tool_use_id: 'toolu_ls',
      background: false,
    });
    expect(Object.keys(record!.envelope)).toEqual([...ENVELOPE_KEYS, 'tool_name', 'tool_input', 'tool_response']);
    expect(record!.envelope.tool_response).toStrictEqual(toolResponse);
    expect(results.post).toMatchObject({ decision: 'none', additionalContext: 'The listing shows no build/ directory.', continue: true });
    // "matcher is a Rust regular expression over the tool name": the ^(Write|Edit)$ group did not run.
    expect(recordsOf('post-write')).toHaveLength(0);
    expect(brief(results.post.runs)).toEqual([{ hookId: idOf(hooks.postBash), status: 'ok', failureClass: null, exitCode: 0 }]);
  });

  it('PreCompact: "additional_context becomes custom summarizer instructions. Decisions are ignored"; "an exit-2 block signal [is] deliberately ignored"', () => {
    for (const name of ['compact-1', 'compact-2', 'compact-3']) {
      const [record, ...more] = recordsOf(name);
      expect(more).toHaveLength(0);
      expectCommonEnvelope(record!, 'PreCompact');
      expect(Object.keys(record!.envelope)).toEqual(ENVELOPE_KEYS);
      expect(record!.envelope.payload).toStrictEqual({ type: 'compression', ...compression, trigger: 'threshold' });
      // The seed's key order, and its f64 written as serde_json writes it ("usage_percent": 85.0).
      expect(Object.keys(record!.envelope.payload)).toEqual([
        'type',
        'estimated_tokens',
        'usage_percent',
        'max_context_tokens',
        'trigger_context_tokens',
        'trigger',
        'phase',
      ]);
      expect(record!.stdin).toMatch(/"usage_percent":\s*85\.0\b/);
    }
    const result = results.compact;
    expect(result).toMatchObject({ event: 'PreCompact', decision: 'none', continue: true });
    expect(result.reason).toBeUndefined();
    const context: string = result.additionalContext;
    expect(context).toContain('Keep the failing test names.');
    expect(context).toContain('Mention the open PR.');
    expect(context).not.toContain('compaction refused');
    expect(context.indexOf('Keep the failing test names.')).toBeLessThan(context.indexOf('Mention the open PR.'));
    expect(result.extra?.summarizerInstructions).toBe(context);
    // Every handler ran: a decision on PreCompact is not a control decision.
    expect(brief(result.runs)).toEqual([
      { hookId: idOf(hooks.compact1), status: 'ok', failureClass: null, exitCode: 0 },
      { hookId: idOf(hooks.compact2), status: 'ok', failureClass: null, exitCode: 2 },
      { hookId: idOf(hooks.compact3), status: 'ok', failureClass: null, exitCode: 0 },
    ]);
  });

  it('Stop: "Exit 2 blocks with stderr as the reason"; "May force a bounded continuation" (capped by stopBlockCap, with a note)', () => {
    const stops = results.stops as any[];
    expect(stops.map((result) => result.decision)).toEqual(['block', 'block', 'none']);
    for (const result of stops.slice(0, 2)) {
      expect(result).toMatchObject({ reason: 'run the tests first', continue: true });
      expect(result.notes).toEqual([]);
    }
    const capped = stops[2];
    expect(capped.continue).toBe(true);
    expect(capped.notes.join(' ')).toMatch(/cap of 2/);
    // The hook still ran the third time; hookd overrode its block.
    for (const result of stops) expect(brief(result.runs)).toEqual([{ hookId: idOf(hooks.stop), status: 'ok', failureClass: null, exitCode: 2 }]);
    expect(capped.runs[0].decision).toBe('block');
    const seen = recordsOf('stop');
    expect(seen).toHaveLength(3);
    seen.forEach((record, attempt) => {
      expectCommonEnvelope(record, 'Stop');
      expect(Object.keys(record.envelope)).toEqual(ENVELOPE_KEYS);
      expect(record.envelope.payload).toStrictEqual({ type: 'stop', stop_hook_active: attempt > 0, last_assistant_message: `Done (attempt ${attempt + 1}).` });
    });
  });

  it('SessionEnd: "observer events always run every matching handler"; "Observer only; decisions cannot change the settled result"', () => {
    for (const name of ['end-exit-2', 'end-decision', 'end-last']) {
      const [record, ...more] = recordsOf(name);
      expect(more, name).toHaveLength(0);
      expectCommonEnvelope(record!, 'SessionEnd');
      expect(Object.keys(record!.envelope)).toEqual(ENVELOPE_KEYS);
      expect(record!.envelope.payload).toStrictEqual({ type: 'session_end', reason: 'completed' });
    }
    expect(results.end).toMatchObject({ event: 'SessionEnd', decision: 'none', continue: true });
    expect(results.end.reason).toBeUndefined();
    expect(brief(results.end.runs)).toEqual([
      { hookId: idOf(hooks.endExit2), status: 'ok', failureClass: null, exitCode: 2 },
      { hookId: idOf(hooks.endDecision), status: 'ok', failureClass: null, exitCode: 0 },
      { hookId: idOf(hooks.endLast), status: 'ok', failureClass: null, exitCode: 0 },
    ]);
  });
});

describe('SessionStart stopping the run', () => {
  let sidecar: Sidecar | undefined;
  afterEach(async () => {
    await sidecar?.close();
    sidecar = undefined;
    vi.unstubAllEnvs();
  });

  it('SessionStart "May inject context or stop the run": block → continue false with the reason; later handlers do not run', async () => {
    const setup = bambooSetup();
    const recordDir = scratchDir('hookd-bamboo-records-');
    vi.stubEnv(RECORD_DIR_VARIABLE, recordDir);
    const blocker = recorder('start-block', { stderr: 'workspace is locked by another run', exit: 2 });
    const later = recorder('start-later', { stdout: { additional_context: 'never' } });
    writeBambooConfig(setup.userFile, { SessionStart: [{ hooks: [blocker, later] }] });
    sidecar = bambooSidecar(setup);
    await initializeBamboo(sidecar, setup);
    const result = await sidecar.request('hooks/SessionStart', { session: SESSION, source: 'resume' });
    expect(result).toMatchObject({ decision: 'block', reason: 'workspace is locked by another run', continue: false });
    expect(result.stopReason).toContain('workspace is locked by another run');
    expect(result.runs).toHaveLength(1);
    expect(readRecords(recordDir, 'start-later')).toEqual([]);
    expect(readRecords(recordDir, 'start-block')[0]!.envelope.payload).toStrictEqual({ type: 'session_start', source: 'resume' });
  });
});
