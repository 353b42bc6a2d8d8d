// The same hooks through the `claude`, `codex` and `gemini` dialects, side by side (observed-decisions: one scenario,
// three columns), through the real engine, loaders and process runner. One settings text is written byte for byte to
// ~/.claude/settings.json and ~/.codex/hooks.json, and to ~/.gemini/settings.json as `gemini hooks migrate
// --from-claude` would write it (hook-systems §4.6); the folder is trusted for gemini (trustedFolders.json), and each
// codex hook is trusted as a user would (its hash into config.toml).
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDialect } from '../../src/dialects/claude/index.js';
import { codexDialect } from '../../src/dialects/codex/index.js';
import { geminiDialect } from '../../src/dialects/gemini/index.js';
import type { Dialect, LoadContext } from '../../src/engine/dialect.js';
import { Engine } from '../../src/engine/engine.js';
import type { EventName, EventParams, EventResult, HookInfo } from '../../src/protocol/index.js';
import { processEnvironment } from '../../src/process-environment.js';
import { createProcessRunner } from '../../src/runner/process-runner.js';
import { killProcessesWithEnv } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const MARK = 'HOOKD_THREE_AGENTS_MARK';
const marks: string[] = [];
afterEach(() => {
  const left = marks.splice(0).flatMap((mark) => killProcessesWithEnv(MARK, mark));
  expect(left, 'hook processes left running').toEqual([]);
});

type Agent = 'claude' | 'codex' | 'gemini';
type Side = {
  readonly engine: Engine;
  readonly file: string;
  readonly text: string;
  /** $REC in the side's hooks: where they record what they saw. */
  readonly rec: string;
  readonly context: LoadContext;
};
type Trio = Record<Agent, Side>;
type Settings = { hooks: Record<string, { matcher?: string; sequential?: boolean; hooks: Record<string, unknown>[] }[]> };

// ---- `gemini hooks migrate --from-claude`, as packages/cli/src/commands/hooks/migrate.ts (gemini-cli 5411f11) does it

const EVENT_MAPPING: Record<string, string> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  SubAgentStop: 'AfterAgent',
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  PreCompact: 'PreCompress',
  Notification: 'Notification',
};
const TOOL_NAME_MAPPING: Record<string, string> = { Edit: 'replace', Bash: 'run_shell_command', Read: 'read_file', Write: 'write_file', Glob: 'glob', Grep: 'grep', LS: 'ls' };

/** The migrated `hooks` value: event names mapped, tool names replaced at word boundaries in matchers, only
 * `command` ($CLAUDE_PROJECT_DIR → $GEMINI_PROJECT_DIR), `type: "command"` and `timeout` (copied verbatim: #29122) kept. */
function migrateFromClaude(settings: Settings): Settings {
  const hooks: Settings['hooks'] = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    hooks[EVENT_MAPPING[event] ?? event] = groups.map((group) => ({
      ...(typeof group.matcher === 'string'
        ? { matcher: Object.entries(TOOL_NAME_MAPPING).reduce((matcher, [from, to]) => matcher.replace(new RegExp(`\\b${from}\\b`, 'g'), to), group.matcher) }
        : {}),
      ...('sequential' in group ? { sequential: group.sequential } : {}),
      hooks: group.hooks.map((handler) => ({
        ...('command' in handler ? { command: String(handler['command']).replace(/\$CLAUDE_PROJECT_DIR/g, '$GEMINI_PROJECT_DIR') } : {}),
        ...(handler['type'] === 'command' ? { type: 'command' } : {}),
        ...(typeof handler['timeout'] === 'number' ? { timeout: handler['timeout'] } : {}),
      })),
    }));
  }
  return { hooks };
}

// ---- the three sides

/** Writes `settings` to the three agents' user files (gemini's migrated unless `geminiAsIs`), loads each with its real
 * loader and trusts the codex hooks (unless `codexUntrusted`). */
async function trio(settings: Settings, options: { geminiAsIs?: boolean; codexUntrusted?: boolean } = {}): Promise<Trio> {
  const root = scratchDir('hookd-three-agents-');
  const home = join(root, 'home');
  const workspace = join(root, 'project');
  const mark = randomUUID();
  marks.push(mark);
  mkdirSync(workspace, { recursive: true });
  const claudeText = JSON.stringify(settings, null, 2);
  const geminiText = options.geminiAsIs ? claudeText : JSON.stringify(migrateFromClaude(settings), null, 2);
  // No system settings of the machine running the tests: gemini reads only the files written here.
  const env = { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'no-system-settings.json') };
  const side = (dialect: Dialect, dir: string, name: string, text: string): Side => {
    mkdirSync(join(home, dir), { recursive: true });
    const rec = join(root, `rec-${dialect.name}`);
    mkdirSync(rec);
    const file = join(home, dir, name);
    writeFileSync(file, text);
    const engine = new Engine({ dialect, runner: createProcessRunner(), workspace, baseEnv: { ...processEnvironment(), [MARK]: mark, REC: rec } });
    const context: LoadContext = { workspace, home, env };
    engine.load(context);
    return { engine, file, text, rec, context };
  };
  // Gemini loads no settings hooks in a folder the user has not trusted (folder trust is on by default, §4.6).
  mkdirSync(join(home, '.gemini'), { recursive: true });
  writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [workspace]: 'TRUST_FOLDER' }, null, 2));
  const codex = side(codexDialect, '.codex', 'hooks.json', claudeText);
  if (!options.codexUntrusted) await trustAll(codex);
  return {
    claude: side(claudeDialect, '.claude', 'settings.json', claudeText),
    codex,
    gemini: side(geminiDialect, '.gemini', 'settings.json', geminiText),
  };
}

/** Codex skips un-reviewed hooks (§3.2): trust each one's current hash in $CODEX_HOME/config.toml through the dialect's
 * review store (what `review/trust` and `hookd hooks trust` write), and reload. */
async function trustAll(side: Side): Promise<void> {
  const store = codexDialect.reviewStore!(side.context);
  for (const hook of side.engine.hooks()) if (hook.review !== undefined) await store.trust(hook.review.key, hook.review.currentHash);
  side.engine.reload(side.context);
  expect(
    side.engine.hooks().map((hook) => hook.review?.trustStatus),
    'every codex hook trusted',
  ).toEqual(side.engine.hooks().map(() => 'trusted'));
}

const SESSION = { id: 'session-three-agents' };

async function send(side: Side, event: EventName, params: Partial<EventParams>, runId = 'run-1'): Promise<EventResult> {
  const { result } = await side.engine.dispatch(event, { session: SESSION, runId, ...params } as EventParams);
  return result;
}

/** The observed turn's one shell call, in each agent's own tool name and input (observed-envelopes). */
const SHELL_COMMAND = 'echo hi && touch tool_ran.marker';
const shellCall: Record<Agent, Partial<EventParams>> = {
  claude: { toolName: 'Bash', toolInput: { command: SHELL_COMMAND }, toolUseId: 'toolu_1' },
  codex: { toolName: 'Bash', toolInput: { command: SHELL_COMMAND }, toolUseId: 'call_mock_1_0' },
  gemini: { toolName: 'run_shell_command', toolInput: { command: SHELL_COMMAND, description: 'say hi' } },
};
/** The same call after it ran, with each agent's tool_response. */
const shellResult: Record<Agent, Partial<EventParams>> = {
  claude: { ...shellCall.claude, toolResponse: { stdout: 'hi', stderr: '', interrupted: false, isImage: false } },
  codex: { ...shellCall.codex, toolResponse: 'hi\n' },
  gemini: { ...shellCall.gemini, toolResponse: { llmContent: '<untrusted_context>\nOutput: hi\n</untrusted_context>', returnDisplay: 'hi' } },
};

/** Sends each side its own shell call on the pre- or post-tool event. */
async function eachTool(t: Trio, event: 'PreToolUse' | 'PostToolUse'): Promise<Record<Agent, EventResult>> {
  const params = event === 'PreToolUse' ? shellCall : shellResult;
  return { claude: await send(t.claude, event, params.claude), codex: await send(t.codex, event, params.codex), gemini: await send(t.gemini, event, params.gemini) };
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const printJson = (value: unknown) => `printf '%s' ${quote(JSON.stringify(value))}`;
const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });
const on = (event: string, hooks: Record<string, unknown>[], matcher?: string): Settings => ({ hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks }] } });
/** One script for all three agents, as a user who shares it writes it: Gemini's native answer when stdin says BeforeTool/AfterTool. */
const portable = (claudeShaped: unknown, geminiShaped: unknown) =>
  `input=$(cat); case "$input" in *'"hook_event_name":"Before'*|*'"hook_event_name": "Before'*|*'"hook_event_name":"After'*|*'"hook_event_name": "After'*) ${printJson(geminiShaped)};; *) ${printJson(claudeShaped)};; esac`;
const ranHooks = (result: EventResult) => result.runs.length;
const hooksOf = (side: Side): HookInfo[] => side.engine.hooks();

describe('the same settings file through claude, codex and gemini', () => {
  it('observed-envelopes: each agent\'s own stdin — claude (transcript_path, permission_mode), codex (turn_id, model, tool_use_id), gemini (native hook_event_name "BeforeTool", timestamp, run_shell_command)', async () => {
    const t = await trio(on('PreToolUse', [command('cat > "$REC/stdin.json"')], 'Bash'));
    await eachTool(t, 'PreToolUse');
    const stdin = (agent: Agent) => JSON.parse(readFileSync(join(t[agent].rec, 'stdin.json'), 'utf8')) as Record<string, unknown>;
    const [claude, codex, gemini] = [stdin('claude'), stdin('codex'), stdin('gemini')];
    expect([claude.hook_event_name, codex.hook_event_name, gemini.hook_event_name]).toEqual(['PreToolUse', 'PreToolUse', 'BeforeTool']);
    expect([claude.tool_name, codex.tool_name, gemini.tool_name]).toEqual(['Bash', 'Bash', 'run_shell_command']);
    for (const seen of [claude, codex, gemini]) expect(seen).toMatchObject({ session_id: SESSION.id, tool_input: { command: SHELL_COMMAND } });
    expect(Object.keys(codex)).toEqual(['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'tool_name', 'tool_input', 'tool_use_id']);
    expect(Object.keys(gemini).slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp']);
    expect(Number.isNaN(Date.parse(String(gemini.timestamp)))).toBe(false);
    expect(claude).not.toHaveProperty('turn_id');
    expect(gemini).not.toHaveProperty('tool_use_id');
  });

  it('§3.2 "new or changed hooks are skipped until trusted; startup prints a warning" — the same user hook: claude and gemini run it at once; codex skips it until its hash is trusted in config.toml', async () => {
    const t = await trio(on('PreToolUse', [command('echo "BLOCKED: policy says no" >&2; exit 2')]), { codexUntrusted: true });
    expect(hooksOf(t.codex).map((hook) => [hook.review?.trustStatus, hook.review?.runnable])).toEqual([['untrusted', false]]);
    const before = await eachTool(t, 'PreToolUse');
    expect(before.claude).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
    expect(before.gemini).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
    expect(before.codex.decision).toBe('none');
    await trustAll(t.codex);
    expect(readFileSync(join(t.codex.context.home, '.codex', 'config.toml'), 'utf8')).toMatch(/^trusted_hash = "sha256:[0-9a-f]{64}"$/m);
    expect(await send(t.codex, 'PreToolUse', shellCall.codex, 'run-2')).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
  });

  it('02 "exit 2 + stderr" — all three: tool not run, deny with "BLOCKED: policy says no"', async () => {
    const t = await trio(on('PreToolUse', [command('echo "BLOCKED: policy says no" >&2; exit 2')]));
    const r = await eachTool(t, 'PreToolUse');
    for (const agent of ['claude', 'codex', 'gemini'] as const) expect(r[agent], agent).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
  });

  it('03 / g03b "Claude-shaped hookSpecificOutput.permissionDecision:"deny" is ignored → tool runs" — claude and codex deny with DENY-REASON-X; gemini does not', async () => {
    const t = await trio(on('PreToolUse', [command(printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-REASON-X' } }))]));
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
    expect(r.codex).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
    expect(r.gemini.decision).not.toBe('deny');
    expect(r.gemini.continue).toBe(true);
    expect(ranHooks(r.gemini)).toBe(1);
  });

  it('03 "native {"decision":"deny","reason":…} → not run" — the native answer: gemini denies with DENY-REASON-X', async () => {
    const t = await trio(on('PreToolUse', [command(printJson({ decision: 'deny', reason: 'DENY-REASON-X' }))]));
    const r = await eachTool(t, 'PreToolUse');
    expect(r.gemini).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
  });

  it('05b "updatedInput without decision" — claude: applied (rewritten ran); codex: ignored (original ran); gemini: applied (the call rebuilt from the hook\'s tool_input)', async () => {
    const rewrite = { command: 'echo rewritten' };
    const t = await trio(
      on('PreToolUse', [command(portable({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: rewrite } }, { hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: rewrite } }))]),
    );
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude.updatedInput).toEqual(rewrite);
    expect(r.claude.decision).not.toBe('deny');
    expect(r.codex.updatedInput).toBeUndefined();
    expect(r.codex.decision).not.toBe('deny');
    expect(r.gemini.updatedInput).toEqual(rewrite);
    expect(r.gemini.decision).not.toBe('deny');
  });

  it('05a "updatedInput + allow" — all three apply the rewrite', async () => {
    const rewrite = { command: 'echo rewritten' };
    const t = await trio(
      on('PreToolUse', [
        command(portable({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: rewrite } }, { decision: 'allow', hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: rewrite } })),
      ]),
    );
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude.updatedInput).toEqual(rewrite);
    expect(r.codex.updatedInput).toEqual(rewrite);
    expect(r.gemini.updatedInput).toEqual(rewrite);
  });

  it('07 "two matching hooks, one deny one allow" — deny wins in all three; claude and codex show only the deny reason; gemini: "all reasons joined with \\n"', async () => {
    const denyA = portable({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-FROM-HOOK-A' } }, { decision: 'deny', reason: 'DENY-FROM-HOOK-A' });
    const allowB = portable({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'ALLOW-FROM-HOOK-B' } }, { decision: 'allow', reason: 'ALLOW-FROM-HOOK-B' });
    for (const layout of ['same group', 'two groups'] as const) {
      const settings: Settings =
        layout === 'same group' ? on('PreToolUse', [command(denyA), command(allowB)]) : { hooks: { PreToolUse: [{ hooks: [command(denyA)] }, { hooks: [command(allowB)] }] } };
      const r = await eachTool(await trio(settings), 'PreToolUse');
      expect(r.claude, layout).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A' });
      expect(r.codex, layout).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A' });
      expect(r.gemini, layout).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A\nALLOW-FROM-HOOK-B' });
      for (const agent of ['claude', 'codex', 'gemini'] as const) expect(ranHooks(r[agent]), `${agent}, ${layout}`).toBe(2);
    }
  });

  it('08a "PostToolUse/AfterTool additionalContext" — the same context in all three; codex: a separate developer message; gemini: appended inside the tool output', async () => {
    const t = await trio(on('PostToolUse', [command(printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST-ADDITIONAL-CONTEXT' } }))]));
    const r = await eachTool(t, 'PostToolUse');
    for (const agent of ['claude', 'codex', 'gemini'] as const) expect(r[agent].additionalContext, agent).toBe('POST-ADDITIONAL-CONTEXT');
    expect([r.claude.contextDelivery, r.codex.contextDelivery, r.gemini.contextDelivery]).toEqual([undefined, 'separate-message', 'appended']);
  });

  it('08b "PostToolUse decision:block" — claude: tool output kept, the reason goes back as a block; codex: tool output replaced by POST-BLOCK-REASON; gemini: replaced by {"error":"POST-BLOCK-REASON"}', async () => {
    const t = await trio(on('PostToolUse', [command(printJson({ decision: 'block', reason: 'POST-BLOCK-REASON' }))]));
    const r = await eachTool(t, 'PostToolUse');
    expect(r.claude).toMatchObject({ decision: 'block', reason: 'POST-BLOCK-REASON' });
    expect(r.claude.updatedToolOutput).toBeUndefined();
    expect(r.codex.updatedToolOutput).toBe('POST-BLOCK-REASON');
    expect(r.gemini.updatedToolOutput).toEqual({ error: 'POST-BLOCK-REASON' });
  });

  it('08c "PostToolUse exit 2" — claude: stderr as feedback, output kept; codex: output replaced by POST-EXIT2-STDERR; gemini: replaced by {"error":"POST-EXIT2-STDERR"}', async () => {
    const t = await trio(on('PostToolUse', [command('echo POST-EXIT2-STDERR >&2; exit 2')]));
    const r = await eachTool(t, 'PostToolUse');
    expect(`${r.claude.feedback ?? ''}${r.claude.reason ?? ''}`).toContain('POST-EXIT2-STDERR');
    expect(r.claude.updatedToolOutput).toBeUndefined();
    expect(r.codex.updatedToolOutput).toBe('POST-EXIT2-STDERR');
    expect(r.gemini.updatedToolOutput).toEqual({ error: 'POST-EXIT2-STDERR' });
  });

  it('09c "prompt hook: plain stdout + JSON additionalContext" — claude and codex: both reach the model; gemini: only the JSON one ("plain stdout is not sent"), the plain one a system message', async () => {
    const t = await trio(
      on('UserPromptSubmit', [command('echo PLAIN-STDOUT-CONTEXT'), command(printJson({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'JSON-ADDITIONAL-CONTEXT' } }))]),
    );
    const prompt = { prompt: 'run the command' };
    const r = { claude: await send(t.claude, 'UserPromptSubmit', prompt), codex: await send(t.codex, 'UserPromptSubmit', prompt), gemini: await send(t.gemini, 'UserPromptSubmit', prompt) };
    for (const agent of ['claude', 'codex'] as const) {
      expect(r[agent].additionalContext, agent).toContain('PLAIN-STDOUT-CONTEXT');
      expect(r[agent].additionalContext, agent).toContain('JSON-ADDITIONAL-CONTEXT');
    }
    expect(r.codex.contextDelivery).toBe('separate-message');
    expect(r.gemini.additionalContext).toBe('JSON-ADDITIONAL-CONTEXT');
    expect(r.gemini.contextDelivery).toBe('appended');
    expect(r.gemini.systemMessage).toContain('PLAIN-STDOUT-CONTEXT');
  });

  it('10a "Stop/AfterAgent always decision:block" — claude is capped by Claude Code, codex and gemini have no (effective) cap; hookd keeps its stopBlockCap (8) for all three: 8 continuations, then the turn ends', async () => {
    const t = await trio(on('Stop', [command(printJson({ decision: 'block', reason: 'KEEP-WORKING' }))]));
    for (const agent of ['claude', 'codex', 'gemini'] as const) {
      const decisions: string[] = [];
      for (let check = 0; check < 9; check += 1) decisions.push((await send(t[agent], 'Stop', { stopHookActive: check > 0, lastAssistantMessage: 'done', prompt: 'run the command' })).decision);
      expect(decisions, agent).toEqual([...Array<string>(8).fill('block'), 'none']);
    }
  });

  it('10b "block only while stop_hook_active is false" — all three: 2 hook runs, exactly 1 continuation', async () => {
    const t = await trio(on('Stop', [command(`grep -q '"stop_hook_active": *true' && exit 0; ${printJson({ decision: 'block', reason: 'ONE-MORE-PASS' })}`)]));
    for (const agent of ['claude', 'codex', 'gemini'] as const) {
      const first = await send(t[agent], 'Stop', { stopHookActive: false, lastAssistantMessage: 'done', prompt: 'run the command' });
      const second = await send(t[agent], 'Stop', { stopHookActive: true, lastAssistantMessage: 'done again', prompt: 'run the command' });
      expect([first.decision, second.decision], agent).toEqual(['block', 'none']);
      expect(first.reason, agent).toBe('ONE-MORE-PASS');
    }
  });

  it('12/13 "non-matching matcher Edit|Write / regex ^Ba.h$" — migrated to replace|write_file (not run in any); the regex is not translated by the migration: claude and codex run it, gemini does not (observed 13 wrote ^run_sh.ll_command$ by hand)', async () => {
    const t = await trio({
      hooks: {
        PreToolUse: [
          { matcher: 'Edit|Write', hooks: [command('echo EDIT-OR-WRITE >&2; exit 2')] },
          { matcher: '^Ba.h$', hooks: [command('echo REGEX-MATCHED >&2; exit 2')] },
        ],
      },
    });
    expect(hooksOf(t.gemini).map((hook) => hook.matcher)).toEqual(['replace|write_file', '^Ba.h$']);
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude).toMatchObject({ decision: 'deny', reason: 'REGEX-MATCHED' });
    expect(r.codex).toMatchObject({ decision: 'deny', reason: 'REGEX-MATCHED' });
    expect(r.gemini.decision).toBe('none');
    expect(r.gemini.runs).toEqual([]);
  });

  it('14 "{"continue":false,"stopReason":…} from a pre-tool hook" — claude: tool still runs, then the loop stops; codex: ignored; gemini: tool not run, agent stopped', async () => {
    const t = await trio(on('PreToolUse', [command(printJson({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' }))]));
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude).toMatchObject({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' });
    expect(r.claude.decision).not.toBe('deny');
    expect(r.codex.continue).toBe(true);
    expect(r.codex.decision).not.toBe('deny');
    expect(r.gemini).toMatchObject({ decision: 'deny', continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' });
  });

  it('15 "stdout not JSON, exit 0" — claude and codex: ignored, tool runs; gemini: "treated as plain text (system message)", tool runs', async () => {
    const t = await trio(on('PreToolUse', [command('echo PLAIN-TEXT-NOT-JSON')]));
    const r = await eachTool(t, 'PreToolUse');
    for (const agent of ['claude', 'codex'] as const) {
      expect(r[agent].decision, agent).toBe('none');
      expect(r[agent].systemMessage, agent).toBeUndefined();
      expect(r[agent].additionalContext, agent).toBeUndefined();
    }
    expect(r.gemini.decision).not.toBe('deny');
    expect(r.gemini.systemMessage).toBe('PLAIN-TEXT-NOT-JSON');
    expect(r.gemini.additionalContext).toBeUndefined();
  });

  it('17 "Claude event names in Gemini settings: ignored, no hook ran" — the untranslated file: claude runs its PreToolUse/Bash hook; gemini loads nothing and warns, naming BeforeTool', async () => {
    const settings = on('PreToolUse', [command('echo "BLOCKED: policy says no" >&2; exit 2')], 'Bash');
    const t = await trio(settings, { geminiAsIs: true });
    expect(t.gemini.text).toBe(t.claude.text);
    expect(hooksOf(t.gemini)).toEqual([]);
    const warned = t.gemini.engine.diagnostics().filter((diagnostic) => diagnostic.severity === 'warning' && diagnostic.file === t.gemini.file);
    expect(warned.map((diagnostic) => diagnostic.message).join('\n')).toMatch(/PreToolUse[\s\S]*BeforeTool/);
    const r = await eachTool(t, 'PreToolUse');
    expect(r.claude).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
    expect(r.gemini.decision).toBe('none');
    expect(r.gemini.runs).toEqual([]);
  });

  it('§4.6 "Bug: `timeout` copied verbatim although Claude uses seconds and Gemini milliseconds (#29122)" — timeout 5: claude and codex 5 s; the migrated gemini hook 5 ms, with a warning', async () => {
    const t = await trio(on('PreToolUse', [command('true', { timeout: 5 })]));
    const timeouts = (side: Side) => hooksOf(side).map((hook) => hook.timeoutMs);
    expect([timeouts(t.claude), timeouts(t.codex), timeouts(t.gemini)]).toEqual([[5_000], [5_000], [5]]);
    const warned = t.gemini.engine.diagnostics().filter((diagnostic) => diagnostic.severity === 'warning');
    expect(warned.some((diagnostic) => /timeout/i.test(diagnostic.message))).toBe(true);
  });
});
