// Bonsai's tool and path globs: picomatch with `dot: true` over normalised relative paths. Compiles once, at load;
// an invalid glob is an error the loader reports for that hook only. Pure; never touches the file system.
import picomatch from 'picomatch';

export type CompiledGlob = { readonly ok: true; readonly test: (value: string) => boolean } | { readonly ok: false; readonly error: string };

/** Longest glob accepted (picomatch builds a regular expression from it; bounded so a hostile file cannot bloat it). */
export const MAX_GLOB_LENGTH = 1024;

export function compileGlob(glob: string): CompiledGlob {
  if (glob.length === 0) return { ok: false, error: 'the glob is empty' };
  if (glob.length > MAX_GLOB_LENGTH) return { ok: false, error: `the glob is longer than ${MAX_GLOB_LENGTH} characters` };
  try {
    const test = picomatch(glob, { dot: true, strictBrackets: true });
    return { ok: true, test: (value) => test(value) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A path as bonsai globs see it: relative to the project root, `/`-separated, without a leading `./`. An absolute path
 * inside the workspace is made relative; one outside it stays absolute (so a relative glob never matches it).
 */
export function normalisePath(path: string, workspace: string): string {
  let value = path.replace(/\\/g, '/');
  const root = workspace.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root !== '' && value.startsWith(`${root}/`)) value = value.slice(root.length + 1);
  while (value.startsWith('./')) value = value.slice(2);
  return value.replace(/\/{2,}/g, '/');
}
