// `hookd acp [--dialect D] [--workspace DIR] [--home DIR] [--stop-block-cap N] [--log-level L] -- <agent command…>`: checks the flags and
// hands the editor's stdio to the ACP proxy (src/acp/proxy.ts). Exit status: the agent's, 0 when the editor closed
// the connection, 2 for bad usage, 1 when the hooks cannot be loaded, 127 when the agent cannot start. stdout
// carries only ACP messages.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DIALECT_NAMES } from '../dialects/index.js';
import { createLogger, LOG_LEVELS, type LogLevel } from '../logger.js';
import { keepStdoutForProtocol } from '../stdout-guard.js';
import { UsageError } from './usage-error.js';

export type AcpFlags = { dialect?: string; workspace?: string; home?: string; 'log-level'?: string };

/** `stopBlockCap`: --stop-block-cap, already checked (cli.ts's numberFlag). */
export async function runAcp(flags: AcpFlags, agentArgv: readonly string[] | undefined, stopBlockCap?: number): Promise<number> {
  if (agentArgv === undefined || agentArgv.length === 0) throw new UsageError('hookd acp needs the agent to start after `--`, e.g. `hookd acp -- my-agent --acp`');
  const dialect = flags.dialect ?? 'claude';
  if (!DIALECT_NAMES.includes(dialect)) throw new UsageError(`unknown dialect "${dialect}" (known: ${DIALECT_NAMES.join(', ')})`);
  const workspace = resolve(flags.workspace ?? process.cwd());
  if (!existsSync(workspace) || !statSync(workspace).isDirectory()) throw new UsageError(`workspace "${workspace}" is not a directory`);
  const logLevel = flags['log-level'] ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  const logger = createLogger(logLevel as LogLevel);
  keepStdoutForProtocol();
  process.stdout.on('error', (error) => logger.debug(`stdout: ${error.message}`));
  const { runAcpProxy } = await import('../acp/proxy.js');
  let code: number;
  try {
    code = await runAcpProxy({
      dialect,
      workspace,
      agentArgv,
      editorIn: process.stdin,
      editorOut: process.stdout,
      logger,
      ...(flags.home !== undefined ? { home: resolve(flags.home) } : {}),
      ...(stopBlockCap !== undefined ? { stopBlockCap } : {}),
    });
  } catch (error) {
    process.stderr.write(`hookd acp: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
  // The editor may keep its end open after the agent is gone: exit once what was written has left.
  process.stdout.write('', () => process.exit(code));
  return -1;
}
