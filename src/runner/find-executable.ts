// Finds an executable the way a spawn would: a name with a slash is taken as a path, otherwise each PATH entry
// is tried in order. Lookup only; it never starts anything.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Absolute path of `name` as found on `env.PATH` (Windows: also with PATHEXT suffixes); undefined if none. */
export function findExecutable(name: string, env: Readonly<Record<string, string>>): string | undefined {
  if (name.includes('/') || (process.platform === 'win32' && name.includes('\\'))) {
    const path = isAbsolute(name) ? name : resolve(name);
    return isExecutableFile(path) ? path : undefined;
  }
  const searchPath = env.PATH ?? env.Path ?? '';
  const suffixes = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  for (const directory of searchPath.split(delimiter)) {
    if (directory === '') continue;
    for (const suffix of suffixes) {
      const candidate = join(directory, name + suffix);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}
