// Issue 8, defect 1: a catastrophic matcher in a cloned repository's .claude/settings.json must not freeze the agent.
// Against the built sidecar: the PreToolUse request with a 42-character tool name is answered (polled for, with a
// generous deadline, never timed), with JavaScript's answers, and hookd answers a ping afterwards. Same in `hookd test`.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD_BIN, Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const ANSWER_DEADLINE_MS = 10_000;

/** Each backtracks for hours in JavaScript on the names below (2^41 paths). */
const CATASTROPHIC = ['(a+)+$', '^(a|a)*$', '([a-z]+)*$', '^(?=(a+)+$)', '^(a+)+\\1$'];
const A_NAME = `${'a'.repeat(41)}!`;
const LOWER_NAME = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmno!';

const open: Sidecar[] = [];
const workspaces: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  for (const workspace of workspaces.splice(0)) rmSync(workspace, { recursive: true, force: true });
});

function workspaceWithMatchers(): string {
  const workspace = makeWorkspace('hookd-catastrophic-');
  workspaces.push(workspace);
  writeClaudeSettings(workspace, {
    hooks: { PreToolUse: CATASTROPHIC.map((matcher) => ({ matcher, hooks: [{ type: 'command', command: 'true' }] })) },
  });
  return workspace;
}

async function pollUntil<T>(what: string, probe: () => T | undefined, deadlineMs = ANSWER_DEADLINE_MS): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function answerTo(sidecar: Sidecar, method: string, params: unknown): Promise<RpcMessage> {
  const id = sidecar.nextId();
  void sidecar.call(method, params, id).catch(() => {});
  return pollUntil(`answer to ${method}`, () => sidecar.responses.get(id));
}

/** The group index of every hook that ran, e.g. [2] for `project:PreToolUse[2].hooks[0]`. */
function groupsThatRan(result: { runs: Array<{ hookId: string }> }): number[] {
  return result.runs.map((run) => Number(/PreToolUse\[(\d+)\]/.exec(run.hookId)?.[1]));
}

/** Which of CATASTROPHIC JavaScript says match `name` (computed on a safe stand-in: the verdict does not depend on 41 vs 4 a's). */
function expectedGroups(name: string): number[] {
  const standIn = name.slice(0, 4) + name.slice(-1);
  return CATASTROPHIC.flatMap((pattern, index) => (new RegExp(pattern, 'u').test(standIn) ? [index] : []));
}

describe('catastrophic matchers do not freeze hookd (built sidecar)', () => {
  it('initialize names the matchers that need the backtracking engine (info), and every group loads', async () => {
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspaceWithMatchers());
    expect(init.hooks).toHaveLength(CATASTROPHIC.length);
    const notices = init.diagnostics.filter((diagnostic: { code?: string }) => diagnostic.code === 'matcher-backtracking');
    expect(notices.map((diagnostic: { field: string }) => diagnostic.field)).toEqual(['hooks.PreToolUse[3].matcher', 'hooks.PreToolUse[4].matcher']);
  });

  it.each([
    ['a run of 41 a', A_NAME],
    ['41 lowercase letters', LOWER_NAME],
  ])('PreToolUse with %s then "!" is answered with JavaScript\'s verdicts, and a following ping is answered', async (_what, toolName) => {
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspaceWithMatchers());
    const answer = await answerTo(sidecar, 'hooks/PreToolUse', { session: { id: 's' }, toolName, toolInput: {} });
    expect(answer.error).toBeUndefined();
    expect(groupsThatRan(answer.result as { runs: Array<{ hookId: string }> })).toEqual(expectedGroups(toolName));
    const ping = await answerTo(sidecar, 'ping', {});
    expect(ping.error).toBeUndefined();
    // A second event with the same name is answered too (a timed-out matcher is disabled, not retried).
    const again = await answerTo(sidecar, 'hooks/PreToolUse', { session: { id: 's' }, toolName, toolInput: {} });
    expect(again.error).toBeUndefined();
  });

  it('a matcher that ran past its deadline is named on stderr with its pattern and file', async () => {
    const sidecar = new Sidecar();
    open.push(sidecar);
    const workspace = workspaceWithMatchers();
    await sidecar.initialize(workspace);
    await answerTo(sidecar, 'hooks/PreToolUse', { session: { id: 's' }, toolName: A_NAME, toolInput: {} });
    const line = await pollUntil('warning on stderr', () => sidecar.stderr.split('\n').find((text) => text.includes(JSON.stringify('^(?=(a+)+$)'))));
    expect(line).toContain('[hookd warn]');
    expect(line).toContain(join(workspace, '.claude', 'settings.json'));
    expect(line).toContain('hooks.PreToolUse[3].matcher');
  });

  it('hookd test PreToolUse with the same name exits with the result', async () => {
    const workspace = workspaceWithMatchers();
    const input = join(workspace, 'event.json');
    writeFileSync(input, JSON.stringify({ session: { id: 's' }, toolName: A_NAME, toolInput: {} }));
    const child = spawn(process.execPath, [HOOKD_BIN, 'test', 'PreToolUse', '--input', input, '--json', '--workspace', workspace, '--home', workspace]);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    let exitCode: number | null | undefined;
    child.on('exit', (code) => (exitCode = code));
    try {
      await pollUntil('exit of hookd test', () => (exitCode === undefined ? undefined : true));
    } finally {
      child.kill('SIGKILL');
    }
    expect(exitCode).toBe(0);
    const report = JSON.parse(stdout);
    expect(groupsThatRan(report.result)).toEqual([2]);
  });
});
