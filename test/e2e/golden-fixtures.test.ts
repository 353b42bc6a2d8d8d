// Golden wire fixtures (protocol/fixtures/*.json): each is replayed against the built sidecar and every
// server message must equal the recorded one (after normalizing paths and durations). Every message is
// also validated against the zod schemas. `RECORD_FIXTURES=1 npx vitest run test/e2e/golden-fixtures.test.ts`
// re-records them from the scenarios below; review the diff before committing.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Requests, ServerNotifications, ErrorCodes } from '../../src/protocol/index.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';
import { waitUntil } from '../helpers/processes.js';

const FIXTURES = fileURLToPath(new URL('../../protocol/fixtures/', import.meta.url));
const WORKSPACE_PLACEHOLDER = '/home/user/project';
const RECORDED_DURATION_MS = 12.5;

type Step = { from: 'client'; message?: unknown; raw?: string } | { from: 'server'; message: RpcMessage };
type Fixture = { description: string; settings?: unknown; ignore?: string[]; exchange: Step[] };

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

/** Scenarios to record: client messages in order; `expect` = how many server messages to wait for after it. */
const SCENARIOS: Record<string, { description: string; settings?: unknown; ignore?: string[]; steps: Array<{ message?: unknown; raw?: string; expect: number }> }> = {
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
};

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

function normalize(value: unknown, workspace: string): unknown {
  if (typeof value === 'string') return value.split(workspace).join(WORKSPACE_PLACEHOLDER);
  if (Array.isArray(value)) return value.map((item) => normalize(item, workspace));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'durationMs' && typeof item === 'number' ? RECORDED_DURATION_MS : normalize(item, workspace)]),
    );
  return value;
}

function withoutKeys(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)).map(([key, item]) => [key, withoutKeys(item, keys)]));
  return value;
}

async function play(fixtureSettings: unknown, clientSteps: Array<{ message?: unknown; raw?: string; expect: number }>) {
  const workspace = makeWorkspace();
  if (fixtureSettings) writeClaudeSettings(workspace, fixtureSettings);
  const sidecar = new Sidecar();
  open.push(sidecar);
  const received: RpcMessage[] = [];
  sidecar.onMessage((message) => received.push(message));
  const exchange: Step[] = [];
  for (const step of clientSteps) {
    const before = received.length;
    if (step.raw !== undefined) sidecar.writeRaw(step.raw);
    else sidecar.send(JSON.parse(JSON.stringify(step.message).split(WORKSPACE_PLACEHOLDER).join(workspace)));
    exchange.push(step.raw !== undefined ? { from: 'client', raw: step.raw } : { from: 'client', message: step.message });
    const arrived = await waitUntil(() => received.length >= before + step.expect, 10_000);
    expect(arrived, `expected ${step.expect} server message(s) after ${JSON.stringify(step.message ?? step.raw)}`).toBe(true);
    for (const message of received.slice(before, before + step.expect)) exchange.push({ from: 'server', message: normalize(message, workspace) as RpcMessage });
  }
  return exchange;
}

function validate(message: RpcMessage): void {
  if (message.method && message.id === undefined) {
    const spec = (ServerNotifications as Record<string, { params: { parse(value: unknown): unknown } }>)[message.method];
    expect(spec, `unknown notification ${message.method}`).toBeDefined();
    spec?.params.parse(message.params);
  }
  if (message.error) expect(Object.values(ErrorCodes)).toContain(message.error.code);
}

if (process.env.RECORD_FIXTURES === '1') {
  describe('record golden fixtures', () => {
    it('records every scenario', async () => {
      mkdirSync(FIXTURES, { recursive: true });
      for (const [name, scenario] of Object.entries(SCENARIOS)) {
        const exchange = await play(scenario.settings, scenario.steps);
        const fixture: Fixture = { description: scenario.description, ...(scenario.settings ? { settings: scenario.settings } : {}), ...(scenario.ignore ? { ignore: scenario.ignore } : {}), exchange };
        writeFileSync(join(FIXTURES, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
      }
    }, 120_000);
  });
}

const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'));

describe('golden wire fixtures', () => {
  it('there is a fixture for every scenario', () => {
    expect(files.sort()).toEqual(Object.keys(SCENARIOS).map((name) => `${name}.json`).sort());
  });

  it.each(files)('%s: client messages are valid requests of the protocol', (file) => {
    const fixture = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Fixture;
    for (const step of fixture.exchange) {
      if (step.from !== 'client' || !step.message) continue;
      const message = step.message as RpcMessage;
      const spec = (Requests as Record<string, { params: { safeParse(value: unknown): { success: boolean } } }>)[message.method ?? ''];
      if (spec && message.id !== undefined && file !== 'errors.json') expect(spec.params.safeParse(message.params).success).toBe(true);
    }
  });

  it.each(files)('%s: the built sidecar answers exactly as recorded', async (file) => {
    const fixture = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Fixture;
    const clientSteps: Array<{ message?: unknown; raw?: string; expect: number }> = [];
    for (const step of fixture.exchange) {
      if (step.from === 'client') clientSteps.push({ ...(step.raw !== undefined ? { raw: step.raw } : { message: step.message }), expect: 0 });
      else clientSteps[clientSteps.length - 1]!.expect += 1;
    }
    const replayed = await play(fixture.settings, clientSteps);
    const ignore = fixture.ignore ?? [];
    for (const step of replayed) if (step.from === 'server') validate(step.message);
    expect(withoutKeys(replayed, ignore)).toEqual(withoutKeys(fixture.exchange, ignore));
  });
});
