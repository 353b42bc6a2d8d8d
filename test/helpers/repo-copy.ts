// For the install tests: a copy of this repository's source tree (tracked and untracked-but-not-ignored files; no
// node_modules, dist or .git) in a scratch directory, the npm environment those tests run npm in, and running npm.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** Copies the repository's files (as git lists them) into `target`; returns how many. */
export async function copyRepository(target: string): Promise<number> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const files = [...new Set(stdout.split('\0').filter((file) => file !== ''))].filter((file) => existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(target, file));
  }
  return files.length;
}

/**
 * The built package in `root`, to change without touching this checkout: dist/ and package.json copied,
 * node_modules linked, and native/ linked (`supervisor: 'linked'`) or an empty directory (`'none'`: hookd as built
 * without a C compiler). Returns the copy's dist/cli.js.
 */
export function copyBuiltPackage(root: string, supervisor: 'linked' | 'none'): string {
  cpSync(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'package.json'), readFileSync(join(REPO_ROOT, 'package.json')));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  if (supervisor === 'linked') symlinkSync(join(REPO_ROOT, 'native'), join(root, 'native'));
  else mkdirSync(join(root, 'native'));
  return join(root, 'dist', 'cli.js');
}

/**
 * The environment for npm in these tests: this process's, without what an enclosing `npm test` exported about the
 * repository's own package (lifecycle, package, prefix), with npm's and its children's temp files under `tmp`.
 */
export function npmEnvironment(tmp: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(lifecycle|package)_/i.test(key) || /^npm_config_(prefix|local_prefix|global|ignore_scripts)$/i.test(key) || /^npm_(command|execpath|node_execpath)$/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, TMPDIR: tmp, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** Runs npm (or another program) to completion; rejects with its output when it fails or passes `timeoutMs`. */
export async function runTool(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd: options.cwd, env: options.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${options.cwd}: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.slice(0, 8000));
  }
}
