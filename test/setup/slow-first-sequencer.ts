// The order vitest starts test files in: the few files that take minutes first, then vitest's own order (on a clean
// CI clone, with no duration cache, that is the largest file first). Started last, pack-install alone (~2–5 min of
// npm installs) would run on one worker after the other went idle; started first, it overlaps everything else.
// Owns ordering only: which files run and how is vitest's config.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The long poles of a CI run (measured on CI's 2 cores), longest first. */
export const SLOW_FILES: readonly string[] = [
  'test/e2e/pack-install.test.ts',
  'test/e2e/claude-reference-examples.test.ts',
  'test/e2e/ts-client-outside-repo.test.ts',
  'test/e2e/protocol.test.ts',
  'test/e2e/pbi-cli.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
