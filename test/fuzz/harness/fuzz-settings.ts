// The fuzz suite's knobs: a fixed seed and small run counts in CI; HOOKD_FUZZ_SEED and HOOKD_FUZZ_RUNS (a
// multiplier of every property's CI run count) for longer runs (scripts/fuzz.mjs sets both). No properties here.
import type fc from 'fast-check';

const CI_SEED = 20_260_808;

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

/** The seed every property uses: HOOKD_FUZZ_SEED, else the fixed CI seed. */
export const FUZZ_SEED = envNumber('HOOKD_FUZZ_SEED') ?? CI_SEED;
/** Every property runs this many times its CI count (HOOKD_FUZZ_RUNS, default 1). */
export const FUZZ_MULTIPLIER = Math.max(1, envNumber('HOOKD_FUZZ_RUNS') ?? 1);
const LONG_RUN = FUZZ_MULTIPLIER > 1 || process.env.HOOKD_FUZZ_SEED !== undefined;

/**
 * fc.assert parameters for a property that runs `ciRuns` times in CI. In CI the property also stops starting new
 * runs after `ciBudgetMs` (shrinking a failure included), so a loaded machine never blows the suite's time; a
 * failure found until then is still reported with its seed and path.
 */
export function fuzzParameters<T>(ciRuns: number, ciBudgetMs: number): fc.Parameters<T> {
  return {
    seed: FUZZ_SEED,
    numRuns: Math.round(ciRuns * FUZZ_MULTIPLIER),
    ...(LONG_RUN ? {} : { interruptAfterTimeLimit: ciBudgetMs }),
  };
}

/** A vitest timeout for a property with this CI budget: generous, and scaled for long runs. */
export function fuzzTimeout(ciBudgetMs: number): number {
  return LONG_RUN ? 3_600_000 : ciBudgetMs * 2 + 60_000;
}
