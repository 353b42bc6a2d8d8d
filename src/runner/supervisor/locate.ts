// Where the native supervisor binary is: native/build/hookd-supervisor in the package (the same three levels up from
// src/runner/supervisor/ and dist/runner/supervisor/), and whether it is there and executable. Lookup only.
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The binary scripts/build-native.mjs builds (gitignored; absent where no C compiler was available). */
export const SUPERVISOR_BINARY = fileURLToPath(new URL('../../../native/build/hookd-supervisor', import.meta.url));

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
