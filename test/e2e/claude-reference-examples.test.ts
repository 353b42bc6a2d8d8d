// The examples of Claude Code's hooks reference (code.claude.com/docs/en/hooks, the v2.1.240 mirror), written as the
// reference shows them and run unchanged against the built sidecar. Placeholder paths such as /path/to/… become a
// script in the test's own workspace; commands the machine lacks are stand-ins on PATH. The guide's examples (and
// the reference examples they share) are in claude-docs-examples.test.ts, the per-event ones in claude-events.test.ts.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestHttpServer } from '../helpers/http-server.js';
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

describe('Claude Code hooks reference: HTTP, MCP tool, project, plugin and skill hooks', () => {
  const preToolUseHttp = (port: number) => `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "http",
            "url": "http://localhost:${port}/hooks/pre-tool-use",
            "timeout": 30,
            "headers": {
              "Authorization": "Bearer $MY_TOKEN"
            },
            "allowedEnvVars": ["MY_TOKEN"]
          }
        ]
      }
    ]
  }
}`;

  it('"To block a tool call or deny a permission, return a 2xx response with a JSON body containing the appropriate decision fields"', async () => {
    const deny = `{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "deny",
    "permissionDecisionReason": "Database writes are not allowed"
  }
}`;
    const server = await TestHttpServer.start((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(deny));
    try {
      const where = machine();
      // The reference's "local validation service" example, with the test server's port in place of 8080.
      writeClaudeSettings(where.workspace, preToolUseHttp(server.port));
      const sidecar = await start(where, {}, { MY_TOKEN: 'secret-42' });
      expect(await sidecar.request('hooks/PreToolUse', bash('psql -c "insert into t values (1)"'))).toMatchObject({ decision: 'deny', reason: 'Database writes are not allowed' });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/hooks/pre-tool-use' });
      expect(server.requests[0]!.headers.authorization).toBe('Bearer secret-42');
      expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'psql -c "insert into t values (1)"' } });
    } finally {
      await server.close();
    }
  });

  it('"HTTP hooks can\'t signal a blocking error through status codes alone": a 500, a plain-text 2xx and an empty 2xx all let the call proceed', async () => {
    const answers = [
      (response: import('node:http').ServerResponse) => response.writeHead(500).end('{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}'),
      (response: import('node:http').ServerResponse) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('denied, please'),
      (response: import('node:http').ServerResponse) => response.writeHead(200).end(),
    ];
    let next = 0;
    const server = await TestHttpServer.start((_request, response) => answers[next++]!(response));
    try {
      const where = machine();
      writeClaudeSettings(where.workspace, preToolUseHttp(server.port));
      const sidecar = await start(where, {}, { MY_TOKEN: 't' });
      const results = [];
      for (let i = 0; i < answers.length; i++) results.push(await sidecar.request('hooks/PreToolUse', bash('rm -rf /')));
      expect(results.map((result) => result.decision)).toEqual(['none', 'none', 'none']);
      expect(results.map((result) => result.runs[0].status)).toEqual(['error', 'error', 'ok']);
      // "Claude Code doesn't add the text to Claude's context"
      expect(results[1].additionalContext).toBeUndefined();
      expect(results[1].feedback).toBeUndefined();
      expect(results[1].reason).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('"This example calls the security_scan tool on the my_server MCP server after each Write or Edit, passing the edited file\'s path"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "mcp_tool",
            "server": "my_server",
            "tool": "security_scan",
            "input": { "file_path": "\${tool_input.file_path}" }
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where, { capabilities: { mcpTools: true } });
    const calls: Array<Record<string, unknown>> = [];
    sidecar.onRequest('hooks/callMcpTool', (params: Record<string, unknown>) => {
      calls.push(params);
      return { content: [{ type: 'text', text: '{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "security_scan: no findings"}}' }] };
    });
    const file = join(where.workspace, 'src', 'auth.ts');
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Edit', toolInput: { file_path: file, old_string: 'a', new_string: 'b' }, toolResponse: {} });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ server: 'my_server', tool: 'security_scan', input: { file_path: file } });
    expect(result.additionalContext).toBe('security_scan: no findings');
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: {} });
    expect(calls).toHaveLength(1);
  });

  it('"This example uses ${CLAUDE_PROJECT_DIR} to run a style checker from the project\'s .claude/hooks/ directory after any Write or Edit tool call" (exec form, args [])', async () => {
    const where = machine();
    const seen = join(where.workspace, 'style.log');
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'check-style.sh'), `#!/bin/sh\necho "$# $(jq -r .tool_input.file_path)" >> '${seen}'\n`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "command",
            "command": "\${CLAUDE_PROJECT_DIR}/.claude/hooks/check-style.sh",
            "args": []
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: '/w/a.ts', content: '' }, toolResponse: {} });
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Read', toolInput: { file_path: '/w/b.ts' }, toolResponse: {} });
    expect(read(seen)).toBe('0 /w/a.ts\n');
  });

  it('"Define plugin hooks in hooks/hooks.json with an optional top-level description field": the formatting script runs with CLAUDE_PLUGIN_ROOT', async () => {
    const where = machine();
    const pluginRoot = join(scratchDir('hookd-ref-plugin-'), 'formatter');
    const seen = join(where.workspace, 'format.log');
    writeExecutable(join(pluginRoot, 'scripts', 'format.sh'), `#!/bin/sh\necho "$CLAUDE_PLUGIN_ROOT $(jq -r .tool_input.file_path)" >> '${seen}'\n`);
    const hooksFile = writeExecutable(join(pluginRoot, 'hooks', 'hooks.json'), `{
  "description": "Automatic code formatting",
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "command",
            "command": "\${CLAUDE_PLUGIN_ROOT}/scripts/format.sh",
            "args": [],
            "timeout": 30
          }
        ]
      }
    ]
  }
}`);
    // "When a plugin is enabled, its hooks merge with your user and project hooks."
    writeClaudeSettings(where.workspace, { hooks: { PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'echo project' }] }] } });
    const sidecar = await start(where, { sources: [{ scope: 'plugin', path: hooksFile, pluginRoot }] });
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: '/w/a.ts', content: '' }, toolResponse: {} });
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PostToolUse[0].hooks[0]', 'plugin(formatter):PostToolUse[0].hooks[0]']);
    expect(read(seen)).toBe(`${pluginRoot} /w/a.ts\n`);
  });

  it('"This skill defines a PreToolUse hook that runs a security validation script before each Bash command"', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, 'scripts', 'security-check.sh'), `#!/bin/sh\nif jq -r .tool_input.command | grep -q curl; then echo 'network access needs review' >&2; exit 2; fi\n`);
    const skillFile = join(where.workspace, '.claude', 'skills', 'secure-operations', 'SKILL.md');
    writeExecutable(skillFile, `---
name: secure-operations
description: Perform operations with security checks
hooks:
  PreToolUse:
    - matcher: "Bash"
      hooks:
        - type: command
          command: "./scripts/security-check.sh"
---

Do the operation.
`);
    const sidecar = await start(where, { sources: [{ scope: 'skill', path: skillFile }] });
    expect(await sidecar.request('hooks/PreToolUse', bash('curl https://example.com | sh'))).toMatchObject({ decision: 'deny', reason: 'network access needs review' });
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).decision).toBe('none');
  });
});

/** Settings with one command hook on `event` (optional matcher) running `command`. */
const hookOn = (event: string, command: string, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
});

/** A machine whose project settings run, on `event`, a script printing `json` as the reference shows it. */
async function printingHook(event: string, json: string, matcher?: string, init: Record<string, unknown> = {}) {
  const where = machine();
  writeExecutable(join(where.workspace, '.claude', 'hooks', 'out.sh'), printing(json));
  writeClaudeSettings(where.workspace, hookOn(event, '"$CLAUDE_PROJECT_DIR"/.claude/hooks/out.sh', matcher));
  return { where, sidecar: await start(where, init) };
}

describe('Claude Code hooks reference: exit codes and JSON output', () => {
  it('"This script blocks rm commands by exiting 2 and leaves every other command to the normal permission flow"', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'block-rm.sh'), `#!/bin/bash
# Reads JSON input from stdin, checks the command
input=$(cat)
command=$(jq -r '.tool_input.command' <<<"$input")

if [[ "$command" == rm* ]]; then
  echo "Blocked: rm commands are not allowed" >&2
  exit 2  # Blocking error: tool call is prevented
fi

exit 0  # No decision: the normal permission flow applies
`);
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh', 'Bash'));
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/PreToolUse', bash('rm -rf dist'))).toMatchObject({ decision: 'deny', reason: 'Blocked: rm commands are not allowed' });
    expect(await sidecar.request('hooks/PreToolUse', bash('npm test'))).toMatchObject({ decision: 'none' });
  });

  it('"A hook that exits 2 while printing JSON that fails JSON output schema validation still blocks: Claude Code uses stderr as the blocking reason"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', `echo '{"continue": "no", "decision": 7}'; echo 'policy says no' >&2; exit 2`, 'Bash'));
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/PreToolUse', bash('make deploy'))).toMatchObject({ decision: 'deny', reason: 'policy says no' });
  });

  it('"To stop Claude entirely": continue false with the stopReason shown to the user', async () => {
    const { sidecar } = await printingHook('PostToolUse', '{ "continue": false, "stopReason": "Build failed, fix errors before continuing" }', 'Bash');
    const result = await sidecar.request('hooks/PostToolUse', { ...bash('npm run build'), toolResponse: { stdout: '', stderr: 'error TS2322' } });
    expect(result).toMatchObject({ continue: false, stopReason: 'Build failed, fix errors before continuing' });
  });

  it('"Return additionalContext inside hookSpecificOutput alongside the event name": the PostToolUse text reaches Claude', async () => {
    const { sidecar } = await printingHook('PostToolUse', `{
  "hookSpecificOutput": {
    "hookEventName": "PostToolUse",
    "additionalContext": "This file is generated. Edit src/schema.ts and run \`bun generate\` instead."
  }
}`, 'Edit');
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Edit', toolInput: { file_path: '/w/src/schema.gen.ts' }, toolResponse: {} });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'This file is generated. Edit src/schema.ts and run `bun generate` instead.' });
  });

  it('"The only value for decision is \\"block\\"": a top-level block with its reason, on PostToolUse', async () => {
    const { sidecar } = await printingHook('PostToolUse', `{
  "decision": "block",
  "reason": "Test suite must pass before proceeding"
}`);
    const result = await sidecar.request('hooks/PostToolUse', { ...bash('git commit -m wip'), toolResponse: {} });
    expect(result).toMatchObject({ decision: 'block', reason: 'Test suite must pass before proceeding' });
  });

  it('"permissionDecision allow … updatedInput … additionalContext": the PreToolUse example allows, rewrites the input and adds context', async () => {
    const { sidecar } = await printingHook('PreToolUse', `{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "allow",
    "permissionDecisionReason": "My reason here",
    "updatedInput": {
      "field_to_modify": "new value"
    },
    "additionalContext": "Current environment: production. Proceed with caution."
  }
}`);
    expect(await sidecar.request('hooks/PreToolUse', { session, toolName: 'mcp__ops__deploy', toolInput: { field_to_modify: 'old value' } })).toMatchObject({
      decision: 'allow',
      reason: 'My reason here',
      updatedInput: { field_to_modify: 'new value' },
      additionalContext: 'Current environment: production. Proceed with caution.',
    });
  });

  it('"When allowing, you can also modify the tool\'s input": PermissionRequest allow with updatedInput npm run lint', async () => {
    const { sidecar } = await printingHook('PermissionRequest', `{
  "hookSpecificOutput": {
    "hookEventName": "PermissionRequest",
    "decision": {
      "behavior": "allow",
      "updatedInput": {
        "command": "npm run lint"
      }
    }
  }
}`, 'Bash');
    expect(await sidecar.request('hooks/PermissionRequest', bash('npm run lint:fix'))).toMatchObject({ decision: 'allow', updatedInput: { command: 'npm run lint' } });
  });

  it('"A hook that exits 2 without a decision object leaves the permission flow unchanged, and its stderr is discarded" (PermissionRequest)', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PermissionRequest', `echo 'nope' >&2; exit 2`, 'Bash'));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PermissionRequest', {
      ...bash('rm -rf node_modules'),
      permissionSuggestions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'rm -rf node_modules' }], behavior: 'allow', destination: 'localSettings' }],
    });
    expect(result.decision).toBe('none');
    expect(JSON.stringify({ ...result, runs: [] })).not.toContain('nope');
  });

  it('"The example below replaces the output of a Bash call": updatedToolOutput with the Bash output shape, and additionalContext', async () => {
    const { sidecar } = await printingHook('PostToolUse', `{
  "hookSpecificOutput": {
    "hookEventName": "PostToolUse",
    "additionalContext": "Additional information for Claude",
    "updatedToolOutput": {
      "stdout": "[redacted]",
      "stderr": "",
      "interrupted": false,
      "isImage": false
    }
  }
}`, 'Bash');
    expect(await sidecar.request('hooks/PostToolUse', { ...bash('cat .env'), toolResponse: { stdout: 'API_KEY=sk-123', stderr: '', interrupted: false, isImage: false } })).toMatchObject({
      additionalContext: 'Additional information for Claude',
      updatedToolOutput: { stdout: '[redacted]', stderr: '', interrupted: false, isImage: false },
    });
  });

  it('"PostToolUseFailure … additionalContext: String added to Claude\'s context alongside the error"', async () => {
    const { sidecar } = await printingHook('PostToolUseFailure', `{
  "hookSpecificOutput": {
    "hookEventName": "PostToolUseFailure",
    "additionalContext": "Additional information about the failure for Claude"
  }
}`, 'Bash');
    const result = await sidecar.request('hooks/PostToolUseFailure', { ...bash('npm test'), error: "Exit code 1\nError: Cannot find module 'express'", isInterrupt: false });
    expect(result.additionalContext).toBe('Additional information about the failure for Claude');
  });

  it('"PostToolBatch … additionalContext: Context string injected once before the next model call"', async () => {
    const { sidecar } = await printingHook('PostToolBatch', `{
  "hookSpecificOutput": {
    "hookEventName": "PostToolBatch",
    "additionalContext": "These files are part of the ledger module. Run pytest before marking the task complete."
  }
}`);
    const result = await sidecar.request('hooks/PostToolBatch', {
      session,
      toolCalls: [
        { toolName: 'Read', toolInput: { file_path: '/w/ledger/accounts.py' }, toolUseId: 'toolu_01', toolResponse: '     1\tfrom __future__ import annotations' },
        { toolName: 'Read', toolInput: { file_path: '/w/ledger/transactions.py' }, toolUseId: 'toolu_02', toolResponse: '     1\tfrom __future__ import annotations' },
      ],
    });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'These files are part of the ledger module. Run pytest before marking the task complete.' });
  });
});

describe('Claude Code hooks reference: SessionStart, UserPromptSubmit and UserPromptExpansion examples', () => {
  it('"Use the JSON form when you need to combine context with other fields such as sessionTitle"', async () => {
    const { sidecar } = await printingHook('SessionStart', `{
  "hookSpecificOutput": {
    "hookEventName": "SessionStart",
    "additionalContext": "Current branch: feat/auth-refactor\\nUncommitted changes: src/auth.ts, src/login.tsx\\nActive issue: #4211 Migrate to OAuth2",
    "sessionTitle": "auth-refactor"
  }
}`);
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup', model: 'claude-sonnet-5' });
    expect(result.additionalContext).toBe('Current branch: feat/auth-refactor\nUncommitted changes: src/auth.ts, src/login.tsx\nActive issue: #4211 Migrate to OAuth2');
    expect(result.extra).toMatchObject({ sessionTitle: 'auth-refactor' });
  });

  it('"This example syncs a shared skills repository and requests the re-scan": reloadSkills true is passed on', async () => {
    const where = machine();
    // A checkout that is there but is no repository: the pull fails and the clone refuses the non-empty directory at
    // once (no network), as on a machine where the sync cannot run; the script still asks for the re-scan.
    mkdirSync(join(where.home, '.claude', 'skills', 'team-skills'), { recursive: true });
    writeFileSync(join(where.home, '.claude', 'skills', 'team-skills', 'README.md'), 'local copy\n');
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'sync-skills.sh'), `#!/bin/bash

git -C ~/.claude/skills/team-skills pull --quiet 2>/dev/null || \\
  git clone --quiet https://git.example.com/your-org/team-skills.git ~/.claude/skills/team-skills

echo '{"hookSpecificOutput": {"hookEventName": "SessionStart", "reloadSkills": true}}'
`);
    writeClaudeSettings(where.workspace, hookOn('SessionStart', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/sync-skills.sh'));
    const sidecar = await start(where, {}, { GIT_CEILING_DIRECTORIES: join(where.home, '..') });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(result.extra).toMatchObject({ reloadSkills: true });
    expect(result.additionalContext).toBeUndefined();
  });

  it('"To set individual environment variables, write export statements to CLAUDE_ENV_FILE" (values as written: hookd does no shell expansion, a documented choice)', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'env.sh'), `#!/bin/bash

if [ -n "$CLAUDE_ENV_FILE" ]; then
  echo 'export NODE_ENV=production' >> "$CLAUDE_ENV_FILE"
  echo 'export DEBUG_LOG=true' >> "$CLAUDE_ENV_FILE"
  echo 'export PATH="$PATH:./node_modules/.bin"' >> "$CLAUDE_ENV_FILE"
fi

exit 0
`);
    writeClaudeSettings(where.workspace, hookOn('SessionStart', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env.sh'));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toEqual({ NODE_ENV: 'production', DEBUG_LOG: 'true', PATH: '$PATH:./node_modules/.bin' });
  });

  it('"To capture all environment changes from setup commands, compare the exported variables before and after": the declare -x lines bash writes become environment', async () => {
    const where = machine();
    // A stand-in for nvm: `nvm use 20` exports two variables, as the real one does.
    mkdirSync(join(where.home, '.nvm'), { recursive: true });
    writeFileSync(join(where.home, '.nvm', 'nvm.sh'), `nvm() { export NVM_BIN="$HOME/.nvm/versions/node/v20.0.0/bin"; export NVM_INC="$HOME/.nvm/versions/node/v20.0.0/include/node"; }\n`);
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'nvm-env.sh'), `#!/bin/bash

ENV_BEFORE=$(export -p | sort)

# Run your setup commands that modify the environment
source ~/.nvm/nvm.sh
nvm use 20

if [ -n "$CLAUDE_ENV_FILE" ]; then
  ENV_AFTER=$(export -p | sort)
  comm -13 <(echo "$ENV_BEFORE") <(echo "$ENV_AFTER") >> "$CLAUDE_ENV_FILE"
fi

exit 0
`);
    writeClaudeSettings(where.workspace, hookOn('SessionStart', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/nvm-env.sh'));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toEqual({
      NVM_BIN: `${where.home}/.nvm/versions/node/v20.0.0/bin`,
      NVM_INC: `${where.home}/.nvm/versions/node/v20.0.0/include/node`,
    });
  });

  it('"decision block … reason": the UserPromptSubmit example blocks the prompt with its reason; sessionTitle is passed on', async () => {
    const { sidecar } = await printingHook('UserPromptSubmit', `{
  "decision": "block",
  "reason": "Explanation for decision",
  "hookSpecificOutput": {
    "hookEventName": "UserPromptSubmit",
    "additionalContext": "My additional context here",
    "sessionTitle": "My session title"
  }
}`);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'Write a function to calculate the factorial of a number' });
    expect(result).toMatchObject({ decision: 'block', reason: 'Explanation for decision' });
    expect(result.extra).toMatchObject({ sessionTitle: 'My session title' });
  });

  it('"A hook that blocks by exiting 2 routes the same way as reason: the block message shows the stderr text to the user, and it isn\'t added to context"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('UserPromptSubmit', `echo 'prompts mentioning passwords are blocked' >&2; exit 2`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'what is the admin password?' });
    expect(result).toMatchObject({ decision: 'block', reason: 'prompts mentioning passwords are blocked' });
    expect(result.additionalContext).toBeUndefined();
  });

  it('"decision block … This slash command is not available": the UserPromptExpansion example blocks the expansion', async () => {
    const { sidecar } = await printingHook('UserPromptExpansion', `{
  "decision": "block",
  "reason": "This slash command is not available",
  "hookSpecificOutput": {
    "hookEventName": "UserPromptExpansion",
    "additionalContext": "Additional context for this expansion"
  }
}`, 'example-skill');
    const expansion = { session, expansionType: 'slash_command', commandName: 'example-skill', commandArgs: 'arg1 arg2', commandSource: 'plugin', prompt: '/example-skill arg1 arg2' };
    expect(await sidecar.request('hooks/UserPromptExpansion', expansion)).toMatchObject({ decision: 'block', reason: 'This slash command is not available' });
    expect((await sidecar.request('hooks/UserPromptExpansion', { ...expansion, commandName: 'other-skill', prompt: '/other-skill' })).runs).toEqual([]);
  });
});

describe('Claude Code hooks reference: Notification, subagent, Stop, task and teammate examples', () => {
  it('"Use separate matchers to run different handlers depending on the notification type"', async () => {
    const where = machine();
    const log = join(where.workspace, 'alerts.log');
    const alert = writeExecutable(join(where.workspace, 'permission-alert.sh'), `#!/bin/sh\necho "permission: $(jq -r .message)" >> '${log}'\n`);
    const idle = writeExecutable(join(where.workspace, 'idle-notification.sh'), `#!/bin/sh\necho "idle: $(jq -r .message)" >> '${log}'\n`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "Notification": [
      {
        "matcher": "permission_prompt",
        "hooks": [
          {
            "type": "command",
            "command": "${alert}"
          }
        ]
      },
      {
        "matcher": "idle_prompt",
        "hooks": [
          {
            "type": "command",
            "command": "${idle}"
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    await sidecar.request('hooks/Notification', { session, message: 'Claude needs your permission', title: 'Permission needed', notificationType: 'permission_prompt' });
    await sidecar.request('hooks/Notification', { session, message: 'Claude is waiting for your input', notificationType: 'idle_prompt' });
    await sidecar.request('hooks/Notification', { session, message: 'Signed in', notificationType: 'auth_success' });
    expect(read(log)).toBe('permission: Claude needs your permission\nidle: Claude is waiting for your input\n');
  });

  it('"SubagentStart … additionalContext: String added to the subagent\'s context at the start of its conversation"; matched on agent_type', async () => {
    const { sidecar } = await printingHook('SubagentStart', `{
  "hookSpecificOutput": {
    "hookEventName": "SubagentStart",
    "additionalContext": "Follow security guidelines for this task"
  }
}`, 'Explore');
    const explore = await sidecar.request('hooks/SubagentStart', { session, agentId: 'agent-abc123', agentType: 'Explore' });
    expect(explore.additionalContext).toBe('Follow security guidelines for this task');
    expect((await sidecar.request('hooks/SubagentStart', { session, agentId: 'agent-def456', agentType: 'Plan' })).runs).toEqual([]);
  });

  it('"decision block … reason: Must be provided when Claude is blocked from stopping"', async () => {
    const { sidecar } = await printingHook('Stop', `{
  "decision": "block",
  "reason": "Must be provided when Claude is blocked from stopping"
}`);
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false, lastAssistantMessage: "I've completed the refactoring." })).toMatchObject({
      decision: 'block',
      reason: 'Must be provided when Claude is blocked from stopping',
    });
  });

  it('"It keeps the conversation going through the same loop protections as decision: block … the 8-consecutive-continuation cap": Stop additionalContext', async () => {
    const { sidecar } = await printingHook('Stop', `{
  "hookSpecificOutput": {
    "hookEventName": "Stop",
    "additionalContext": "Please run the test suite before finishing"
  }
}`);
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await sidecar.request('hooks/Stop', { session, stopHookActive: i > 0 }));
    for (const answer of answers.slice(0, 8)) expect(answer).toMatchObject({ decision: 'block', reason: 'Please run the test suite before finishing' });
    expect(answers[8].decision).toBe('none');
  });

  it('"This example runs tests and blocks task completion if they fail" (TaskCompleted, npm test)', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'tests-pass.sh'), `#!/bin/bash
INPUT=$(cat)
TASK_SUBJECT=$(echo "$INPUT" | jq -r '.task_subject')

# Run the test suite
if ! npm test 2>&1; then
  echo "Tests not passing. Fix failing tests before completing: $TASK_SUBJECT" >&2
  exit 2
fi

exit 0
`);
    writeClaudeSettings(where.workspace, hookOn('TaskCompleted', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/tests-pass.sh'));
    const packageJson = (test: string) => writeFileSync(join(where.workspace, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test } }));
    const sidecar = await start(where, {}, { npm_config_update_notifier: 'false' });
    const task = { session, taskId: 'task-001', taskSubject: 'Implement user authentication', taskDescription: 'Add login and signup endpoints' };
    packageJson('exit 1');
    expect(await sidecar.request('hooks/TaskCompleted', task)).toMatchObject({
      decision: 'block',
      reason: 'Tests not passing. Fix failing tests before completing: Implement user authentication',
    });
    packageJson('exit 0');
    expect((await sidecar.request('hooks/TaskCompleted', task)).decision).toBe('none');
  });

  it('"This example checks that a build artifact exists before allowing a teammate to go idle"', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'artifact.sh'), `#!/bin/bash

if [ ! -f "./dist/output.js" ]; then
  echo "Build artifact missing. Run the build before stopping." >&2
  exit 2
fi

exit 0
`);
    writeClaudeSettings(where.workspace, hookOn('TeammateIdle', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/artifact.sh'));
    const sidecar = await start(where);
    const idle = { session, teammateName: 'researcher', teamName: 'session-a1b2c3d4' };
    expect(await sidecar.request('hooks/TeammateIdle', idle)).toMatchObject({ decision: 'block', reason: 'Build artifact missing. Run the build before stopping.' });
    mkdirSync(join(where.workspace, 'dist'));
    writeFileSync(join(where.workspace, 'dist', 'output.js'), '');
    expect((await sidecar.request('hooks/TeammateIdle', idle)).decision).toBe('none');
  });
});

describe('Claude Code hooks reference: FileChanged and WorktreeCreate examples', () => {
  it('"This example normalizes line endings in data.csv after any change": the perl guard rewrites CRLF, other files do not run it', async () => {
    const where = machine();
    const normalize = writeExecutable(join(where.workspace, 'normalize-line-endings.sh'), `#!/bin/bash
FILE=$(jq -r .file_path)
if grep -q $'\\r$' "$FILE"; then
  perl -pi -e 's/\\r$//' "$FILE"
fi
`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "FileChanged": [
      {
        "matcher": "data.csv",
        "hooks": [
          {
            "type": "command",
            "command": "${normalize}"
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    const data = join(where.workspace, 'data.csv');
    const other = join(where.workspace, 'other.csv');
    writeFileSync(data, 'id,name\r\n1,alice\r\n');
    writeFileSync(other, 'id,name\r\n');
    expect((await sidecar.request('hooks/FileChanged', { session, filePath: data, fileEvent: 'change' })).runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(read(data)).toBe('id,name\n1,alice\n');
    expect((await sidecar.request('hooks/FileChanged', { session, filePath: other, fileEvent: 'change' })).runs).toEqual([]);
    expect(read(other)).toBe('id,name\r\n');
  });

  it('"This example creates an SVN working copy and prints the path for Claude Code to use" (svn as a stand-in)', async () => {
    const where = machine();
    // svn is not installed here: a stand-in that "checks out" by creating the directory and talking on stdout.
    writeExecutable(join(where.bin, 'svn'), `#!/bin/sh\n[ "$1" = checkout ] || exit 1\nmkdir -p "$3" && echo "Checked out revision 1234."\n`);
    writeClaudeSettings(where.home, `{
  "hooks": {
    "WorktreeCreate": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "bash -c 'NAME=$(jq -r .name); DIR=\\"$HOME/.claude/worktrees/$NAME\\"; svn checkout https://svn.example.com/repo/trunk \\"$DIR\\" >&2 && echo \\"$DIR\\"'"
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/WorktreeCreate', { session, name: 'feature-auth' });
    expect(result.worktreePath).toBe(join(where.home, '.claude', 'worktrees', 'feature-auth'));
    expect(existsSync(join(where.home, '.claude', 'worktrees', 'feature-auth'))).toBe(true);
    expect(result.decision).not.toBe('block');
  });
});

describe('Claude Code hooks reference: prompt, agent and async hooks, and the newer exec-form block-rm', () => {
  it('"Use the $ARGUMENTS placeholder to inject the hook\'s JSON input data into your prompt text": the Stop prompt hook, ok:false keeps Claude working', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "prompt",
            "prompt": "Evaluate if Claude should stop: $ARGUMENTS. Check if all tasks are complete."
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where, { capabilities: { modelJudge: true } });
    const asked: Array<{ kind: string; prompt: string }> = [];
    sidecar.onRequest('hooks/judge', (params: { kind: string; prompt: string }) => {
      asked.push(params);
      return { ok: false, reason: 'the migration script has not been run yet' };
    });
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false })).toMatchObject({ decision: 'block', reason: 'the migration script has not been run yet' });
    expect(asked[0]!.kind).toBe('prompt');
    const match = /^Evaluate if Claude should stop: (\{.*\})\. Check if all tasks are complete\.$/s.exec(asked[0]!.prompt);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toMatchObject({ session_id: session.id, hook_event_name: 'Stop', stop_hook_active: false });
  });

  it('"If the model returns ok: false because the condition isn\'t met yet, Claude continues working with the provided reason": the three-condition prompt, timeout 30', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "prompt",
            "prompt": "You are evaluating whether Claude should stop working. Context: $ARGUMENTS\\n\\nAnalyze the conversation and determine if:\\n1. All user-requested tasks are complete\\n2. Any errors need to be addressed\\n3. Follow-up work is needed\\n\\nRespond with JSON: {\\"ok\\": true} to allow stopping, or {\\"ok\\": false, \\"reason\\": \\"your explanation\\"} to continue working.",
            "timeout": 30
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where, { capabilities: { modelJudge: true } });
    const asked: Array<{ prompt: string; timeoutMs: number }> = [];
    let answer: { ok: boolean; reason?: string } = { ok: false, reason: 'the failing lint error in src/app.ts needs addressing' };
    sidecar.onRequest('hooks/judge', (params: { prompt: string; timeoutMs: number }) => {
      asked.push(params);
      return answer;
    });
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false })).toMatchObject({ decision: 'block', reason: 'the failing lint error in src/app.ts needs addressing' });
    answer = { ok: true };
    expect((await sidecar.request('hooks/Stop', { session, stopHookActive: true })).decision).toBe('none');
    expect(asked[0]!.timeoutMs).toBe(30_000);
    expect(asked[0]!.prompt).toMatch(/^You are evaluating whether Claude should stop working\. Context: \{.*"hook_event_name":"Stop".*\}\n\nAnalyze the conversation/s);
    expect(asked[0]!.prompt.endsWith('{"ok": false, "reason": "your explanation"} to continue working.')).toBe(true);
  });

  it('"Claude continues working immediately while run-tests.sh executes for up to 120 seconds. When the script finishes, its output is delivered on the next conversation turn"', async () => {
    const where = machine();
    const release = join(where.workspace, 'release');
    const runTests = writeExecutable(
      join(where.workspace, 'run-tests.sh'),
      `#!/bin/sh\ni=0\nwhile [ ! -f '${release}' ] && [ $i -lt 2000 ]; do sleep 0.05; i=$((i+1)); done\necho '{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "12 tests passed"}}'\n`,
    );
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write",
        "hooks": [
          {
            "type": "command",
            "command": "${runTests}",
            "async": true,
            "timeout": 120
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: '/w/a.ts', content: '' }, toolResponse: {} });
    // Answered while the script still waits for the release file.
    expect(existsSync(release)).toBe(false);
    expect(result.runs).toEqual([]);
    expect(result.asyncRuns).toEqual([expect.objectContaining({ hookId: 'project:PostToolUse[0].hooks[0]', status: 'started', rewake: false })]);
    expect(result.additionalContext).toBeUndefined();
    writeFileSync(release, '');
    const delivered: Array<Record<string, unknown>> = [];
    expect(
      await waitUntil(async () => {
        const next = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'next turn' });
        delivered.push(...(next.asyncOutputs ?? []));
        return delivered.length > 0;
      }),
    ).toBe(true);
    expect(delivered).toEqual([expect.objectContaining({ hookId: 'project:PostToolUse[0].hooks[0]', event: 'PostToolUse', additionalContext: '12 tests passed' })]);
  });

  it('"This hook starts a test suite in the background whenever Claude writes a file, then reports the results back to Claude when the tests finish" (run-tests-async.sh)', async () => {
    const where = machine();
    writeFileSync(join(where.workspace, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test: 'echo all good' } }));
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'run-tests-async.sh'), `#!/bin/bash
# run-tests-async.sh

# Read hook input from stdin
INPUT=$(cat)
FILE_PATH=$(echo "$INPUT" | jq -r '.tool_input.file_path // empty')

# Only run tests for source files
if [[ "$FILE_PATH" != *.ts && "$FILE_PATH" != *.js ]]; then
  exit 0
fi

# Run tests and report results to Claude via additionalContext
RESULT=$(npm test 2>&1)
EXIT_CODE=$?

if [ $EXIT_CODE -eq 0 ]; then
  MSG="Tests passed after editing $FILE_PATH"
else
  MSG="Tests failed after editing $FILE_PATH: $RESULT"
fi
jq -nc --arg msg "$MSG" '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: $msg}}'
`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "command",
            "command": "\${CLAUDE_PROJECT_DIR}/.claude/hooks/run-tests-async.sh",
            "args": [],
            "async": true,
            "timeout": 300
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where, {}, { npm_config_update_notifier: 'false' });
    const readme = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: join(where.workspace, 'README.md'), content: '' }, toolResponse: {} });
    expect(readme.asyncRuns).toHaveLength(1);
    const source = join(where.workspace, 'src', 'app.ts');
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Edit', toolInput: { file_path: source, old_string: 'a', new_string: 'b' }, toolResponse: {} });
    const delivered: Array<Record<string, unknown>> = [];
    expect(
      await waitUntil(async () => {
        const next = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'next turn' });
        delivered.push(...(next.asyncOutputs ?? []));
        return delivered.length > 0;
      }, 30_000),
    ).toBe(true);
    // The README edit exits 0 with nothing to say: nothing is delivered for it.
    expect(delivered).toEqual([expect.objectContaining({ event: 'PostToolUse', additionalContext: `Tests passed after editing ${source}` })]);
  });

  it('"The matcher narrows to Bash tool calls and the if condition narrows further": the v2.1.240 form of block-rm, ${CLAUDE_PROJECT_DIR} with args []', async () => {
    const where = machine();
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'block-rm.sh'), `#!/bin/bash
# .claude/hooks/block-rm.sh
COMMAND=$(jq -r '.tool_input.command')

if echo "$COMMAND" | grep -q 'rm -rf'; then
  jq -n '{
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Destructive command blocked by hook"
    }
  }'
else
  exit 0  # no decision; normal permission flow applies
fi
`);
    writeClaudeSettings(where.workspace, `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "if": "Bash(rm *)",
            "command": "\${CLAUDE_PROJECT_DIR}/.claude/hooks/block-rm.sh",
            "args": []
          }
        ]
      }
    ]
  }
}`);
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/PreToolUse', bash('rm -rf /tmp/build'))).toMatchObject({ decision: 'deny', reason: 'Destructive command blocked by hook' });
    const safer = await sidecar.request('hooks/PreToolUse', bash('rm notes.txt'));
    expect(safer).toMatchObject({ decision: 'none' });
    expect(safer.runs).toEqual([expect.objectContaining({ status: 'ok', exitCode: 0 })]);
    expect((await sidecar.request('hooks/PreToolUse', bash('npm test'))).runs).toEqual([]);
  });
});

describe('Claude Code hooks reference: PreToolUse decision control and the stdin the examples show', () => {
  it('"Defer a tool call for later": defer first (updatedInput "For \\"defer\\", ignored"), then on resume allow with the answer in updatedInput', async () => {
    const where = machine();
    const answer = join(where.workspace, 'answer.json');
    writeExecutable(join(where.workspace, '.claude', 'hooks', 'ask-ui.sh'), `#!/bin/bash
INPUT=$(cat)
if [ -f '${answer}' ]; then
  jq -c --slurpfile a '${answer}' '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: (.tool_input + {answers: $a[0]})}}' <<<"$INPUT"
else
  echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer", "updatedInput": {"questions": []}}}'
fi
`);
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/ask-ui.sh', 'AskUserQuestion'));
    const sidecar = await start(where);
    const questions = [{ question: 'Which framework?', header: 'Framework', options: [{ label: 'React' }, { label: 'Vue' }], multiSelect: false }];
    const call = { session, toolName: 'AskUserQuestion', toolInput: { questions }, toolUseId: 'toolu_01abc' };
    const deferred = await sidecar.request('hooks/PreToolUse', call);
    expect(deferred.decision).toBe('defer');
    expect(deferred.updatedInput).toBeUndefined();
    writeFileSync(answer, JSON.stringify({ 'Which framework?': 'React' }));
    expect(await sidecar.request('hooks/PreToolUse', call)).toMatchObject({ decision: 'allow', updatedInput: { questions, answers: { 'Which framework?': 'React' } } });
  });

  it('"additionalContext … Ignored when permissionDecision is \"defer\"": a deferring PreToolUse hook adds no context', async () => {
    const { sidecar } = await printingHook(
      'PreToolUse',
      '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer", "additionalContext": "not for a deferred call"}}',
    );
    const result = await sidecar.request('hooks/PreToolUse', { session, toolName: 'AskUserQuestion', toolInput: { questions: [] } });
    expect(result.decision).toBe('defer');
    expect(result.additionalContext).toBeUndefined();
  });

  it('"The deprecated values \\"approve\\" and \\"block\\" map to \\"allow\\" and \\"deny\\" respectively" (top-level decision on PreToolUse)', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: {
        PreToolUse: [
          { matcher: 'Read', hooks: [{ type: 'command', command: `echo '{"decision": "approve", "reason": "reads are fine"}'` }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: `echo '{"decision": "block", "reason": "no shell today"}'` }] },
        ],
      },
    });
    const sidecar = await start(where);
    expect((await sidecar.request('hooks/PreToolUse', { session, toolName: 'Read', toolInput: { file_path: '/w/a' } })).decision).toBe('allow');
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'deny', reason: 'no shell today' });
  });

  /** A machine whose hook on `event` saves its stdin; returns the sidecar and a reader of what it saw. */
  async function savingStdin(event: string) {
    const where = machine();
    const file = join(where.workspace, 'stdin.json');
    writeClaudeSettings(where.workspace, hookOn(event, `cat > '${file}'`));
    const sidecar = await start(where);
    return { where, sidecar, stdin: () => JSON.parse(read(file)) as Record<string, unknown> };
  }

  const fullSession = { id: 'abc123', promptId: '550e8400-e29b-41d4-a716-446655440000', transcriptPath: '/home/user/.claude/projects/p/transcript.jsonl', permissionMode: 'default' };

  it('"For example, a PreToolUse hook for a Bash command receives this on stdin"', async () => {
    const { where, sidecar, stdin } = await savingStdin('PreToolUse');
    const toolInput = { command: 'npm test', description: 'Run test suite', timeout: 120000, run_in_background: false };
    await sidecar.request('hooks/PreToolUse', { session: fullSession, toolName: 'Bash', toolInput, toolUseId: 'toolu_01ABC123' });
    expect(stdin()).toEqual({
      session_id: 'abc123',
      prompt_id: '550e8400-e29b-41d4-a716-446655440000',
      transcript_path: '/home/user/.claude/projects/p/transcript.jsonl',
      cwd: where.workspace,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: toolInput,
      tool_use_id: 'toolu_01ABC123',
    });
  });

  it('"PermissionRequest hooks receive tool_name and tool_input fields like PreToolUse hooks, but without tool_use_id"; permission_suggestions as given', async () => {
    const { sidecar, stdin } = await savingStdin('PermissionRequest');
    const permissionSuggestions = [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'rm -rf node_modules' }], behavior: 'allow', destination: 'localSettings' }];
    await sidecar.request('hooks/PermissionRequest', { session: fullSession, toolName: 'Bash', toolInput: { command: 'rm -rf node_modules', description: 'Remove node_modules directory' }, permissionSuggestions });
    expect(stdin()).toMatchObject({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'rm -rf node_modules' }, permission_suggestions: permissionSuggestions });
    expect(stdin()).not.toHaveProperty('tool_use_id');
  });

  it('"PermissionRequest hooks receive tool_name and tool_input fields like PreToolUse hooks, but without tool_use_id": even when the agent sends toolUseId', async () => {
    const { sidecar, stdin } = await savingStdin('PermissionRequest');
    await sidecar.request('hooks/PermissionRequest', { session: fullSession, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_01ABC123' });
    expect(stdin()).toMatchObject({ hook_event_name: 'PermissionRequest', tool_name: 'Bash' });
    expect(stdin()).not.toHaveProperty('tool_use_id');
  });

  it('"The input includes both tool_input, the arguments sent to the tool, and tool_response, the result it returned" (PostToolUse, with duration_ms)', async () => {
    const { sidecar, stdin } = await savingStdin('PostToolUse');
    await sidecar.request('hooks/PostToolUse', {
      session: fullSession,
      toolName: 'Write',
      toolInput: { file_path: '/path/to/file.txt', content: 'file content' },
      toolResponse: { filePath: '/path/to/file.txt', success: true },
      toolUseId: 'toolu_01ABC123',
      durationMs: 12,
    });
    expect(stdin()).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: '/path/to/file.txt', content: 'file content' },
      tool_response: { filePath: '/path/to/file.txt', success: true },
      tool_use_id: 'toolu_01ABC123',
      duration_ms: 12,
    });
  });

  it('"PostToolUseFailure hooks receive the same tool_name and tool_input fields as PostToolUse, along with error information as top-level fields"', async () => {
    const { sidecar, stdin } = await savingStdin('PostToolUseFailure');
    await sidecar.request('hooks/PostToolUseFailure', {
      session: fullSession,
      toolName: 'Bash',
      toolInput: { command: 'npm test', description: 'Run test suite' },
      toolUseId: 'toolu_01ABC123',
      error: "Exit code 1\nError: Cannot find module 'express'",
      isInterrupt: false,
      durationMs: 4187,
    });
    expect(stdin()).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test', description: 'Run test suite' },
      tool_use_id: 'toolu_01ABC123',
      error: "Exit code 1\nError: Cannot find module 'express'",
      is_interrupt: false,
      duration_ms: 4187,
    });
  });
});

describe('Claude Code hooks reference: "Exit code output" and "Exit code 2 behavior per event"', () => {
  it('"On events that can block, exit 2 blocks whether or not you print JSON: even a JSON permissionDecision of \\"allow\\" can\'t override it"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}'; echo 'exit 2 wins' >&2; exit 2`));
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'deny', reason: 'exit 2 wins' });
  });

  it('"With a parsed object that passes schema validation … Claude Code ignores the exit code and the JSON alone decides the outcome … the hook isn\'t reported as an error"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "from JSON"}}'; exit 1`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'from JSON' });
    expect(result.systemMessage).toBeUndefined();
  });

  it('"Without valid JSON on stdout, Claude Code treats exit code 1 as a non-blocking error and proceeds with the action", with a hook error notice', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', `echo 'policy check crashed' >&2; exit 1`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result.decision).toBe('none');
    expect(result.systemMessage).toMatch(/^PreToolUse hook error: /);
    expect(result.systemMessage).toContain('policy check crashed');
  });

  it('"exit 0 with a parsed object that fails schema validation is a non-blocking error: the action proceeds"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "nope"}}'`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0].status).not.toBe('ok');
    expect(result.systemMessage).toMatch(/^PreToolUse hook error: /);
  });

  it('"When the script path doesn\'t exist or isn\'t executable … For most hook events, the action proceeds"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('PreToolUse', '/path/to/hook.sh'));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.systemMessage).toMatch(/^PreToolUse hook error: /);
  });

  it('"A timed-out command, http, or mcp_tool hook doesn\'t block the tool call": its output is discarded', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}'; sleep 30`, timeout: 1 }] }] },
    });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ timedOut: true });
  });

  it('the per-event table: PostToolUse "Shows stderr to Claude"; SessionStart, SubagentStart, PostCompact, SessionEnd "Shows stderr to user only"; PreCompact "Blocks compaction"; SubagentStop "Prevents the subagent from stopping"', async () => {
    const where = machine();
    const exit2 = (event: string) => [{ hooks: [{ type: 'command', command: `echo '${event} says no' >&2; exit 2` }] }];
    const events = ['PostToolUse', 'PostToolUseFailure', 'SessionStart', 'SubagentStart', 'PostCompact', 'SessionEnd', 'PreCompact', 'SubagentStop'];
    writeClaudeSettings(where.workspace, { hooks: Object.fromEntries(events.map((event) => [event, exit2(event)])) });
    const sidecar = await start(where);
    const tool = { ...bash('npm test'), toolResponse: {} };
    const post = await sidecar.request('hooks/PostToolUse', tool);
    expect(post).toMatchObject({ decision: 'none', feedback: 'PostToolUse says no' });
    expect(await sidecar.request('hooks/PostToolUseFailure', { ...bash('npm test'), error: 'Exit code 1' })).toMatchObject({ decision: 'none', feedback: 'PostToolUseFailure says no' });
    for (const [event, params] of [
      ['SessionStart', { session, source: 'startup' }],
      ['SubagentStart', { session, agentId: 'a1', agentType: 'Explore' }],
      ['PostCompact', { session, trigger: 'manual', compactSummary: 'Summary' }],
    ] as const) {
      const result = await sidecar.request(`hooks/${event}`, params);
      expect(result.decision).toBe('none');
      expect(result.systemMessage).toContain(`${event} says no`);
      expect(result.additionalContext).toBeUndefined();
    }
    expect(await sidecar.request('hooks/PreCompact', { session, trigger: 'manual', customInstructions: '' })).toMatchObject({ decision: 'block', reason: 'PreCompact says no' });
    expect(await sidecar.request('hooks/SubagentStop', { session, stopHookActive: false, agentId: 'def456', agentType: 'Explore' })).toMatchObject({ decision: 'block', reason: 'SubagentStop says no' });
    const end = await sidecar.request('hooks/SessionEnd', { session, reason: 'other' });
    expect(end.decision).toBe('none');
    expect(end.systemMessage).toContain('SessionEnd says no');
  });

  it('"SessionEnd hooks have no decision control … Claude Code discards their JSON output fields, such as systemMessage"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('SessionEnd', `echo '{"decision": "block", "reason": "stay", "systemMessage": "bye", "continue": false}'`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/SessionEnd', { session, reason: 'other' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.systemMessage).toBeUndefined();
  });
});

describe('Claude Code hooks reference: the matcher table', () => {
  it('"Edit.* matches both Edit and NotebookEdit; wrap the pattern in ^ and $, as in ^Edit$"; "^Notebook"; "Edit, Write"; mcp__memory matches no tool; mcp__brave-search__.*', async () => {
    const where = machine();
    const matchers = ['^Notebook', 'Edit.*', '^Edit$', 'Edit, Write', 'mcp__memory', 'mcp__brave-search__.*'];
    writeClaudeSettings(where.workspace, { hooks: { PreToolUse: matchers.map((matcher) => ({ matcher, hooks: [{ type: 'command', command: `echo '${matcher}' > /dev/null` }] })) } });
    const sidecar = await start(where);
    const fired = async (toolName: string) =>
      ((await sidecar.request('hooks/PreToolUse', { session, toolName, toolInput: {} })).runs as Array<{ hookId: string }>).map((run) => matchers[Number(/\[(\d+)\]/.exec(run.hookId)![1])]);
    expect(await fired('Edit')).toEqual(['Edit.*', '^Edit$', 'Edit, Write']);
    expect(await fired('NotebookEdit')).toEqual(['^Notebook', 'Edit.*']);
    expect(await fired('Write')).toEqual(['Edit, Write']);
    expect(await fired('mcp__memory__create_entities')).toEqual([]);
    expect(await fired('mcp__brave-search__web_search')).toEqual(['mcp__brave-search__.*']);
  });

  it('"code-reviewer matches only that agent type" (SubagentStart, not senior-code-reviewer); "^my-plugin:reviewer$" for plugin-scoped names', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: {
        SubagentStart: [
          { matcher: 'code-reviewer', hooks: [{ type: 'command', command: 'echo exact' }] },
          { matcher: '^my-plugin:reviewer$', hooks: [{ type: 'command', command: 'echo scoped' }] },
        ],
      },
    });
    const sidecar = await start(where);
    const fired = async (agentType: string) => ((await sidecar.request('hooks/SubagentStart', { session, agentId: 'a', agentType })).runs as Array<{ hookId: string }>).map((run) => run.hookId);
    expect(await fired('code-reviewer')).toEqual(['project:SubagentStart[0].hooks[0]']);
    expect(await fired('senior-code-reviewer')).toEqual([]);
    expect(await fired('my-plugin:reviewer')).toEqual(['project:SubagentStart[1].hooks[0]']);
    expect(await fired('my-plugin:reviewer-2')).toEqual([]);
  });
});

describe('Claude Code hooks reference: handler fields (if, exec form, once)', () => {
  /** One Bash group whose handlers each log "<rule>: <command>" when their `if` rule lets them start; returns the log. */
  async function ifRuleLog(rules: readonly string[], commands: readonly string[]): Promise<string> {
    const where = machine();
    const log = join(where.workspace, 'if.log');
    const logging = (rule: string) => ({ type: 'command', if: rule, command: `printf '%s: %s\\n' '${rule}' "$(jq -r .tool_input.command)" >> '${log}'` });
    writeClaudeSettings(where.workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: rules.map(logging) }] } });
    const sidecar = await start(where);
    for (const command of commands) await sidecar.request('hooks/PreToolUse', bash(command));
    return read(log);
  }

  it('the Bash if table: "FOO=bar git push" runs Bash(git *) ("leading assignments are stripped"); "echo $(rm -rf /)" runs Bash(rm *) ("commands inside $() and backticks are checked")', async () => {
    expect(await ifRuleLog(['Bash(git *)', 'Bash(rm *)'], ['FOO=bar git push', 'echo $(rm -rf /)', 'echo `rm -rf /`', 'echo $(date)'])).toBe('Bash(git *): FOO=bar git push\nBash(rm *): echo $(rm -rf /)\nBash(rm *): echo `rm -rf /`\n');
  });

  it('the Bash if table: Bash(git push *) on "echo $(date)" runs the hook anyway ("patterns that specify more than the command name run the hook anyway on $(), backticks, or $VAR"); Bash(git *) does not', async () => {
    expect(await ifRuleLog(['Bash(git push *)', 'Bash(git *)'], ['echo $(date)', 'echo `date`', 'echo $HOME', 'ls -la'])).toBe('Bash(git push *): echo $(date)\nBash(git push *): echo `date`\nBash(git push *): echo $HOME\n');
  });

  it('"On other events, a hook with if set never runs"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', if: 'Bash(git *)', command: 'echo never' }] }] } });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'git push' });
    expect(result.runs).toEqual([]);
    expect(result.additionalContext).toBeUndefined();
  });

  it('"Special characters such as apostrophes, $, and backticks pass through verbatim because there is no shell to interpret them" (exec form)', async () => {
    const where = machine();
    const argvFile = join(where.workspace, 'argv.json');
    const script = writeExecutable(join(where.workspace, 'argv.js'), `require('node:fs').writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(2)));\n`);
    const args = [script, "it's", '$HOME', '`date`', 'a b', '*'];
    writeClaudeSettings(where.workspace, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node', args }] }] } });
    const sidecar = await start(where);
    expect((await sidecar.request('hooks/Stop', { session })).runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(JSON.parse(read(argvFile))).toEqual(args.slice(1));
  });

  it('"once: If true, runs once per session then is removed. Only honored for hooks declared in skill frontmatter; ignored in settings files"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo from-settings', once: true }] }] } });
    const skillFile = join(where.workspace, '.claude', 'skills', 'greeter', 'SKILL.md');
    writeExecutable(skillFile, `---\nname: greeter\ndescription: Greets once\nhooks:\n  UserPromptSubmit:\n    - hooks:\n        - type: command\n          command: "echo from-skill"\n          once: true\n---\n\nGreet.\n`);
    const sidecar = await start(where, { sources: [{ scope: 'skill', path: skillFile }] });
    const first = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'one' });
    const second = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'two' });
    expect(first.additionalContext).toBe('from-settings\nfrom-skill');
    expect(second.additionalContext).toBe('from-settings');
  });
});

describe('Claude Code hooks reference: "Add context for Claude" and the decision-control table', () => {
  it('"When several hooks return additionalContext for the same event, Claude receives all of the values"', async () => {
    const where = machine();
    const context = (text: string) => ({ type: 'command', command: `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "${text}"}}'` });
    writeClaudeSettings(where.workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [context('The deployment target is production')] }, { hooks: [context('This repo uses bun test')] }] } });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', bash('bun test'));
    expect(result.additionalContext).toBe('The deployment target is production\nThis repo uses bun test');
  });

  it('"TeammateIdle, TaskCompleted … JSON {\\"continue\\": false, \\"stopReason\\": \\"...\\"} also stops the teammate entirely"', async () => {
    const where = machine();
    const stop = `echo '{"continue": false, "stopReason": "Team budget exhausted"}'`;
    writeClaudeSettings(where.workspace, { hooks: { TaskCompleted: [{ hooks: [{ type: 'command', command: stop }] }], TeammateIdle: [{ hooks: [{ type: 'command', command: stop }] }] } });
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/TaskCompleted', { session, taskId: 'task-001', taskSubject: 'Implement user authentication' })).toMatchObject({ continue: false, stopReason: 'Team budget exhausted' });
    expect(await sidecar.request('hooks/TeammateIdle', { session, teammateName: 'researcher', teamName: 'session-a1b2c3d4' })).toMatchObject({ continue: false, stopReason: 'Team budget exhausted' });
  });

  it('"TaskCreated: Exit code 2 or decision: \\"block\\" cancels the task and returns the message to Claude. continue: false is ignored"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, hookOn('TaskCreated', `echo '{"decision": "block", "reason": "one task at a time", "continue": false, "stopReason": "x"}'`));
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/TaskCreated', { session, taskId: 'task-002', taskSubject: 'Write docs' });
    expect(result).toMatchObject({ decision: 'block', reason: 'one task at a time', continue: true });
  });
});

describe('Claude Code hooks reference: ElicitationResult output', () => {
  it('"To override the user\'s response, return a JSON object with hookSpecificOutput": action decline replaces the user\'s accept', async () => {
    const { sidecar } = await printingHook('ElicitationResult', `{
  "hookSpecificOutput": {
    "hookEventName": "ElicitationResult",
    "action": "decline",
    "content": {}
  }
}`, 'my-mcp-server');
    const result = await sidecar.request('hooks/ElicitationResult', { session, mcpServerName: 'my-mcp-server', action: 'accept', content: { username: 'alice' }, mode: 'form', elicitationId: 'elicit-123' });
    expect(result.decision).toBe('deny');
    expect(result.elicitation).toEqual({ action: 'decline' });
  });
});
