// Where the native supervisor binary is: native/build/hookd-supervisor under the package root, which is the nearest
// directory holding a package.json above this module (src/runner/supervisor/ under vitest, dist/runner/supervisor/
// unbundled, dist/ in the bundled dist/hookd.cjs), and whether it is there and executable. Lookup only.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory at or above `start` that holds a package.json (at most 8 levels up), else `start`. */
export function packageRoot(start: string): string {
  let dir = start;
  for (let level = 0; level < 8; level += 1) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return start;
}

/** The binary scripts/build-native.mjs builds (gitignored; absent where no C compiler was available). */
export const SUPERVISOR_BINARY = join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'native', 'build', 'hookd-supervisor');

/** Why `binary` cannot be started, or undefined when it is an executable file. */
export function supervisorBinaryProblem(binary: string): string | undefined {
  try {
    if (!statSync(binary).isFile()) return `${binary} is not a file`;
    accessSync(binary, constants.X_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `${binary} does not exist (hookd was built without a C compiler — install cc and run npm run build)`;
    return `${binary} is not executable (${code ?? String(error)})`;
  }
}
