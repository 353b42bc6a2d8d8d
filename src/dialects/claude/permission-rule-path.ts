// Path content of a Claude Code permission rule for file tools (`Edit(src/**)`, `Read(~/.ssh/*)`, `Edit(//tmp/x)`):
// gitignore-style patterns compiled with picomatch and matched against an absolute path. POSIX paths; bounded.
import path from 'node:path';
import picomatch from 'picomatch';

/** Longer paths are not matched: the rule fails open (the hook runs). Linux's PATH_MAX. */
export const MAX_PATH_CHARS = 4096;

export type PathBases = {
  /** `/path` patterns: the project root of the settings file (hookd: the workspace). */
  readonly root: string;
  readonly home: string;
};

/**
 * True when `file` (absolute, or relative to `cwd`) matches; `cwd` is the session's current directory (the base of
 * relative patterns). A path over MAX_PATH_CHARS counts as matching (the filter fails open).
 */
export type PathPattern = (file: string, cwd: string) => boolean;

/**
 * Claude Code's four pattern kinds: `//abs` (from the filesystem root), `~/path` (home), `/path` (the project root),
 * `path` or `./path` (the current directory). As in gitignore, a pattern without a `/` except a trailing one matches
 * at any depth below its base (`*.ts`, `.env`), one with a `/` is anchored to its base (`src/**` matches only
 * `<cwd>/src/...`), a trailing `/` or `/**` also covers the directory itself, and a matching directory covers
 * everything inside it. `*` and `?` stay within one segment, `**` crosses them; dotfiles match; no braces, no
 * extglobs, no negation.
 */
export function compilePathPattern(pattern: string, bases: PathBases): PathPattern {
  let base: ((cwd: string) => string) | undefined;
  let relative = pattern;
  let anchored = true;
  if (pattern.startsWith('//')) {
    base = () => '/';
    relative = pattern.slice(2);
  } else if (pattern === '~' || pattern.startsWith('~/')) {
    base = () => bases.home;
    relative = pattern.slice(2);
  } else if (pattern.startsWith('/')) {
    base = () => bases.root;
    relative = pattern.slice(1);
  } else if (pattern.startsWith('./')) {
    relative = pattern.slice(2);
  } else {
    anchored = relative.replace(/\/+$/, '').includes('/');
  }
  const baseOf = base ?? ((cwd: string) => cwd);
  let glob = relative.replace(/\/+$/, relative.endsWith('/') ? '/**' : '');
  if (!anchored) glob = `**/${glob}`;
  const coversItself = glob.endsWith('/**');
  const isMatch = picomatch(glob === '' ? '**' : glob, { dot: true, nobrace: true, noextglob: true, nonegate: true });
  const dirMatch = coversItself ? picomatch(glob.slice(0, -3), { dot: true, nobrace: true, noextglob: true, nonegate: true }) : undefined;

  return (file, cwd) => {
    if (file.length > MAX_PATH_CHARS || cwd.length > MAX_PATH_CHARS) return true; // fails open: the hook runs
    const rel = path.relative(path.resolve(baseOf(cwd)), path.resolve(cwd, file));
    if (rel === '') return glob === '**';
    if (rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) return false;
    // gitignore: a path matches when it or one of its parent directories does.
    const segments = rel.split('/');
    for (let count = segments.length; count >= 1; count--) {
      const candidate = segments.slice(0, count).join('/');
      if (isMatch(candidate) || (dirMatch !== undefined && dirMatch(candidate))) return true;
    }
    return false;
  };
}
