// Golden wire fixtures (protocol/fixtures/*.json): each is replayed against the built sidecar and every
// server message must equal the recorded one (after normalizing paths and durations). Every message is
// also validated against the zod schemas (requests, results, notifications, server → client requests and
// the client's answers to them). `RECORD_FIXTURES=1 npx vitest run test/e2e/golden-fixtures.test.ts`
// re-records them from the scenarios below (`RECORD_FIXTURES=trust,reload` re-records only those); review
// the diff before committing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize as normalizePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientNotifications, ErrorCodes, Requests, ServerNotifications, ServerRequests } from '../../src/protocol/index.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';
import { waitUntil } from '../helpers/processes.js';
import {
  FIXTURES_DIR as FIXTURES,
  SETTLE_MS,
  WORKSPACE_PLACEHOLDER,
  fixtureFiles,
  normalize,
  readFixture,
  withoutKeys,
  workspaceSpellings,
  type Fixture,
  type FixtureStep as Step,
  type WireMessage,
} from '../helpers/golden.js';

type ScenarioStep = { message?: unknown; raw?: string; expect: number };
type Scenario = Omit<Fixture, 'exchange'> & { steps: ScenarioStep[] };
type Setup = Pick<Fixture, 'settings' | 'files'>;

const init = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '0.1', clientInfo: { name: 'fixture-agent', version: '1.0.0' }, dialect: 'claude', workspace: WORKSPACE_PLACEHOLDER, home: WORKSPACE_PLACEHOLDER },
});
const session = { id: 'fixture-session', cwd: WORKSPACE_PLACEHOLDER, transcriptPath: '/home/user/.claude/projects/p/fixture-session.jsonl', permissionMode: 'default' };
const event = (id: number, name: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: `hooks/${name}`, params: { session, ...params } });
const bash = { toolName: 'Bash', toolInput: { command: 'rm -rf build', description: 'clean' }, toolUseId: 'toolu_01' };
const settings = (event: string, command: string, extra: Record<string, unknown> = {}) => ({
  hooks: { [event]: [{ matcher: extra.matcher ?? '', hooks: [{ type: 'command', command, ...extra, matcher: undefined }] }] },
});

// bamboo: config files come through `files` and explicit initialize `sources` (no BAMBOO_DATA_DIR needed);
// hot reload is off (`options.watch: false`) so that only hooks/reload reloads; live envelopes are pinned with
// `extra.timestamp`, so what hooks (and hooks/invoke) see is the same on every run.
const BAMBOO_TIMESTAMP = '2026-07-22T09:00:00Z';
const bambooSession = { id: 'fixture-session', model: 'claude-sonnet-4' };
const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
const inWorkspace = (path: string) => `${WORKSPACE_PLACEHOLDER}/${path}`;
const bambooInit = (
  id: number,
  sources: Array<{ path: string; scope: string }>,
  more: { capabilities?: Record<string, unknown>; options?: Record<string, unknown> } = {},
) =>
  request(id, 'initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'fixture-agent', version: '1.0.0' },
    dialect: 'bamboo',
    workspace: WORKSPACE_PLACEHOLDER,
    home: WORKSPACE_PLACEHOLDER,
    sources: sources.map((source) => ({ ...source, path: inWorkspace(source.path) })),
    ...(more.capabilities ? { capabilities: more.capabilities } : {}),
    options: { watch: false, ...more.options },
  });
const bambooEvent = (id: number, name: string, params: Record<string, unknown> = {}, payload?: Record<string, unknown>) =>
  request(id, `hooks/${name}`, { session: bambooSession, ...params, extra: { timestamp: BAMBOO_TIMESTAMP, ...(payload ? { payload } : {}) } });
const bambooBash = { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_01' };
/** A hooks.json as Bamboo reads it (exact text: diagnostics point at lines and columns of it). */
const bambooConfig = (lifecycleHooks: unknown) => `${JSON.stringify({ lifecycle_hooks: lifecycleHooks }, null, 2)}\n`;
/** A command handler that prints `output` as one JSON object. */
const printJson = (output: unknown, extra: Record<string, unknown> = {}) => {
  const text = JSON.stringify(output);
  if (text.includes("'")) throw new Error(`printJson: no single quotes, please: ${text}`);
  return { type: 'command', command: `printf '%s' '${text}'`, ...extra };
};

/** Scenarios to record: client messages in order; `expect` = how many server messages to wait for after it. */
const SCENARIOS: Record<string, Scenario> = {
  'initialize': {
    description: 'initialize with one configured hook: the result lists it with its provenance.',
    settings: settings('PreToolUse', 'echo no >&2; exit 2', { matcher: 'Bash', timeout: 30 }),
    steps: [{ message: init(1), expect: 1 }],
  },
  'pre-tool-use-deny': {
    description: 'A PreToolUse hook that prints "no" to stderr and exits 2: decision deny with stderr as the reason.',
    settings: settings('PreToolUse', 'echo no >&2; exit 2', { matcher: 'Bash' }),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'PreToolUse', bash), expect: 1 }],
  },
  'pre-tool-use-no-match': {
    description: 'No hook matches: decision none, no runs.',
    settings: settings('PreToolUse', 'exit 2', { matcher: 'Write|Edit' }),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'PreToolUse', bash), expect: 1 }],
  },
  'pre-tool-use-updated-input': {
    description: 'A hook allows and rewrites the tool input.',
    settings: settings(
      'PreToolUse',
      `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'safe form', updatedInput: { command: 'rm -r build' } } })}'`,
    ),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'PreToolUse', bash), expect: 1 }],
  },
  'post-tool-use-context': {
    description: 'A PostToolUse hook adds context for the model.',
    settings: settings('PostToolUse', `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'Formatted src/a.ts' } })}'`, { matcher: 'Write' }),
    steps: [
      { message: init(1), expect: 1 },
      { message: event(2, 'PostToolUse', { toolName: 'Write', toolInput: { file_path: `${WORKSPACE_PLACEHOLDER}/src/a.ts`, content: 'x' }, toolResponse: { success: true }, toolUseId: 'toolu_02' }), expect: 1 },
    ],
  },
  'user-prompt-submit-context': {
    description: 'Plain stdout of a UserPromptSubmit hook becomes context.',
    settings: settings('UserPromptSubmit', 'echo "branch: main"'),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'UserPromptSubmit', { prompt: 'fix the build' }), expect: 1 }],
  },
  'stop-block': {
    description: 'A Stop hook keeps the agent working with a reason.',
    settings: settings('Stop', `printf '%s' '${JSON.stringify({ decision: 'block', reason: 'Run the tests first.' })}'`),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'Stop', { stopHookActive: false, lastAssistantMessage: 'done' }), expect: 1 }],
  },
  'judge-prompt': {
    description:
      'A Stop prompt hook (capabilities.modelJudge): hookd sends hooks/judge (its own request id 0) with $ARGUMENTS replaced by the hook input; the client answers ok:false and the reason keeps the agent working (block).',
    settings: { hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Did the agent run the tests? $ARGUMENTS', model: 'claude-haiku-4' }] }] } },
    steps: [
      { message: { ...init(1), params: { ...init(1).params, capabilities: { modelJudge: true } } }, expect: 1 },
      { message: event(2, 'Stop', { stopHookActive: false, lastAssistantMessage: 'done' }), expect: 1 },
      { message: { jsonrpc: '2.0', id: 0, result: { ok: false, reason: 'Run the tests first.' } }, expect: 1 },
    ],
  },
  'mcp-tool-call': {
    description:
      'A PreToolUse mcp_tool hook (capabilities.mcpTools): hookd sends hooks/callMcpTool (request id 0) with ${tool_input.command} substituted; the tool\'s text output is read like command stdout (a deny).',
    settings: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'check_command', input: { command: '${tool_input.command}' } }] }] } },
    steps: [
      { message: { ...init(1), params: { ...init(1).params, capabilities: { mcpTools: true } } }, expect: 1 },
      { message: event(2, 'PreToolUse', bash), expect: 1 },
      {
        message: {
          jsonrpc: '2.0',
          id: 0,
          result: {
            content: [{ type: 'text', text: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy: no rm -rf' } }) }],
            isError: false,
          },
        },
        expect: 1,
      },
    ],
  },
  'progress-and-timeout': {
    description: 'A hook with a statusMessage sends progress; it times out after 1 s and fails open.',
    settings: settings('PreToolUse', 'sleep 30', { timeout: 1, statusMessage: 'Scanning the command…' }),
    steps: [{ message: init(1), expect: 1 }, { message: event(2, 'PreToolUse', bash), expect: 3 }],
  },
  'cancel': {
    description: 'A request cancelled with $/cancelRequest while its hook runs: -32800 with the partial runs.',
    settings: settings('PreToolUse', 'sleep 30', { statusMessage: 'Waiting…' }),
    ignore: ['signal'],
    steps: [
      { message: init(1), expect: 1 },
      { message: event(2, 'PreToolUse', bash), expect: 1 },
      { message: { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } }, expect: 2 },
    ],
  },
  'errors': {
    description: 'Errors that keep the sidecar serving: not initialized, parse error, unknown method, invalid params.',
    steps: [
      { message: event(1, 'PreToolUse', bash), expect: 1 },
      { raw: '{"jsonrpc":"2.0","id":2,"method":\n', expect: 1 },
      { message: init(3), expect: 1 },
      { message: { jsonrpc: '2.0', id: 4, method: 'hooks/NoSuchEvent', params: {} }, expect: 1 },
      { message: { jsonrpc: '2.0', id: 5, method: 'hooks/PreToolUse', params: { session: {}, toolInput: [] } }, expect: 1 },
    ],
  },
  'shutdown': {
    description: 'shutdown answers null; exit ends the process.',
    steps: [
      { message: init(1), expect: 1 },
      { message: { jsonrpc: '2.0', id: 2, method: 'shutdown' }, expect: 1 },
      { message: { jsonrpc: '2.0', method: 'exit' }, expect: 0 },
    ],
  },
  // ── bamboo dialect and the newer methods ──────────────────────────────────────────────────────────────
  'bamboo-initialize': {
    description: 'initialize with the bamboo dialect and one explicit user-scope source: its hooks are listed with provenance (a disabled group stays listed).',
    dialect: 'bamboo',
    files: {
      'hooks.json': bambooConfig({
        PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo checked', timeout_ms: 5000 }] }],
        PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'script', path: '.bamboo/hooks/format.py', runner: 'python' }] }],
        SessionStart: [{ enabled: false, hooks: [{ type: 'command', command: 'echo hello' }] }],
      }),
    },
    steps: [{ message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 }],
  },
  'bamboo-pre-tool-use-block': {
    description: 'bamboo PreToolUse: the first handler prints {decision: "block", reason, additional_context}: decision block; the second handler of the group does not run.',
    dialect: 'bamboo',
    files: {
      'hooks.json': bambooConfig({
        PreToolUse: [
          {
            matcher: '^Bash$',
            hooks: [
              printJson({ decision: 'block', reason: 'Deleting build/ is not allowed here.', additional_context: 'Use make clean instead.' }),
              { type: 'command', command: 'echo "second handler ran" >&2; exit 1' },
            ],
          },
        ],
      }),
    },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 },
      { message: bambooEvent(2, 'PreToolUse', bambooBash), expect: 1 },
    ],
  },
  'bamboo-pre-compact': {
    description: 'bamboo PreCompact: additional_context becomes additionalContext and extra.summarizerInstructions; the decision the hook also printed is ignored (decision none).',
    dialect: 'bamboo',
    files: {
      'hooks.json': bambooConfig({ PreCompact: [{ hooks: [printJson({ additional_context: 'Keep the names of the failing tests.', decision: 'block' })] }] }),
    },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 },
      {
        message: bambooEvent(2, 'PreCompact', { trigger: 'threshold' }, { estimated_tokens: 170000, usage_percent: 85.5, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' }),
        expect: 1,
      },
    ],
  },
  'bamboo-notification': {
    description: 'bamboo Notification is fire-and-forget: answered at once with runs [] and a note; its hooks run in the background.',
    dialect: 'bamboo',
    files: { 'hooks.json': bambooConfig({ Notification: [{ hooks: [{ type: 'command', command: 'cat > /dev/null' }] }] }) },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 },
      {
        message: bambooEvent(
          2,
          'Notification',
          { title: 'Run finished', message: 'The agent run completed.', notificationType: 'run_completed' },
          { id: 'notification-1', priority: 'normal', dedup_key: 'run-completed:fixture-session', created_at: BAMBOO_TIMESTAMP },
        ),
        expect: 1,
      },
    ],
  },
  'runs': {
    description: 'runs/begin snapshots the configuration for a run; an event carrying its runId; runs/end releases it.',
    dialect: 'bamboo',
    files: { 'hooks.json': bambooConfig({ UserPromptSubmit: [{ hooks: [printJson({ additional_context: 'branch: main' })] }] }) },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 },
      { message: request(2, 'runs/begin', { runId: 'run-1' }), expect: 1 },
      { message: bambooEvent(3, 'UserPromptSubmit', { prompt: 'fix the build', runId: 'run-1' }), expect: 1 },
      { message: request(4, 'runs/end', { runId: 'run-1' }), expect: 1 },
    ],
  },
  'programmatic-hook': {
    description:
      'A programmatic hook registered with priority 0.5 runs between configured handlers #0 and #1: hookd sends hooks/invoke (its own request id 0), the client answers, the event result merges all three; then hooks/unregister.',
    dialect: 'bamboo',
    files: {
      'hooks.json': bambooConfig({
        PreToolUse: [{ matcher: '^Bash$', hooks: [printJson({ additional_context: 'configured handler #0' }), printJson({ additional_context: 'configured handler #1' })] }],
      }),
    },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }], { capabilities: { programmaticHooks: true } }), expect: 1 },
      { message: request(2, 'hooks/register', { event: 'PreToolUse', matcher: '^Bash$', priority: 0.5, timeoutMs: 5000, name: 'agent-policy' }), expect: 1 },
      { message: bambooEvent(3, 'PreToolUse', bambooBash), expect: 1 },
      { message: { jsonrpc: '2.0', id: 0, result: { output: { additional_context: 'from the agent' }, exitCode: 0, stderr: '' } }, expect: 1 },
      { message: request(4, 'hooks/unregister', { hookId: 'client:1' }), expect: 1 },
    ],
  },
  'trust': {
    description:
      'A project-scope source needs trust: trust/list shows its key untrusted, its hook does not run; trust/set {trusted: true, persist: false} (nothing written) and it runs.',
    dialect: 'bamboo',
    files: { '.bamboo/hooks.json': bambooConfig({ PreToolUse: [{ hooks: [printJson({ additional_context: 'project hook ran' })] }] }) },
    steps: [
      { message: bambooInit(1, [{ path: '.bamboo/hooks.json', scope: 'project' }]), expect: 1 },
      { message: request(2, 'trust/list'), expect: 1 },
      { message: bambooEvent(3, 'PreToolUse', bambooBash), expect: 1 },
      { message: request(4, 'trust/set', { trusted: true, persist: false }), expect: 1 },
      { message: bambooEvent(5, 'PreToolUse', bambooBash), expect: 1 },
    ],
  },
  'dry-run': {
    description: "hooks/dryRun runs one command handler on the dialect's deterministic synthetic PreToolUse payload: its result and the envelope it read (input).",
    dialect: 'bamboo',
    steps: [
      { message: bambooInit(1, []), expect: 1 },
      {
        message: request(2, 'hooks/dryRun', {
          event: 'PreToolUse',
          handler: printJson({ decision: 'ask', reason: 'Check the command first.', additional_context: 'dry run' }, { timeout_ms: 5000 }),
        }),
        expect: 1,
      },
    ],
  },
  'reload': {
    description: 'hooks/reload reads the files again: the hooks/diagnostics notification (trigger reload), then the result.',
    dialect: 'bamboo',
    files: { 'hooks.json': bambooConfig({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }) },
    steps: [
      { message: bambooInit(1, [{ path: 'hooks.json', scope: 'user' }]), expect: 1 },
      { message: request(2, 'hooks/reload'), expect: 2 },
    ],
  },
  'invalid-config': {
    description:
      'Invalid bamboo files never fail initialize: a JSON syntax error and a timeout_ms of 0 each reject their whole file, with diagnostics naming file, line, column, field and code.',
    dialect: 'bamboo',
    files: {
      'broken.json': '{\n  "lifecycle_hooks": {\n    "PreToolUse": [\n      { "hooks": [{ "type": "command", "command": "true" },] }\n    ]\n  }\n}\n',
      'zero-timeout.json': bambooConfig({ Stop: [{ hooks: [{ type: 'command', command: 'true', timeout_ms: 0 }] }] }),
    },
    steps: [
      {
        message: bambooInit(1, [
          { path: 'broken.json', scope: 'user' },
          { path: 'zero-timeout.json', scope: 'user' },
        ]),
        expect: 1,
      },
    ],
  },
  'wamp-restrict-only': {
    description:
      'wamp (a chat in the home directory: one hooks file, read once, user scope): a copied "Bash" matcher is a warning at initialize and in the run\'s first result; exit 2 on PreToolUse is a binding deny; an ask goes to the approval card (hooks/askToolApproval, capabilities.toolApproval) and its deny is binding; a refused prompt carries the refusal; an aborted Run\'s Stop does not fire.',
    dialect: 'wamp',
    files: {
      '.wamp/hooks.json': `${JSON.stringify(
        {
          hooks: {
            PreToolUse: [
              { matcher: 'shell', hooks: [{ type: 'command', command: "echo 'rm -rf is not allowed from chat' >&2; exit 2" }] },
              { matcher: 'write', hooks: [printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'writing needs a human' } })] },
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] },
            ],
            UserPromptSubmit: [{ hooks: [{ type: 'command', command: "echo 'no secrets in prompts' >&2; exit 2" }] }],
            Stop: [{ hooks: [{ type: 'command', command: 'exit 2' }] }],
          },
        },
        null,
        2,
      )}\n`,
    },
    steps: [
      {
        message: request(1, 'initialize', {
          protocolVersion: '0.1',
          clientInfo: { name: 'fixture-agent', version: '1.0.0' },
          dialect: 'wamp',
          workspace: WORKSPACE_PLACEHOLDER,
          home: WORKSPACE_PLACEHOLDER,
          capabilities: { toolApproval: true },
          tools: ['shell', 'write'],
        }),
        expect: 1,
      },
      { message: request(2, 'hooks/PreToolUse', { session: { id: 'fixture-session', agent: 'wamp', runtime: 'native' }, runId: 'run-1', toolName: 'shell', toolInput: { command: 'rm -rf /' }, toolUseId: 'call_01' }), expect: 1 },
      { message: request(3, 'hooks/PreToolUse', { session: { id: 'fixture-session' }, runId: 'run-1', toolName: 'write', toolInput: { path: 'a.txt', content: 'x' }, toolUseId: 'call_02' }), expect: 1 },
      { message: { jsonrpc: '2.0', id: 0, result: { answer: 'deny' } }, expect: 1 },
      { message: request(4, 'hooks/UserPromptSubmit', { session: { id: 'fixture-session' }, runId: 'run-2', prompt: 'my key is sk-123', turnKind: 'message' }), expect: 1 },
      { message: request(5, 'hooks/Stop', { session: { id: 'fixture-session' }, runId: 'run-2', finish: 'abort', rootRun: true }), expect: 1 },
    ],
  },
};


const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => shutDown(sidecar)));
});

/**
 * shutdown (with an id no fixture uses: Sidecar.close() would send id 1, whose old answer it takes for the reply,
 * and skip `exit` when that answer was an error), exit, and wait; Sidecar.close() (SIGKILL) only as the fallback.
 */
async function shutDown(sidecar: Sidecar): Promise<void> {
  if (sidecar.child.exitCode !== null || sidecar.child.signalCode !== null) return;
  await Promise.race([sidecar.call('shutdown', undefined, 1_000_000).catch(() => undefined), sleep(2000)]);
  sidecar.notify('exit');
  const exited = await Promise.race([sidecar.exited.then(() => true), sleep(3000).then(() => false)]);
  if (!exited) await sidecar.close();
}

/** A `files` key must stay inside the workspace. */
function workspaceFile(workspace: string, path: string): string {
  const relative = normalizePath(path);
  if (isAbsolute(path) || relative === '..' || relative.startsWith('../') || relative === '.') throw new Error(`files: "${path}" is not a workspace-relative file path`);
  return join(workspace, relative);
}

async function play(setup: Setup, clientSteps: ScenarioStep[]) {
  const workspace = makeWorkspace();
  if (setup.settings) writeClaudeSettings(workspace, setup.settings);
  for (const [path, content] of Object.entries(setup.files ?? {})) {
    const file = workspaceFile(workspace, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  // Nothing of the machine's own bamboo configuration may leak in (fixtures give their sources explicitly).
  const env = { ...process.env };
  delete env.BAMBOO_DATA_DIR;
  const sidecar = new Sidecar('ndjson', [], env);
  open.push(sidecar);
  // Server → client requests are answered by the fixture's own client steps, never by the helper.
  for (const method of Object.keys(ServerRequests)) sidecar.onRequest(method, () => new Promise(() => {}));
  const received: RpcMessage[] = [];
  sidecar.onMessage((message) => received.push(message));
  const paths = workspaceSpellings(workspace);
  const exchange: Step[] = [];
  let consumed = 0;
  for (const step of clientSteps) {
    if (step.raw !== undefined) sidecar.writeRaw(step.raw);
    else sidecar.send(JSON.parse(JSON.stringify(step.message).split(WORKSPACE_PLACEHOLDER).join(workspace)));
    exchange.push(step.raw !== undefined ? { from: 'client', raw: step.raw } : { from: 'client', message: step.message as WireMessage });
    const arrived = await waitUntil(() => received.length >= consumed + step.expect, 10_000);
    expect(arrived, `expected ${step.expect} server message(s) after ${JSON.stringify(step.message ?? step.raw)}; got ${JSON.stringify(received.slice(consumed))}`).toBe(true);
    for (const message of received.slice(consumed, consumed + step.expect)) exchange.push({ from: 'server', message: normalize(message, paths) as RpcMessage });
    consumed += step.expect;
  }
  await sleep(SETTLE_MS);
  expect(received.slice(consumed), 'server messages after the last expected one').toEqual([]);
  return exchange;
}

type Schema = { safeParse(value: unknown): { success: boolean; error?: unknown } };
type Specs = Record<string, { params: Schema; result?: Schema }>;
const lookup = (specs: Specs, method: string | undefined) => (method !== undefined && Object.hasOwn(specs, method) ? specs[method] : undefined);

function expectValid(schema: Schema, value: unknown, what: string): void {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${what}: ${JSON.stringify(value)}\n${String(parsed.error)}`).toBe(true);
}

/**
 * Every message of an exchange against the protocol's schemas: client requests' params (unless `invalidRequests`),
 * client notifications, the client's answers to server requests (result schema of ServerRequests), server
 * notifications, server requests (params of ServerRequests), and server responses (result of the client's method).
 */
function validateExchange(exchange: readonly Step[], options: { invalidRequests?: boolean } = {}): void {
  const clientRequests = new Map<unknown, string>();
  const serverRequests = new Map<unknown, string>();
  for (const step of exchange) {
    if (step.from === 'client') {
      if (step.message === undefined) continue;
      const message = step.message as RpcMessage;
      if (message.method !== undefined && message.id !== undefined) {
        clientRequests.set(message.id, message.method);
        const spec = lookup(Requests as Specs, message.method);
        if (spec && !options.invalidRequests) expectValid(spec.params, message.params, `params of ${message.method}`);
      } else if (message.method !== undefined) {
        const spec = lookup(ClientNotifications as Specs, message.method);
        if (spec) expectValid(spec.params, message.params, `params of the ${message.method} notification`);
      } else {
        const method = serverRequests.get(message.id);
        expect(method, `the client answers ${JSON.stringify(message.id)}, which no earlier server request has`).toBeDefined();
        serverRequests.delete(message.id);
        if ('result' in message) expectValid(lookup(ServerRequests as Specs, method)!.result!, message.result, `the client's result of ${method}`);
        else expect(message.error, 'a client answer has result or error').toBeDefined();
      }
      continue;
    }
    const message = step.message;
    if (message.method !== undefined && message.id === undefined) {
      const spec = lookup(ServerNotifications as Specs, message.method);
      expect(spec, `unknown notification ${message.method}`).toBeDefined();
      expectValid(spec!.params, message.params, `params of the ${message.method} notification`);
    } else if (message.method !== undefined) {
      const spec = lookup(ServerRequests as Specs, message.method);
      expect(spec, `unknown server request ${message.method}`).toBeDefined();
      expectValid(spec!.params, message.params, `params of the ${message.method} server request`);
      serverRequests.set(message.id, message.method);
    } else if (message.error) {
      expect(Object.values(ErrorCodes)).toContain(message.error.code);
    } else {
      const method = clientRequests.get(message.id);
      expect(method, `a result for ${JSON.stringify(message.id)}, which no client request has`).toBeDefined();
      const spec = lookup(Requests as Specs, method);
      if (spec) expectValid(spec.result!, message.result, `result of ${method}`);
    }
  }
}

const recording = process.env.RECORD_FIXTURES;
if (recording !== undefined && recording !== '' && recording !== '0') {
  const only = recording === '1' ? undefined : new Set(recording.split(',').map((name) => name.trim()));
  describe('record golden fixtures', () => {
    it('records every scenario', async () => {
      mkdirSync(FIXTURES, { recursive: true });
      for (const [name, scenario] of Object.entries(SCENARIOS)) {
        if (only && !only.has(name)) continue;
        const { steps, ...rest } = scenario;
        const exchange = await play(rest, steps);
        const fixture: Fixture = {
          description: rest.description,
          ...(rest.dialect !== undefined && rest.dialect !== 'claude' ? { dialect: rest.dialect } : {}),
          ...(rest.settings ? { settings: rest.settings } : {}),
          ...(rest.files ? { files: rest.files } : {}),
          // Which spawn path (supervisor or the pure-Node fallback) the recording machine had is not part of the exchange.
          ignore: [...new Set([...(rest.ignore ?? []), 'spawnPath'])],
          exchange,
        };
        writeFileSync(join(FIXTURES, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
      }
    }, 300_000);
  });
}

const files = fixtureFiles();

describe('golden wire fixtures', () => {
  it('there is a fixture for every scenario', () => {
    expect(files.sort()).toEqual(Object.keys(SCENARIOS).map((name) => `${name}.json`).sort());
  });

  it.each(files)('%s: the fixture is well formed and its messages are valid in the protocol', (file) => {
    const fixture = readFixture(file);
    const dialect = fixture.dialect ?? 'claude';
    const initialize = fixture.exchange.find((step) => step.from === 'client' && (step.message as RpcMessage | undefined)?.method === 'initialize');
    if (initialize) expect(((initialize.message as RpcMessage).params as { dialect?: string }).dialect ?? 'claude', 'initialize asks for the fixture\'s dialect').toBe(dialect);
    if (fixture.settings !== undefined) expect(dialect, 'settings is the claude dialect\'s .claude/settings.json').toBe('claude');
    for (const [path, content] of Object.entries(fixture.files ?? {})) {
      expect(() => workspaceFile('/w', path)).not.toThrow();
      expect(typeof content, `files["${path}"] is the file's exact text`).toBe('string');
    }
    validateExchange(fixture.exchange, { invalidRequests: file === 'errors.json' });
  });

  it.each(files)('%s: the built sidecar answers exactly as recorded', async (file) => {
    const fixture = readFixture(file);
    const clientSteps: ScenarioStep[] = [];
    for (const step of fixture.exchange) {
      if (step.from === 'client') clientSteps.push({ ...(step.raw !== undefined ? { raw: step.raw } : { message: step.message }), expect: 0 });
      else clientSteps[clientSteps.length - 1]!.expect += 1;
    }
    const replayed = await play(fixture, clientSteps);
    const ignore = fixture.ignore ?? [];
    validateExchange(replayed, { invalidRequests: file === 'errors.json' });
    expect(withoutKeys(replayed, ignore)).toEqual(withoutKeys(fixture.exchange, ignore));
  });
});
