import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/setup/slow-first-sequencer.js';

export default defineConfig({
  test: {
    setupFiles: ['test/setup/remove-scratch.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at once on CI's two cores (vitest's default is one fewer than the cores, i.e. one file at a time
    // there). Tests never depend on wall-clock speed and find their processes by per-test marks, so files running
    // side by side are safe.
    maxWorkers: 2,
    // The minutes-long files start first, so they overlap the rest instead of trailing it.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // Files that import hookd's modules and test them in-process: one worker runs many files in turn (no fresh
        // fork and module graph per file). Measured on the 2-core machine, test/unit's 165 files: 157 s wall and
        // 271 s CPU isolated, 57 s and 98 s shared (vitest's "import" phase 82 → 14 s); integration, fuzz and
        // conformance 126 → 107 s. Every one of them passes either way.
        extends: true,
        test: { name: 'in-process', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/fuzz/**/*.test.ts', 'test/conformance/**/*.test.ts'], isolate: false },
      },
      {
        // Files that drive built programs (sidecars, CLIs, browsers, npm installs) and may change process state (env,
        // cwd, signal handlers) on their way: a fresh fork each. Their import cost is small beside their processes.
        extends: true,
        test: { name: 'processes', include: ['test/e2e/**/*.test.ts', 'clients/typescript/test/**/*.test.ts'], isolate: true },
      },
    ],
  },
});
