// `hookd hooks [list|trust|revoke|enable|disable|test]`: the review listing (no subcommand), trust and revoke by hook key, and the
// management commands of one configured hook by name (else id), for any dialect (a dialect with per-hook review, pbi:
// enable/disable take a key and persist). Picks the subcommand and checks its arguments; each lives in its own file.
import { findDialect } from '../dialects/index.js';
import { runHooksList } from './hooks-list.js';
import { runReviewAction, runReviewList } from './hooks-review.js';
import { runHooksTest } from './hooks-test.js';
import { runHooksToggle } from './hooks-toggle.js';
import { UsageError, type CommonFlags } from './load-options.js';
import type { TestInputFlags } from './test-input.js';

const SUBCOMMANDS = '(none: the review listing), list, trust <hook-key>, revoke <hook-key>, enable <name|hook-key>, disable <name|hook-key>, test <name>';

const INPUT_FLAGS = ['input', 'tool', 'tool-input', 'prompt'] as const;

export async function runHooksCommand(
  args: readonly string[],
  flags: CommonFlags & TestInputFlags & { json?: boolean; 'dangerously-bypass-hook-trust'?: boolean },
  print: (line: string) => void,
  printError: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const [subcommand, name, ...extra] = args;
  // As `pbi-agent hooks`: the listing and the actions always show and change the real statuses.
  if (flags['dangerously-bypass-hook-trust'] === true)
    throw new UsageError('--dangerously-bypass-hook-trust is an option of hookd serve and hookd ui, not of hookd hooks (which always shows the real trust statuses)');
  if (subcommand === undefined) {
    const stray = INPUT_FLAGS.find((flag) => flags[flag] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} is an option of hookd hooks test, not of hookd hooks`);
    return runReviewList(flags, print, printError);
  }
  const reviewed = findDialect(flags.dialect ?? 'claude')?.reviewStore !== undefined;
  if (subcommand === 'trust' || subcommand === 'revoke' || (reviewed && (subcommand === 'enable' || subcommand === 'disable'))) {
    if (name === undefined || name === '') throw new UsageError(`hookd hooks ${subcommand} needs the hook's key (hookd hooks shows them)`);
    if (extra.length > 0) throw new UsageError(`hookd hooks ${subcommand} takes one hook key, got also "${extra.join(' ')}"`);
    const stray = [...INPUT_FLAGS, 'json' as const].find((flag) => flags[flag] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} is not an option of hookd hooks ${subcommand}`);
    return runReviewAction(subcommand, name, flags, print, printError);
  }
  if (subcommand === 'list') {
    if (name !== undefined) throw new UsageError(`hookd hooks list takes no arguments, got "${name}"`);
    return runHooksList(flags, print);
  }
  if (subcommand !== 'enable' && subcommand !== 'disable' && subcommand !== 'test') throw new UsageError(`unknown subcommand "hooks ${subcommand}" (hookd hooks ${SUBCOMMANDS})`);
  if (name === undefined || name === '') throw new UsageError(`hookd hooks ${subcommand} needs the hook's name (hookd hooks list shows them)`);
  if (extra.length > 0) throw new UsageError(`hookd hooks ${subcommand} takes one name, got also "${extra.join(' ')}"`);
  if (subcommand !== 'test') {
    const stray = INPUT_FLAGS.find((flag) => flags[flag] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} is an option of hookd hooks test, not of hookd hooks ${subcommand}`);
    return runHooksToggle(name, subcommand === 'enable', flags, print);
  }
  return runHooksTest(name, flags, print);
}
