#!/usr/bin/env node
// The demo agent: builds hookd if needed, spawns it as a child the way an agent does, plays a short
// scripted session against the configs in examples/<dialect>/ and prints each event and its decision.
// Usage: npm run demo [-- --dialect claude] [-- --framing content-length]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { dialect: { type: 'string', default: 'claude' }, framing: { type: 'string', default: 'ndjson' } } });
const bin = join(root, 'dist', 'cli.js');

if (!existsSync(bin)) {
  console.log('Building hookd (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const scenarios = {
  claude: async (call) => {
    await call('hooks/SessionStart', { source: 'startup' });
    await call('hooks/UserPromptSubmit', { prompt: 'Tidy up the build folder' });
    await call('hooks/PreToolUse', { toolName: 'Bash', toolInput: { command: 'ls build' }, toolUseId: 'toolu_1' });
    await call('hooks/PreToolUse', { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_2' });
    await call('hooks/PreToolUse', { toolName: 'Write', toolInput: { file_path: 'src/index.js', content: 'x' }, toolUseId: 'toolu_3' });
    await call('hooks/PostToolUse', {
      toolName: 'Write',
      toolInput: { file_path: 'src/index.js', content: 'x' },
      toolResponse: { success: true },
      toolUseId: 'toolu_3',
    });
    await call('hooks/Stop', { stopHookActive: false, lastAssistantMessage: 'I removed the old files.' });
    await call('hooks/Stop', { stopHookActive: true, lastAssistantMessage: 'Ran npm test: the tests pass.' });
    await call('hooks/SessionEnd', { reason: 'prompt_input_exit' });
  },
};

const scenario = scenarios[values.dialect];
if (!scenario) {
  console.error(`no demo for dialect "${values.dialect}" (have: ${Object.keys(scenarios).join(', ')})`);
  process.exit(2);
}
const example = join(root, 'examples', values.dialect);
const workspace = mkdtempSync(join(tmpdir(), `hookd-demo-${values.dialect}-`));
cpSync(example, workspace, { recursive: true });

const child = spawn(process.execPath, [bin, '--framing', values.framing], { stdio: ['pipe', 'pipe', 'inherit'] });
let buffer = '';
let nextId = 1;
const pending = new Map();
child.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let newline; (newline = buffer.indexOf('\n')) >= 0; ) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.id !== undefined && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    } else if (message.method === 'hooks/progress' && message.params.phase === 'started') {
      console.log(`    … ${message.params.statusMessage}`);
    }
  }
});
const rpc = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });

const init = await rpc('initialize', {
  protocolVersion: '0.1',
  clientInfo: { name: 'hookd-demo-agent', version: '1' },
  dialect: values.dialect,
  workspace,
  home: mkdtempSync(join(tmpdir(), 'hookd-demo-home-')),
});
if (init.error) {
  console.error('initialize failed:', init.error);
  process.exit(1);
}
console.log(`hookd ${init.result.serverInfo.version}, dialect ${init.result.dialect}, workspace ${workspace}`);
console.log(`${init.result.hooks.length} hooks loaded, ${init.result.diagnostics.length} diagnostics`);
for (const diagnostic of init.result.diagnostics) console.log(`  ${diagnostic.severity}: ${diagnostic.message} (${diagnostic.file}:${diagnostic.line})`);
console.log('');

const session = { id: 'demo-session-1', cwd: workspace, transcriptPath: join(workspace, 'transcript.jsonl'), permissionMode: 'default' };
const describe = (params) => {
  const detail = params.toolName ? `${params.toolName} ${JSON.stringify(params.toolInput)}` : (params.prompt ?? params.source ?? params.reason ?? '');
  return detail ? ` ${detail}` : '';
};
await scenario(async (method, params) => {
  const response = await rpc(method, { session, ...params });
  console.log(`${method}${describe(params)}`);
  if (response.error) return console.log(`  error ${response.error.code}: ${response.error.message}\n`);
  const result = response.result;
  const ran = result.runs.map((run) => `${run.hookId} (${run.status}, exit ${run.exitCode}, ${run.durationMs.toFixed(0)} ms)`);
  console.log(`  hooks run: ${ran.length ? ran.join('; ') : 'none matched'}`);
  console.log(`  decision: ${result.decision}${result.reason ? ` — ${result.reason.trim()}` : ''}`);
  if (result.additionalContext) console.log(`  context: ${result.additionalContext.trim()}`);
  if (result.feedback) console.log(`  feedback: ${result.feedback.trim()}`);
  for (const note of result.notes) console.log(`  note: ${note}`);
  console.log('');
});

await rpc('shutdown');
child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'exit' })}\n`);
const code = await new Promise((resolve) => child.on('exit', resolve));
console.log(`hookd exited with code ${code}`);
