// The same settings JSON through the `claude` and `wamp` dialects (seed 002: "The file format and the input fields are
// the ones Claude Code uses ... Tool names are WAMP's"), through the real engine, loaders and process runner: the text
// is written byte for byte to ~/.claude/settings.json and ~/.wamp/hooks.json and each verdict is asserted side by side.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDialect } from '../../src/dialects/claude/index.js';
import { wampDialect } from '../../src/dialects/wamp/index.js';
import type { Dialect } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import { toolKindsOf } from '../../src/engine/tool-kinds.js';
import type { EventName, EventParams, EventResult, HookInfo } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const MARK = 'HOOKD_WAMP_VS_CLAUDE_MARK';
const marks: string[] = [];
afterEach(() => {
  const left = marks.splice(0).flatMap((mark) => killProcessesWithEnv(MARK, mark));
  expect(left, 'hook processes left running').toEqual([]);
});

type Side = { readonly engine: Engine; readonly file: string; /** $REC in the side's hooks: where they record what they saw. */ readonly rec: string };
type Pair = { readonly claude: Side; readonly wamp: Side; readonly text: string };

/** Writes `settings` (one JSON text) to both dialects' user files and loads each with its real loader. */
function pair(settings: unknown): Pair {
  const root = scratchDir('hookd-wamp-vs-claude-');
  const home = join(root, 'home');
  const workspace = join(root, 'project');
  const mark = randomUUID();
  marks.push(mark);
  mkdirSync(workspace, { recursive: true });
  const text = JSON.stringify(settings, null, 2);
  const side = (dialect: Dialect, dir: string, name: string, tools?: readonly string[]): Side => {
    mkdirSync(join(home, dir), { recursive: true });
    const rec = join(root, `rec-${dialect.name}`);
    mkdirSync(rec);
    const file = join(home, dir, name);
    writeFileSync(file, text);
    const engine = new Engine({
      dialect,
      runner: createProcessRunner(),
      workspace,
      baseEnv: { ...processEnvironment(), [MARK]: mark, REC: rec },
      ...(tools ? { toolKinds: toolKindsOf(tools) } : {}),
    });
    engine.load({ workspace, home, env: {} });
    return { engine, file, rec };
  };
  return {
    text,
    claude: side(claudeDialect, '.claude', 'settings.json'),
    wamp: side(wampDialect, '.wamp', 'hooks.json', ['shell', 'write', 'edit', 'apply_patch']),
  };
}

const SESSION = { id: 'session-compare' };

async function send(side: Side, event: EventName, params: Partial<EventParams>, runId = 'run-1'): Promise<EventResult> {
  const { result } = await side.engine.dispatch(event, { session: SESSION, runId, ...params } as EventParams);
  return result;
}

/** One tool call in each dialect's own names: Claude Code's `Bash`, WAMP's `shell`. */
const bash = { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_1' };
const shell = { toolName: 'shell', toolInput: { command: 'rm -rf build' }, toolUseId: 'call_1' };

const printJson = (value: unknown) => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });
const on = (event: string, hooks: unknown[], matcher?: string) => ({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks }] } });
const warningsOf = (result: EventResult): string[] => result.warnings ?? [];
const hooksOf = (side: Side): HookInfo[] => side.engine.hooks();

describe('the same settings file through claude and wamp', () => {
  it('"The file format and the input fields are the ones Claude Code uses, so a script written for Claude Code can read its input unchanged." — the shared fields agree; claude adds transcript_path, wamp adds run_id, agent, runtime', async () => {
    const p = pair(on('PreToolUse', [command('cat > "$REC/stdin.json"')]));
    await send(p.claude, 'PreToolUse', bash);
    await send(p.wamp, 'PreToolUse', shell);
    const claude = JSON.parse(readFileSync(join(p.claude.rec, 'stdin.json'), 'utf8'));
    const wamp = JSON.parse(readFileSync(join(p.wamp.rec, 'stdin.json'), 'utf8'));
    for (const stdin of [claude, wamp]) expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', session_id: SESSION.id, tool_input: { command: 'rm -rf build' } });
    expect(claude.cwd).toBe(wamp.cwd);
    expect([claude.tool_name, wamp.tool_name]).toEqual(['Bash', 'shell']);
    expect([claude.tool_use_id, wamp.tool_use_id]).toEqual(['toolu_1', 'call_1']);
    expect(claude).toHaveProperty('transcript_path');
    expect(wamp).not.toHaveProperty('transcript_path');
    expect(wamp).toMatchObject({ run_id: 'run-1', agent: 'wamp', runtime: 'native' });
    expect(claude).not.toHaveProperty('run_id');
  });

  it('"A hook can only restrict. It cannot allow anything WAMP would otherwise refuse" — permissionDecision "allow": claude allows; wamp ignores it with a warning', async () => {
    const p = pair(on('PreToolUse', [command(printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'fine by me' } }))]));
    const claude = await send(p.claude, 'PreToolUse', bash);
    const wamp = await send(p.wamp, 'PreToolUse', shell);
    expect(claude.decision).toBe('allow');
    expect(wamp.decision).toBe('none');
    expect(claude.warnings).toBeUndefined();
    expect(warningsOf(wamp).some((warning) => warning.includes('allow'))).toBe(true);
  });

  it('"it cannot rewrite a tool\'s input or output" — updatedInput: claude applies the rewrite; wamp refuses the call (same as exit 2, binding) and passes nothing on', async () => {
    const p = pair(on('PreToolUse', [command(printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'rm -rf build.old' } } }))]));
    const claude = await send(p.claude, 'PreToolUse', bash);
    const wamp = await send(p.wamp, 'PreToolUse', shell);
    expect(claude.updatedInput).toEqual({ command: 'rm -rf build.old' });
    expect(claude.decision).not.toBe('deny');
    expect(wamp).toMatchObject({ decision: 'deny', binding: true });
    expect(wamp.updatedInput).toBeUndefined();
  });

  it('"Claude Code names such as `Bash` are not translated." — a "Bash" matcher: claude runs it for Bash; wamp never runs it for shell and warns that it names no registered tool', async () => {
    const p = pair(on('PreToolUse', [command('echo "rm -rf is not allowed from chat" >&2; exit 2')], 'Bash'));
    const claude = await send(p.claude, 'PreToolUse', bash);
    const wamp = await send(p.wamp, 'PreToolUse', shell);
    expect(claude).toMatchObject({ decision: 'deny', reason: 'rm -rf is not allowed from chat' });
    expect(claude.runs).toHaveLength(1);
    expect(wamp.decision).toBe('none');
    expect(wamp.runs).toEqual([]);
    expect(warningsOf(wamp).some((warning) => /\bBash\b/.test(warning))).toBe(true);
  });

  it('"`PostToolUse` adds the reason as feedback" — decision "block" on PostToolUse: claude blocks (the reason goes to the model as a block); wamp only adds the reason as feedback', async () => {
    const p = pair(on('PostToolUse', [command(printJson({ decision: 'block', reason: 'the build broke' }))]));
    const after = { toolResponse: 'exit 1', isError: true };
    const claude = await send(p.claude, 'PostToolUse', { ...bash, ...after });
    const wamp = await send(p.wamp, 'PostToolUse', { ...shell, ...after });
    expect(claude).toMatchObject({ decision: 'block', reason: 'the build broke' });
    expect(wamp.decision).toBe('none');
    expect(wamp.feedback).toContain('the build broke');
  });

  it('"Exit 2 | Stderr is the reason. ... `PostToolUse` adds the reason as feedback" — exit 2 on PostToolUse: feedback in both; wamp never blocks the finished call', async () => {
    const p = pair(on('PostToolUse', [command('echo "lint failed" >&2; exit 2')]));
    const claude = await send(p.claude, 'PostToolUse', { ...bash, toolResponse: 'ok' });
    const wamp = await send(p.wamp, 'PostToolUse', { ...shell, toolResponse: 'ok' });
    expect(claude.feedback).toContain('lint failed');
    expect(wamp.feedback).toContain('lint failed');
    expect(wamp.decision).toBe('none');
    expect(wamp.binding).toBeUndefined();
  });

  it('"`timeout` | Seconds. Defaults to 60 and is capped at 600" — no timeout: claude 600 s (30 s on UserPromptSubmit); wamp 60 s; 900 s: claude 900 s, wamp 600 s with a warning', async () => {
    const p = pair({
      hooks: {
        PreToolUse: [{ hooks: [command('true'), command('exit 0', { timeout: 900 })] }],
        UserPromptSubmit: [{ hooks: [command('true')] }],
      },
    });
    const timeouts = (side: Side) => hooksOf(side).map((hook) => [hook.event, hook.timeoutMs]);
    expect(timeouts(p.claude)).toEqual([
      ['PreToolUse', 600_000],
      ['PreToolUse', 900_000],
      ['UserPromptSubmit', 30_000],
    ]);
    expect(timeouts(p.wamp)).toEqual([
      ['PreToolUse', 60_000],
      ['PreToolUse', 600_000],
      ['UserPromptSubmit', 60_000],
    ]);
    expect(p.claude.engine.diagnostics().filter((diagnostic) => diagnostic.severity !== 'info')).toEqual([]);
    expect(p.wamp.engine.diagnostics().some((diagnostic) => diagnostic.severity === 'warning' && /timeout/.test(diagnostic.message))).toBe(true);
  });

  it('"Plain text on stdout | Context for `SessionStart` and `UserPromptSubmit`. A warning for the other events" — plain stdout on PreToolUse: claude ignores it silently; wamp warns', async () => {
    const p = pair(on('PreToolUse', [command('echo looked at it')]));
    const claude = await send(p.claude, 'PreToolUse', bash);
    const wamp = await send(p.wamp, 'PreToolUse', shell);
    expect(claude).toMatchObject({ decision: 'none' });
    expect(claude.additionalContext).toBeUndefined();
    expect(claude.warnings).toBeUndefined();
    expect(wamp).toMatchObject({ decision: 'none' });
    expect(wamp.additionalContext).toBeUndefined();
    expect(warningsOf(wamp).length).toBeGreaterThan(0);
  });

  it('"`type` | Must be `"command"`. Other handler types are skipped with a warning" — http and prompt handlers: claude loads them; wamp skips them with a warning naming the file', async () => {
    const p = pair(on('PreToolUse', [command('true'), { type: 'http', url: 'http://127.0.0.1:9/hook' }, { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' }]));
    expect(hooksOf(p.claude).map((hook) => hook.handlerType)).toEqual(['command', 'http', 'prompt']);
    expect(hooksOf(p.wamp).map((hook) => hook.handlerType)).toEqual(['command']);
    const skipped = p.wamp.engine.diagnostics().filter((diagnostic) => diagnostic.severity === 'warning' && diagnostic.file === p.wamp.file);
    expect(skipped.length).toBeGreaterThanOrEqual(2);
    expect(skipped.every((diagnostic) => typeof diagnostic.line === 'number')).toBe(true);
  });

  it('"Context from all handlers is joined and capped at 10,000 characters." — two hooks of 6,000 characters each: claude keeps both (each is under its per-hook limit); wamp cuts the total to 10,000 with a warning', async () => {
    const p = pair(on('UserPromptSubmit', [command("head -c 6000 /dev/zero | tr '\\0' a"), command("head -c 6000 /dev/zero | tr '\\0' b")]));
    const claude = await send(p.claude, 'UserPromptSubmit', { prompt: 'go' });
    const wamp = await send(p.wamp, 'UserPromptSubmit', { prompt: 'go' });
    expect(claude.additionalContext).toContain('a'.repeat(6000));
    expect(claude.additionalContext).toContain('b'.repeat(6000));
    expect(wamp.additionalContext).toBeDefined();
    expect(wamp.additionalContext!.length).toBeLessThanOrEqual(10_000);
    expect(wamp.additionalContext).toContain('a'.repeat(6000));
    expect(warningsOf(wamp).length).toBeGreaterThan(0);
  });

  it('"The agent can be kept working twice; if the hook still blocks on the final check, the Run finishes with that reason unresolved." — claude honours a third block; wamp leaves it unresolved', async () => {
    const p = pair(on('Stop', [command('echo "the tests still fail" >&2; exit 2')]));
    const claude: EventResult[] = [];
    const wamp: EventResult[] = [];
    for (let check = 0; check < 3; check += 1) {
      claude.push(await send(p.claude, 'Stop', { stopHookActive: check > 0 }, 'run-stop'));
      wamp.push(await send(p.wamp, 'Stop', { stopHookActive: false }, 'run-stop'));
    }
    expect(claude.map((result) => result.decision)).toEqual(['block', 'block', 'block']);
    expect(wamp.map((result) => result.decision)).toEqual(['block', 'block', 'none']);
    expect(wamp.slice(0, 2).map((result) => result.reason)).toEqual(['the tests still fail', 'the tests still fail']);
    expect(wamp[2]!.unresolved).toBe('the tests still fail');
    expect(claude.every((result) => result.unresolved === undefined)).toBe(true);
  });
});
