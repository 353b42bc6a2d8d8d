// What keeps a script file a hook starts directly (`./x.sh`, `$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh`) from starting:
// missing, not a regular file, no executable bit, a CRLF shebang, a shebang interpreter that is not there.
// Looks only: stat, then at most the first 256 bytes of a regular file (never a FIFO or device). Never runs anything.
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { findExecutable } from '../runner/find-executable.js';

export type FileProblem = { readonly code: string; readonly message: string };

/** Linux reads at most this much of a `#!` line (BINPRM_BUF_SIZE is 256 bytes). */
const SHEBANG_BYTES = 256;

/**
 * Problems of `path` (absolute) as a program started directly; `shown` is how the hook writes it. `env`: the hook's
 * environment (its PATH finds `#!/usr/bin/env NAME` interpreters).
 */
export function directProgramProblems(path: string, shown: string, env: Readonly<Record<string, string>>): FileProblem[] {
  const exists = regularFile(path, shown);
  if ('code' in exists) return [exists];
  // Windows has no executable bit and no `#!` (a script there is started by its extension's program).
  if (process.platform === 'win32') return [];
  const problems: FileProblem[] = [];
  if (!canExecute(path))
    problems.push({
      code: 'script-not-executable',
      message: `"${shown}" is not executable: the hook cannot start ("permission denied") and the guard silently does nothing; fix: chmod +x ${quote(path)}`,
    });
  const shebang = problemOfShebang(path, shown, env);
  if (shebang !== undefined) problems.push(shebang);
  return problems;
}

/** `python3 x.py`, `bash x.sh`: the script an explicit interpreter is given must exist (and be a regular file). */
export function scriptArgumentProblem(path: string, shown: string, interpreter: string): FileProblem | undefined {
  const exists = regularFile(path, shown);
  if (!('code' in exists)) return undefined;
  const what = exists.message.endsWith('is not a file') ? 'is not a file' : 'does not exist';
  return { code: 'script-not-found', message: `"${shown}" (run by ${interpreter}) ${what}: the hook fails every time and the guard silently does nothing; fix the path` };
}

function regularFile(path: string, shown: string): FileProblem | { readonly ok: true } {
  try {
    if (!statSync(path).isFile()) return { code: 'command-not-found', message: `"${shown}" is not a file` };
  } catch {
    return { code: 'command-not-found', message: `"${shown}" does not exist` };
  }
  return { ok: true };
}

function canExecute(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first line of a regular file when it starts with `#!`, read without blocking (O_NONBLOCK); undefined otherwise. */
export function readShebang(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const buffer = Buffer.alloc(SHEBANG_BYTES);
    const read = readSync(fd, buffer, 0, SHEBANG_BYTES, 0);
    const head = buffer.subarray(0, read);
    if (head[0] !== 0x23 || head[1] !== 0x21) return undefined;
    const newline = head.indexOf(0x0a);
    return head.subarray(0, newline < 0 ? head.length : newline).toString('latin1');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function problemOfShebang(path: string, shown: string, env: Readonly<Record<string, string>>): FileProblem | undefined {
  const line = readShebang(path);
  if (line === undefined) return undefined;
  if (line.endsWith('\r')) {
    const interpreter = line.slice(2).trim().split(/[ \t]+/)[0] ?? '';
    return {
      code: 'crlf-shebang',
      message: `"${shown}" has Windows (CRLF) line endings: its first line is "${line.slice(0, -1)}\\r", so the kernel looks for "${basename(interpreter)}\\r", which is not found, and the hook fails; fix: convert the file to LF line endings (dos2unix ${quote(path)}, or sed -i 's/\\r$//' ${quote(path)})`,
    };
  }
  const words = line.slice(2).trim().split(/[ \t]+/).filter((word) => word !== '');
  const interpreter = words[0];
  if (interpreter === undefined) return { code: 'interpreter-not-found', message: `"${shown}" starts with an empty "#!" line: the kernel cannot start it; fix: name the interpreter (e.g. #!/usr/bin/env bash)` };
  // A relative interpreter resolves against the directory the hook runs in; not judged here.
  if (!isAbsolute(interpreter)) return undefined;
  if (findExecutable(interpreter, env) === undefined)
    return {
      code: 'interpreter-not-found',
      message: `"${shown}" starts with "${line}", but ${interpreter} does not exist (or is not executable): the script cannot start and the guard silently does nothing; fix the "#!" line (e.g. #!/usr/bin/env ${basename(interpreter)})`,
    };
  if (basename(interpreter) !== 'env') return undefined;
  const program = envProgram(words.slice(1));
  if (program === undefined || findExecutable(program, env) !== undefined) return undefined;
  return {
    code: 'interpreter-not-found',
    message: `"${shown}" starts with "${line}", but ${program.includes('/') ? `${program} does not exist` : `"${program}" is not found on PATH`}: the script cannot start and the guard silently does nothing; fix: install ${basename(program)} or correct the "#!" line`,
  };
}

/** The program `env` starts: `#!/usr/bin/env python3`, `#!/usr/bin/env -S node --flag`, `#!/usr/bin/env VAR=1 bash`. */
function envProgram(args: readonly string[]): string | undefined {
  const words = args.flatMap((word) => word.split(/[ \t]+/));
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    if (word === '-S' || word === '--split-string' || word === '-i' || word === '--ignore-environment' || word === '-') continue;
    // Options that take a value (`-u NAME`, `-C DIR`): skip both; other options alone.
    if (word === '-u' || word === '--unset' || word === '-C' || word === '--chdir') {
      index++;
      continue;
    }
    if (word.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) continue;
    return word;
  }
  return undefined;
}

function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
