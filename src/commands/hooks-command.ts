// `hookd hooks list|enable|disable|test`: the management commands of one configured hook, by name (else id), for any
// dialect. Picks the subcommand and checks its arguments; each subcommand lives in its own file.
import { runHooksList } from './hooks-list.js';
import { runHooksTest } from './hooks-test.js';
import { runHooksToggle } from './hooks-toggle.js';
import { UsageError, type CommonFlags } from './load-options.js';
import type { TestInputFlags } from './test-input.js';

const SUBCOMMANDS = 'list, enable <name>, disable <name>, test <name>';

export async function runHooksCommand(args: readonly string[], flags: CommonFlags & TestInputFlags & { json?: boolean }, print: (line: string) => void): Promise<number> {
  const [subcommand, name, ...extra] = args;
  if (subcommand === undefined) throw new UsageError(`hookd hooks needs a subcommand: ${SUBCOMMANDS}`);
  if (subcommand === 'list') {
    if (name !== undefined) throw new UsageError(`hookd hooks list takes no arguments, got "${name}"`);
    return runHooksList(flags, print);
  }
  if (subcommand !== 'enable' && subcommand !== 'disable' && subcommand !== 'test') throw new UsageError(`unknown subcommand "hooks ${subcommand}" (hookd hooks ${SUBCOMMANDS})`);
  if (name === undefined || name === '') throw new UsageError(`hookd hooks ${subcommand} needs the hook's name (hookd hooks list shows them)`);
  if (extra.length > 0) throw new UsageError(`hookd hooks ${subcommand} takes one name, got also "${extra.join(' ')}"`);
  const inputFlags = ['input', 'tool', 'tool-input', 'prompt'] as const;
  if (subcommand !== 'test') {
    const stray = inputFlags.find((flag) => flags[flag] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} is an option of hookd hooks test, not of hookd hooks ${subcommand}`);
    return runHooksToggle(name, subcommand === 'enable', flags, print);
  }
  return runHooksTest(name, flags, print);
}
