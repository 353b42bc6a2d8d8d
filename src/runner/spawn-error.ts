// Turns a failure to start a hook process into one clear sentence naming the command, the errno and the cause.
// It only formats; it never retries or throws.
import { statSync } from 'node:fs';

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  ENOEXEC: 'exec format error',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  E2BIG: 'argument list too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in system',
  EAGAIN: 'resource temporarily unavailable',
  ENOMEM: 'out of memory',
  EPERM: 'operation not permitted',
};

export function describeSpawnError(file: string, cwd: string, error: unknown): string {
  const code = errorCode(error);
  const cwdProblem = describeCwdProblem(cwd);
  if (cwdProblem !== undefined) return `cannot start "${file}": ${cwdProblem}${code ? ` (spawn ${code})` : ''}`;
  if (code !== undefined) return `cannot start "${file}": ${code} (${ERRNO_TEXT[code] ?? 'spawn failed'})`;
  const message = error instanceof Error ? error.message : String(error);
  return `cannot start "${file}": ${message}`;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** Node reports a bad cwd as `spawn <file> ENOENT`, which blames the command; say what is really wrong. */
function describeCwdProblem(cwd: string): string | undefined {
  try {
    if (!statSync(cwd).isDirectory()) return `working directory "${cwd}" is not a directory`;
    return undefined;
  } catch (error) {
    const code = errorCode(error) ?? 'error';
    return `working directory "${cwd}" is not accessible: ${code} (${ERRNO_TEXT[code] ?? 'stat failed'})`;
  }
}
