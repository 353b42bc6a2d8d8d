// The examples of Claude Code's hooks reference (code.claude.com/docs/en/hooks, the v2.1.240 mirror), written as the
// reference shows them and run unchanged against the built sidecar. Placeholder paths such as /path/to/… become a
// script in the test's own workspace; commands the machine lacks are stand-ins on PATH. The guide's examples (and
// the reference examples they share) are in claude-docs-examples.test.ts, the per-event ones in claude-events.test.ts.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';
import { scratchDir } from '../helpers/scratch.js';

const session = { id: 'reference-examples' };
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

type Machine = { workspace: string; home: string; bin: string };

/** A workspace, a home and an (empty) bin dir for stand-ins. */
function machine(): Machine {
  return { workspace: makeWorkspace('hookd-ref-ws-'), home: scratchDir('hookd-ref-home-'), bin: scratchDir('hookd-ref-bin-') };
}

async function start(where: Machine, init: Record<string, unknown> = {}, extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, HOME: where.home, PATH: `${where.bin}${delimiter}${process.env.PATH ?? ''}`, ...extraEnv };
  const sidecar = new Sidecar('ndjson', [], env);
  open.push(sidecar);
  await sidecar.initialize(where.workspace, { home: where.home, ...init });
  return sidecar;
}

function writeExecutable(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

/** A script that prints `json` exactly as the reference shows it (a quoted heredoc keeps it byte for byte). */
const printing = (json: string) => `#!/bin/sh\ncat <<'EOF'\n${json}\nEOF\n`;

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');

/** Polls `check` until it is true or the deadline passes. */
async function waitUntil(check: () => boolean | Promise<boolean>, deadlineMs = 20_000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command } });

describe('Claude Code hooks reference: configuration examples, run unchanged', () => {
  it('"This example runs a linting script only when Claude writes or edits a file": Edit|Write runs lint-check.sh, Bash and Read do not', async () => {
    const where = machine();
    const ran = join(where.workspace, 'lint.log');
    const lint = writeExecutable(join(where.workspace, 'lint-check.sh'), `#!/bin/sh\njq -r .tool_name >> '${ran}'\n`);
    // The reference's JSON, with its placeholder /path/to/lint-check.sh pointed at this test's script.
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [
          {
            "type": "command",
            "command": "${lint}"
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    for (const toolName of ['Write', 'Bash', 'Edit', 'Read', 'MultiEdit']) {
      await sidecar.request('hooks/PostToolUse', { session, toolName, toolInput: { file_path: join(where.workspace, 'a.ts') }, toolResponse: {} });
    }
    expect(read(ran)).toBe('Write\nEdit\n');
  });

  it('"This example logs all memory server operations and validates write operations from any MCP server"', async () => {
    const where = machine();
    const validated = join(where.workspace, 'validated.log');
    const validate = writeExecutable(join(where.workspace, 'validate-mcp-write.py'), `#!/bin/sh\njq -r .tool_name >> '${validated}'\n`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "mcp__memory__.*",
        "hooks": [
          {
            "type": "command",
            "command": "echo 'Memory operation initiated' >> ~/mcp-operations.log"
          }
        ]
      },
      {
        "matcher": "mcp__.*__write.*",
        "hooks": [
          {
            "type": "command",
            "command": "${validate}"
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    for (const toolName of ['mcp__memory__create_entities', 'mcp__filesystem__write_file', 'mcp__memory__write_note', 'mcp__filesystem__read_file']) {
      await sidecar.request('hooks/PreToolUse', { session, toolName, toolInput: {} });
    }
    expect(read(join(where.home, 'mcp-operations.log'))).toBe('Memory operation initiated\n'.repeat(2));
    expect(read(validated)).toBe('mcp__filesystem__write_file\nmcp__memory__write_note\n');
  });

  it('"A matcher written against the bare server key never fires for these tools": mcp__db__.* misses mcp__plugin_my-plugin_db__query', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: {
        PreToolUse: [
          { matcher: 'mcp__db__.*', hooks: [{ type: 'command', command: 'echo bare' }] },
          { matcher: 'mcp__plugin_my-plugin_db__.*', hooks: [{ type: 'command', command: 'echo scoped' }] },
        ],
      },
    });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', { session, toolName: 'mcp__plugin_my-plugin_db__query', toolInput: { sql: 'select 1' } });
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PreToolUse[1].hooks[0]']);
  });

  it('"Exec form passes the resolved script path as one argument with no quoting": node ${CLAUDE_PLUGIN_ROOT}/scripts/format.js --fix, a root with a space', async () => {
    const where = machine();
    const pluginRoot = join(scratchDir('hookd-ref-plugin-'), 'my formatter');
    const argvFile = join(where.workspace, 'argv.json');
    writeExecutable(join(pluginRoot, 'scripts', 'format.js'), `require('node:fs').writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(1)));\n`);
    const hooksFile = join(pluginRoot, 'hooks', 'hooks.json');
    writeExecutable(hooksFile, JSON.stringify({
      hooks: { PostToolUse: [{ matcher: 'Write', hooks: [
        // The reference's handler, as written:
        { "type": "command", "command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/scripts/format.js", "--fix"] },
      ] }] },
    }));
    const sidecar = await start(where, { sources: [{ scope: 'plugin', path: hooksFile, pluginRoot }] });
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: '/tmp/x.js' }, toolResponse: {} });
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(JSON.parse(read(argvFile))).toEqual([join(pluginRoot, 'scripts', 'format.js'), '--fix']);
  });

  it('"The equivalent shell form needs quoting to handle paths with spaces or special characters": node "${CLAUDE_PLUGIN_ROOT}"/scripts/format.js --fix', async () => {
    const where = machine();
    const pluginRoot = join(scratchDir('hookd-ref-plugin-'), 'my formatter');
    const argvFile = join(where.workspace, 'argv.json');
    writeExecutable(join(pluginRoot, 'scripts', 'format.js'), `require('node:fs').writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(1)));\n`);
    const hooksFile = join(pluginRoot, 'hooks', 'hooks.json');
    writeExecutable(hooksFile, `{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
{
  "type": "command",
  "command": "node \\"\${CLAUDE_PLUGIN_ROOT}\\"/scripts/format.js --fix"
}
]}]}}`);
    const sidecar = await start(where, { sources: [{ scope: 'plugin', path: hooksFile, pluginRoot }] });
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: '/tmp/x.js' }, toolResponse: {} });
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(JSON.parse(read(argvFile))).toEqual([join(pluginRoot, 'scripts', 'format.js'), '--fix']);
  });
});
