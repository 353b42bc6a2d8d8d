import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/setup/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'clients/typescript/test/**/*.test.ts'],
    setupFiles: ['test/setup/remove-scratch.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most test time is spent waiting on real processes (sidecars, hooks, chromium), not on the CPU: two files at once
    // on CI's two cores (vitest's default is one fewer than the cores, i.e. one file at a time there). Tests never
    // depend on wall-clock speed and find their processes by per-test marks, so files running side by side are safe.
    maxWorkers: 2,
    // The minutes-long files start first, so they overlap the rest instead of trailing it.
    sequence: { sequencer: SlowFirstSequencer },
  },
});
