// locate.ts finds native/build/hookd-supervisor under the package root from wherever its code runs: src/ under
// vitest, dist/runner/supervisor/ unbundled, or dist/ inside the bundled dist/hookd.cjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot, SUPERVISOR_BINARY } from '../../../src/runner/supervisor/locate.js';
import { scratchDir } from '../../helpers/scratch.js';

describe('supervisor binary location', () => {
  it('the package root is the nearest directory above with a package.json, at any depth the code runs from', () => {
    const root = scratchDir('hookd-locate-');
    writeFileSync(join(root, 'package.json'), '{}');
    const unbundled = join(root, 'dist', 'runner', 'supervisor');
    mkdirSync(unbundled, { recursive: true });
    expect(packageRoot(unbundled)).toBe(root);
    expect(packageRoot(join(root, 'dist'))).toBe(root);
    expect(packageRoot(root)).toBe(root);
  });

  it('with no package.json within reach the start directory is kept', () => {
    const bare = join(scratchDir('hookd-locate-bare-'), 'a');
    mkdirSync(bare);
    // The scratch dir sits under the temp dir, which has no package.json up to /.
    expect(packageRoot(bare)).toBe(bare);
  });

  it('this checkout resolves the binary under its own native/build', () => {
    expect(SUPERVISOR_BINARY).toBe(join(process.cwd(), 'native', 'build', 'hookd-supervisor'));
  });
});
