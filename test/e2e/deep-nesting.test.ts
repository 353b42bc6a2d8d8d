// Deeply nested values against the built sidecar, for claude and bamboo: a matching event whose toolInput nests
// 10,000 levels, hooks/dryRun with deep params or handler, a programmatic hook answering deep output, and a hook
// printing deeply nested JSON. Each gets a documented answer (-32602 naming the field, or a failed run), never
// -32603, and hookd keeps serving.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const MAX_JSON_DEPTH = 256;

const open: Sidecar[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** JSON text of `levels` nested arrays or objects (JSON.stringify itself overflows the stack on such values). */
const nestedText = (levels: number, kind: 'array' | 'object' = 'array') =>
  kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Sends `{"jsonrpc":"2.0","id":…,"method":…,"params":<paramsText>}` written by hand, and waits for its answer. */
function callRaw(sidecar: Sidecar, method: string, paramsText: string): Promise<RpcMessage> {
  const id = sidecar.nextId();
  const reply = sidecar.waitFor(id);
  const body = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsText}}`;
  sidecar.writeRaw(sidecar.framing === 'ndjson' ? `${body}\n` : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return reply;
}

/** A hook command (a node script written into `dir`) that prints `levels` nested arrays inside `prefix … suffix`. */
function printNested(dir: string, prefix: string, levels: number, suffix: string): string {
  const script = join(dir, 'print-nested.cjs');
  writeFileSync(
    script,
    `require('fs').readFileSync(0);\nprocess.stdout.write(${JSON.stringify(prefix)} + '['.repeat(${levels}) + ']'.repeat(${levels}) + ${JSON.stringify(suffix)});\n`,
  );
  return `'${process.execPath}' '${script}'`;
}

async function expectServing(sidecar: Sidecar): Promise<void> {
  expect((await sidecar.call('ping')).result).toEqual({});
  expect(sidecar.nonProtocolOutput).toEqual([]);
}

function expectTooDeep(response: RpcMessage, field: string): void {
  expect(response.error?.code).toBe(-32602);
  expect(response.error?.message).toContain(`${field}: nested deeper than ${MAX_JSON_DEPTH} levels`);
}

type Dialect = {
  readonly name: 'claude' | 'bamboo';
  /** Starts a sidecar whose PreToolUse hook on Bash runs `command`, initialized (programmatic hooks declared). */
  start(command: string): Promise<Sidecar>;
  /** What the hook read on stdin as tool_input, parsed. */
  toolInputOf(envelope: Record<string, unknown>): unknown;
  /** Hook output that puts `levels` nested arrays where the dialect's output schema reads a value. */
  nestedOutput(levels: number): { prefix: string; suffix: string };
};

const claude: Dialect = {
  name: 'claude',
  async start(command) {
    const workspace = makeWorkspace('hookd-deep-');
    dirs.push(workspace);
    writeClaudeSettings(workspace, oneHook('PreToolUse', command, { matcher: 'Bash' }));
    const sidecar = new Sidecar('ndjson');
    open.push(sidecar);
    await sidecar.initialize(workspace, { capabilities: { programmaticHooks: true } });
    return sidecar;
  },
  toolInputOf: (envelope) => envelope.tool_input,
  nestedOutput: () => ({
    prefix: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"deep":',
    suffix: '}}}',
  }),
};

const bamboo: Dialect = {
  name: 'bamboo',
  async start(command) {
    const setup = bambooSetup();
    dirs.push(setup.workspace, join(setup.dataDir, '..'));
    writeBambooConfig(setup.userFile, { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command }] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup, { capabilities: { programmaticHooks: true } });
    return sidecar;
  },
  toolInputOf: (envelope) => envelope.tool_input,
  nestedOutput: () => ({ prefix: '{"decision":"allow","reason":"deep","extra":', suffix: '}' }),
};

describe.each([claude, bamboo])('deep nesting in requests and hook output ($name)', (dialect) => {
  const event = (toolInputText: string) => `{"session":{"id":"deep"},"toolName":"Bash","toolInput":${toolInputText}}`;

  it('a matching event whose toolInput nests 10,000 levels (arrays or objects) is -32602 naming toolInput; the hook does not run', async () => {
    const scratch = makeWorkspace('hookd-deep-out-');
    dirs.push(scratch);
    const marker = join(scratch, 'ran');
    const sidecar = await dialect.start(`touch '${marker}'; cat > /dev/null`);
    expectTooDeep(await callRaw(sidecar, 'hooks/PreToolUse', event(`{"deep":${nestedText(10_000)}}`)), 'toolInput');
    expectTooDeep(await callRaw(sidecar, 'hooks/PreToolUse', event(nestedText(10_000, 'object'))), 'toolInput');
    expect(existsSync(marker)).toBe(false);
    await expectServing(sidecar);
    // The same event within the limit runs the hook normally.
    const normal = await callRaw(sidecar, 'hooks/PreToolUse', event('{"command":"ls"}'));
    expect(normal.error).toBeUndefined();
    expect(existsSync(marker)).toBe(true);
  });

  it('a toolInput just within the limit reaches the hook exactly; one level more is refused', async () => {
    const scratch = makeWorkspace('hookd-deep-out-');
    dirs.push(scratch);
    const stdinFile = join(scratch, 'stdin.json');
    const sidecar = await dialect.start(`cat > '${stdinFile}'`);
    // params (level 1) → toolInput (2) → "deep" arrays: MAX_JSON_DEPTH - 2 of them fit exactly.
    const fits = nestedText(MAX_JSON_DEPTH - 2);
    const answer = await callRaw(sidecar, 'hooks/PreToolUse', event(`{"deep":${fits}}`));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ event: 'PreToolUse', runs: [{ status: 'ok' }] });
    const envelope = JSON.parse(readFileSync(stdinFile, 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(dialect.toolInputOf(envelope))).toBe(`{"deep":${fits}}`);
    expectTooDeep(await callRaw(sidecar, 'hooks/PreToolUse', event(`{"deep":${nestedText(MAX_JSON_DEPTH - 1)}}`)), 'toolInput');
    await expectServing(sidecar);
  });

  it('hooks/dryRun with deep params or a deep handler is -32602 naming the field', async () => {
    const sidecar = await dialect.start('true');
    const handler = '{"type":"command","command":"cat > /dev/null"}';
    expectTooDeep(await callRaw(sidecar, 'hooks/dryRun', `{"event":"PreToolUse","handler":${handler},"params":{"toolInput":{"deep":${nestedText(10_000)}}}}`), 'params');
    expectTooDeep(await callRaw(sidecar, 'hooks/dryRun', `{"event":"PreToolUse","handler":{"type":"command","command":${nestedText(10_000)}}}`), 'handler');
    const normal = await callRaw(sidecar, 'hooks/dryRun', `{"event":"PreToolUse","handler":${handler},"params":{"toolInput":{"deep":[[[]]]}}}`);
    expect(normal.error).toBeUndefined();
    expect(normal.result).toMatchObject({ diagnostics: [], result: { runs: [{ status: 'ok' }] } });
    await expectServing(sidecar);
  });

  it('deep params on other methods (ping, hooks/cancel) are -32602 too', async () => {
    const sidecar = await dialect.start('true');
    expectTooDeep(await callRaw(sidecar, 'ping', `{"x":${nestedText(10_000)}}`), 'x');
    expectTooDeep(await callRaw(sidecar, 'hooks/cancel', `{"sessionId":"s","x":${nestedText(50_000, 'object')}}`), 'x');
    await expectServing(sidecar);
  });

  it('a hook printing JSON nested 30,000 levels (within the output cap) is a failed run: invalid_output', async () => {
    const scratch = makeWorkspace('hookd-deep-out-');
    dirs.push(scratch);
    const { prefix, suffix } = dialect.nestedOutput(30_000);
    const sidecar = await dialect.start(printNested(scratch, prefix, 30_000, suffix));
    const answer = await callRaw(sidecar, 'hooks/PreToolUse', event('{"command":"ls"}'));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ decision: 'none', runs: [{ status: 'error', failureClass: 'invalid_output' }] });
    expect((answer.result as { runs: Array<{ message: string }> }).runs[0]?.message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    await expectServing(sidecar);
  });

  it('a hook printing JSON nested 100,000 levels is a failed run (over the 64 KiB cap: output_truncated)', async () => {
    const scratch = makeWorkspace('hookd-deep-out-');
    dirs.push(scratch);
    const { prefix, suffix } = dialect.nestedOutput(100_000);
    const sidecar = await dialect.start(printNested(scratch, prefix, 100_000, suffix));
    const answer = await callRaw(sidecar, 'hooks/PreToolUse', event('{"command":"ls"}'));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ decision: 'none', runs: [{ status: 'error', failureClass: 'output_truncated' }] });
    await expectServing(sidecar);
  });

  it('a programmatic hook answering output nested 10,000 levels is a failed run, never -32603', async () => {
    const sidecar = await dialect.start('true');
    await sidecar.request('hooks/register', { event: 'PreToolUse', name: 'deep-answer' });
    // Answer hooks/invoke by hand (the value is too deep for JSON.stringify in this test process too); the helper's
    // own handler never answers, so no second response replaces this one.
    sidecar.onRequest('hooks/invoke', () => new Promise(() => undefined));
    sidecar.onMessage((message) => {
      if (message.method !== 'hooks/invoke' || message.id === undefined) return;
      const body = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"exitCode":0,"output":{"deep":${nestedText(10_000)}}}}`;
      sidecar.writeRaw(`${body}\n`);
    });
    const answer = await callRaw(sidecar, 'hooks/PreToolUse', event('{"command":"ls"}'));
    expect(answer.error).toBeUndefined();
    const runs = (answer.result as { runs: Array<{ handlerType: string; status: string; message?: string }> }).runs;
    const programmatic = runs.find((run) => run.handlerType === 'client');
    expect(programmatic).toMatchObject({ status: 'error' });
    expect(programmatic?.message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    await expectServing(sidecar);
  });
});
