// The wamp dialect through the TypeScript client and the built sidecar: initialize with trustWorkspace and the tool
// approval callback, and (with the wamp loader and output rules) a user hooks file whose deny is binding, whose refused
// prompt carries the refusal, whose copied "Bash" matcher is a warning, and whose ask reaches the toolApproval callback
// (or, unattended, becomes a binding deny). Every event has a runId, as wamp requires.
import { describe, expect, it } from 'vitest';
import type { ToolApprovalRequest } from '../src/index.js';
import { makeWorkspace, spawnTestClient, useSidecar, writeFile } from './helpers.js';

useSidecar();

const ASK_OUTPUT = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'pushing needs a human' } };

type Group = { matcher?: string; hooks: Array<{ type: 'command'; command: string }> };
const group = (command: string, matcher?: string): Group => ({ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] });
/** `<home>/.wamp/hooks.json` (user scope: runs without trust). */
const userHooks = (home: string, hooks: Record<string, Group[]>) => writeFile(home, '.wamp/hooks.json', JSON.stringify({ hooks }));

describe('the wamp dialect through the TypeScript client and the built sidecar', () => {
  it('"A Cloud session trusts its own workspace": initialize with trustWorkspace and toolApproval is accepted, and the capabilities list hooks/askToolApproval', async () => {
    const client = await spawnTestClient({ workspace: makeWorkspace(), home: makeWorkspace(), dialect: 'wamp', trustWorkspace: true, toolApproval: () => 'deny' });
    const init = client.initializeResult!;
    expect(init.dialect).toBe('wamp');
    expect(init.capabilities?.serverRequests).toContainEqual({ method: 'hooks/askToolApproval', capability: 'toolApproval' });
    expect(init.capabilities?.options).toContain('trustWorkspace');
    const result = await client.userPromptSubmit({ session: { id: 's1', agent: 'wamp', runtime: 'native' }, runId: 'run-1', prompt: 'hello', turnKind: 'message' });
    expect([result.decision, result.continue, result.refusal, result.binding]).toEqual(['none', true, undefined, undefined]);
  });

  it(
    '"A deny refuses the call in every mode" (binding); a refused prompt has the refusal ("a failed-precondition error whose data carries the `reason`"); "a copied `"Bash"` matcher does not fail silently"',
    async () => {
      const home = makeWorkspace();
      userHooks(home, {
        PreToolUse: [group("echo 'rm -rf is not allowed from chat' >&2; exit 2", 'shell'), group('exit 0', 'Bash')],
        UserPromptSubmit: [group("echo 'no secrets in prompts' >&2; exit 2")],
      });
      const client = await spawnTestClient({ workspace: makeWorkspace(), home, dialect: 'wamp', tools: ['shell', 'write'] });
      expect(client.initializeResult!.diagnostics.some((d) => d.severity === 'warning' && d.message.includes('Bash'))).toBe(true);
      const denied = await client.preToolUse({ session: { id: 's' }, runId: 'run-1', toolName: 'shell', toolInput: { command: 'rm -rf /' } });
      expect([denied.decision, denied.binding]).toEqual(['deny', true]);
      expect(denied.reason).toContain('rm -rf is not allowed from chat');
      const refused = await client.userPromptSubmit({ session: { id: 's' }, runId: 'run-2', prompt: 'my key is sk-123' });
      expect(refused.decision).toBe('block');
      expect(refused.refusal).toMatchObject({ code: 'failed_precondition', data: { reason: 'no secrets in prompts' } });
      expect(refused.warnings?.some((warning) => warning.includes('no secrets in prompts'))).toBe(true);
    },
  );

  it('"When nobody can answer, as in an unattended run, an ask becomes a refusal": a binding deny, and the callback is never asked', async () => {
    const home = makeWorkspace();
    userHooks(home, { PreToolUse: [group(`echo '${JSON.stringify(ASK_OUTPUT)}'`, 'shell')] });
    const asked: ToolApprovalRequest[] = [];
    const client = await spawnTestClient({ workspace: makeWorkspace(), home, dialect: 'wamp', tools: ['shell'], toolApproval: (request) => (asked.push(request), 'allow') });
    const result = await client.preToolUse({ session: { id: 's' }, runId: 'run-1', toolName: 'shell', toolInput: { command: 'git push' }, unattended: true });
    expect([result.decision, result.binding, result.approval]).toEqual(['deny', true, undefined]);
    expect(result.reason).toContain('nobody can answer this unattended run');
    expect(result.warnings?.some((warning) => warning.includes('nobody can answer'))).toBe(true);
    expect(asked).toEqual([]);
  });

  it('"Hooks are read once per send: an edit applies from the next message"; a copied "Bash" matcher\'s warning comes with the run\'s first result', async () => {
    const home = makeWorkspace();
    userHooks(home, { PreToolUse: [group('exit 0', 'Bash')] });
    const client = await spawnTestClient({ workspace: makeWorkspace(), home, dialect: 'wamp', tools: ['shell', 'write'] });
    const call = { session: { id: 's' }, toolName: 'shell', toolInput: { command: 'ls' } };
    const first = await client.preToolUse({ ...call, runId: 'run-1' });
    expect(first.warnings?.some((warning) => warning.includes('Bash'))).toBe(true);
    userHooks(home, { PreToolUse: [group("echo 'edited: no' >&2; exit 2", 'shell')] });
    expect((await client.preToolUse({ ...call, runId: 'run-1' })).decision).toBe('none'); // the running turn keeps its hooks
    const next = await client.preToolUse({ ...call, runId: 'run-2' });
    expect([next.decision, next.binding]).toEqual(['deny', true]);
  });

  it(
    '"An ask shows one approval card with the hook\'s reason. The card offers only Allow and Deny"; "When nobody can answer, as in an unattended run, an ask becomes a refusal"',
    async () => {
      const home = makeWorkspace();
      userHooks(home, { PreToolUse: [group(`echo '${JSON.stringify(ASK_OUTPUT)}'`, 'shell')] });
      const asked: ToolApprovalRequest[] = [];
      const answers = ['deny', 'allow'] as const;
      const client = await spawnTestClient({ workspace: makeWorkspace(), home, dialect: 'wamp', tools: ['shell'], toolApproval: (request) => answers[asked.push(request) - 1]! });
      const call = { session: { id: 's' }, toolName: 'shell', toolInput: { command: 'git push' } };
      const denied = await client.preToolUse({ ...call, runId: 'run-1', toolUseId: 'tu-1' });
      expect(asked[0]).toMatchObject({ toolName: 'shell', toolUseId: 'tu-1', runId: 'run-1', options: ['allow', 'deny'] });
      expect(asked[0]!.reason).toContain('pushing needs a human');
      expect([denied.decision, denied.binding]).toEqual(['deny', true]);
      expect(denied.reason).toMatch(/^denied at the approval card: /);
      const allowed = await client.preToolUse({ ...call, runId: 'run-2' });
      expect([allowed.decision, allowed.approval?.answer]).toEqual(['none', 'allow']);
      const unattended = await client.preToolUse({ ...call, runId: 'run-3', unattended: true });
      expect(asked).toHaveLength(2); // never asked for an unattended run
      expect([unattended.decision, unattended.binding]).toEqual(['deny', true]);
      expect(unattended.reason).toContain('nobody can answer this unattended run');
    },
  );

  it('"as a server → client request or in the result": without the callback the ask is in the result, with only allow and deny', async () => {
    const home = makeWorkspace();
    userHooks(home, { PreToolUse: [group(`echo '${JSON.stringify(ASK_OUTPUT)}'`, 'shell')] });
    const client = await spawnTestClient({ workspace: makeWorkspace(), home, dialect: 'wamp', tools: ['shell'] });
    const result = await client.preToolUse({ session: { id: 's' }, runId: 'run-1', toolName: 'shell', toolInput: { command: 'git push' } });
    expect(result.decision).toBe('ask');
    expect(result.approval?.options).toEqual(['allow', 'deny']);
    expect(result.approval?.reason).toContain('pushing needs a human');
    expect(result.approval?.answer).toBeUndefined();
  });
});
