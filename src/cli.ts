#!/usr/bin/env node
// argv → command: serve (default; the JSON-RPC sidecar on stdio), check, test, --version, --help.
// Each command's modules load only when that command runs (a sidecar's start does not pay for the ui or check).
// Serving writes only protocol messages to stdout; the one-shot commands print their report there.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from './commands/usage-error.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';
import { SERVER_VERSION } from './protocol/index.js';
import type { Framing } from './rpc/framing.js';

const HELP = `hookd ${SERVER_VERSION} — lifecycle hooks engine for AI coding agents (JSON-RPC over stdio)

Usage:
  hookd [serve] [--framing auto|ndjson|content-length] [--log-level error|warn|info|debug]
        [--stop-block-cap N] [--kill-grace-ms N] [--max-message-bytes N] [--managed-settings FILE]
        [--audit-log FILE] [--dangerously-bypass-hook-trust]
      Serve the protocol on stdin/stdout (spawned by an agent). Logs go to stderr. --audit-log appends a JSONL
      record of every hook run and event decision to FILE (10 MiB, then rotated to FILE.1..FILE.3).
      --dangerously-bypass-hook-trust (pbi): untrusted and modified hooks run (disabled ones never); nothing is written.
  hookd check [--dialect D] [--workspace DIR] [--home DIR] [--json] [--tools A,B,...]
      Load the configuration, print diagnostics (claude: also hookd's lint) and the hooks found, and which
      hooks a fresh clone of the repository would run (claude: workspace trust off and on). Exit 1 on errors.
      Warns about what makes a guard fail open: a program not found, no exec bit, a CRLF shebang, a missing
      interpreter, a tool matcher naming no tool (--tools: the agent's tool names; default: the dialect's).
  hookd test <Event> [--input FILE|-] [--explain] [--dialect D] [--workspace DIR] [--home DIR] [--json]
      Dry-run one event: run the matching hooks for real and print every run and the merged decision.
      Also takes [--tool NAME] [--tool-input JSON] [--prompt TEXT]. Each run shows the stdin the hooks read, exit
      code, duration, stdout and stderr excerpts, and how hookd read the output.
      --input holds either the agent's own stdin envelope (Claude Code's snake_case JSON, e.g. saved from a
      hook with \`cat > event.json\`; its hook_event_name may stand for <Event>) or the event's params as the
      protocol sends them (camelCase); no session is needed. Default: a synthetic payload.
      --tool NAME, --tool-input JSON (an object): the tool call of PreToolUse, PostToolUse, PermissionRequest, ...
      --prompt TEXT: the prompt of UserPromptSubmit. Each is laid over the synthetic payload or the --input.
      --explain first prints every configured hook: fires, or skipped and why (with --json: an "explain" field).
      Exit status: 0 ok (whatever the hooks decided); 1 the configuration has errors or a hook failed
      (it could not start, timed out, exited non-zero without deciding, printed invalid output); 2 bad usage.
  hookd test <Event> --handler JSON | --handler-file FILE [--input FILE|-] [--dialect D] [--workspace DIR]
      Validate and run one handler written as in the dialect's config (e.g. bamboo's {"type":"script",...})
      with production limits; prints its diagnostics and run. Exit 1 when it is invalid or its run failed.
  hookd hooks [--dialect D] [--workspace DIR | --project-dir DIR] [--home DIR] [--json]
      The trust review listing (any dialect; pbi as \`pbi-agent hooks\` prints it): per hook its event, trust status
      (trusted, untrusted, modified, disabled, managed), matcher, source, command, key, hash, status message, timeout
      and diagnostics; discovery diagnostics on stderr. Real statuses: the dangerous bypass is never applied here.
      pbi also takes [--managed-hooks FILE] [--managed-policy-dir DIR] (initialize's managedHooksPath/managedPolicyDir).
  hookd hooks trust|revoke|disable|enable '<hook-key>' [--dialect D] [--workspace DIR | --project-dir DIR] [--home DIR]
      Record the hook as trusted for its current hash, no longer trusted (revoke: its trusted hash removed, enabled
      kept), disabled or enabled (pbi: in ~/.pbi-agent/hooks_state.json; codex: config.toml [hooks.state]; gemini:
      trusted_hooks.json; a row trusted per file, claude/bamboo: trust and revoke only, of the whole file's key, in
      hookd's trust store). Exit 0 done; 1 no hook has the key or the write failed; 2 not allowed (managed hooks are
      trusted by policy: they cannot be revoked, disabled or enabled). Other dialects' enable|disable take a hook name
      as below.
  hookd hooks list [--dialect D] [--workspace DIR] [--home DIR] [--json]
      Every configured hook by name (else id) with its state (active, parked, disabled, awaiting approval, denied,
      untrusted, modified, invalid) and provenance (scope, file, line); trust as the store under --home records it.
  hookd hooks enable|disable <name> [--dialect D] [--workspace DIR] [--home DIR] [--json]
      A session toggle belongs to an agent's session (hooks/setEnabled): this prints the hook's state and how to make
      the change last in its config; it changes nothing. Exit 0 when the config already says so, else 1.
  hookd hooks test <name> [--input FILE|-] [--tool NAME] [--tool-input JSON] [--dialect D] [--workspace DIR] [--json]
      Fire that one hook once on its event with a synthetic payload (or the input laid over it), ignoring its
      matcher, and print its run and decision. Exit 0 ok; 1 it failed or may not run (not approved, untrusted,
      invalid); 2 bad usage (e.g. no such hook).
  hookd ui [--dialect D] [--workspace DIR] [--home DIR] [--port N] [--dangerously-bypass-hook-trust]
        [--managed-hooks FILE] [--managed-policy-dir DIR]
      Serve the Settings → Hooks page and its HTTP API (GET /api/hooks, POST /api/hooks/trust|disable|enable) on
      127.0.0.1 (port N; default any free port) and print its one URL, with a per-launch token, on stdout:
      \`hookd ui: http://127.0.0.1:<port>/?token=<token>\`. Review each hook (trust status, hash, enabled, managed,
      diagnostics) and trust, disable or enable it; logs go to stderr; runs until Ctrl-C or SIGTERM. See docs/ui.md.
  hookd acp [--dialect D] [--workspace DIR] [--home DIR] [--stop-block-cap N] [--log-level L] -- <agent command…>
      An Agent Client Protocol proxy: the editor starts this instead of the agent. hookd starts the agent, relays
      every message both ways and fires the workspace's hooks (in dialect D) at the points ACP exposes: session
      start, prompt submit, permission requests, client file writes and terminals, finished tool calls, the end of
      a turn (a Stop block sends the agent a further prompt, at most N in a row, default 8). stdout
      carries only ACP messages; logs go to stderr. Exit status: the agent's (0 when the editor closes). See
      docs/acp.md.
  hookd --version | --help

Protocol: see protocol/README.md.`;

const FRAMINGS = ['auto', 'ndjson', 'content-length'] as const;

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new UsageError(`--${name} takes a whole number ≥ 0, got "${value}"`);
  return parsed;
}

function auditLogFlag(value: string): string {
  if (value.trim() === '') throw new UsageError('--audit-log takes a file path');
  return resolve(value);
}

async function main(argv: string[]): Promise<number> {
  // `hookd acp [flags] -- <agent command…>`: what follows `--` is the agent's, never parsed as hookd's.
  const dashDash = argv.indexOf('--');
  const ownArgs = dashDash >= 0 && argv.slice(0, dashDash).includes('acp') ? argv.slice(0, dashDash) : argv;
  const agentArgv = ownArgs === argv ? undefined : argv.slice(dashDash + 1);
  const { values, positionals } = parseArgs({
    args: ownArgs,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
      framing: { type: 'string' },
      'log-level': { type: 'string' },
      'stop-block-cap': { type: 'string' },
      'kill-grace-ms': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      'managed-settings': { type: 'string' },
      'dangerously-bypass-hook-trust': { type: 'boolean' },
      'audit-log': { type: 'string' },
      dialect: { type: 'string' },
      workspace: { type: 'string' },
      'project-dir': { type: 'string' },
      'managed-hooks': { type: 'string' },
      'managed-policy-dir': { type: 'string' },
      home: { type: 'string' },
      input: { type: 'string' },
      handler: { type: 'string' },
      'handler-file': { type: 'string' },
      json: { type: 'boolean' },
      tools: { type: 'string' },
      explain: { type: 'boolean' },
      tool: { type: 'string' },
      'tool-input': { type: 'string' },
      prompt: { type: 'string' },
      port: { type: 'string' },
    },
  });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  if (values.help) return print(HELP), 0;
  if (values.version) return print(SERVER_VERSION), 0;
  const [command = 'serve', ...rest] = positionals;
  // --project-dir (pbi-agent's name) is --workspace.
  const projectDir = values['project-dir'];
  if (projectDir !== undefined) {
    if (values.workspace !== undefined && resolve(values.workspace) !== resolve(projectDir)) throw new UsageError('--project-dir is another name of --workspace: give one of them');
    values.workspace = projectDir;
  }
  if (values['audit-log'] !== undefined && command !== 'serve') throw new UsageError(`--audit-log is an option of hookd serve, not of hookd ${command}`);
  switch (command) {
    case 'serve': {
      const framing = values.framing ?? 'auto';
      if (!(FRAMINGS as readonly string[]).includes(framing)) throw new UsageError(`--framing must be one of ${FRAMINGS.join(', ')}`);
      const logLevel = values['log-level'] ?? 'warn';
      if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
      const stopBlockCap = numberFlag('stop-block-cap', values['stop-block-cap']);
      const killGraceMs = numberFlag('kill-grace-ms', values['kill-grace-ms']);
      const maxMessageBytes = numberFlag('max-message-bytes', values['max-message-bytes']);
      const { serve } = await import('./main.js');
      serve({
        framing: framing as Framing,
        logLevel: logLevel as LogLevel,
        ...(stopBlockCap !== undefined ? { stopBlockCap } : {}),
        ...(killGraceMs !== undefined ? { killGraceMs } : {}),
        ...(maxMessageBytes ? { maxMessageBytes } : {}),
        ...(values['managed-settings'] ? { managedSettingsPath: values['managed-settings'] } : {}),
        ...(values['dangerously-bypass-hook-trust'] === true ? { bypassHookTrust: true } : {}),
        ...(values['audit-log'] !== undefined ? { auditLogPath: auditLogFlag(values['audit-log']) } : {}),
      });
      return -1; // keeps running
    }
    case 'check':
      return (await import('./commands/check.js')).runCheck(values, print);
    case 'test':
      return (await import('./commands/test-event.js')).runTestEvent(rest[0], values, print);
    case 'hooks':
      return (await import('./commands/hooks-command.js')).runHooksCommand(rest, values, print);
    case 'acp':
      if (rest.length > 0) throw new UsageError(`hookd acp takes the agent's command after \`--\`, got "${rest.join(' ')}" before it`);
      return (await import('./commands/acp-command.js')).runAcp(values, agentArgv, numberFlag('stop-block-cap', values['stop-block-cap']));
    case 'ui':
      if (rest.length > 0) throw new UsageError(`hookd ui takes no arguments, got "${rest.join(' ')}"`);
      return (await import('./ui/ui-command.js')).runUi(values, print);
    default:
      throw new UsageError(`unknown command "${command}" (see hookd --help)`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`hookd: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`hookd: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 70;
    }
  },
);
