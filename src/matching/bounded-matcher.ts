// A regex matcher's predicate with bounded cost: re2js in this thread while program size × target length is small, else
// the worker under a deadline. Decision: a test past the deadline counts as no match, is reported once, and disables the
// matcher until its configuration is loaded again, so one bad pattern costs one deadline, not one per event.
import type { RE2JS } from 're2js';
import { warnAboutMatcher } from './matcher-warnings.js';
import { matchDeadline, testInWorker, type RegexEngine } from './regex-worker.js';

export type MatchFn = (target: string | undefined) => boolean;

/** Longer regex matchers are refused at load (a diagnostic): compile time and match cost grow with the pattern. */
export const MAX_PATTERN_LENGTH = 4096;

/** re2js instructions × target characters that may run in this thread (about 10-40 ms at worst). */
const IN_THREAD_BUDGET = 4_000_000;

export type BoundedMatcherSpec = {
  /** The pattern as written (named in warnings). */
  readonly pattern: string;
  /** Where it is configured, e.g. `/repo/.claude/settings.json hooks.PreToolUse[0].matcher`. */
  readonly label: string;
  /** What the worker runs: the engine whose meaning the pattern has, and the source it compiles. */
  readonly engine: RegexEngine;
  readonly workerSource: string;
  /** The same test in linear time, when it exists. */
  readonly linear?: RE2JS;
  /** `linear` is exact only on targets without surrogate code units (an `annex-b` translation): others go to the worker. */
  readonly linearOnlyWithoutSurrogates?: boolean;
};

const SURROGATE = /[\uD800-\uDFFF]/;

/** Undefined, or why the pattern is too long to compile. */
export function patternLengthProblem(pattern: string): string | undefined {
  if (pattern.length <= MAX_PATTERN_LENGTH) return undefined;
  return `the pattern is ${pattern.length} characters long, over the limit of ${MAX_PATTERN_LENGTH}`;
}

/** An undefined target (the event has no match field) always matches. */
export function boundedMatchFn(spec: BoundedMatcherSpec): MatchFn {
  const { linear } = spec;
  const programSize = linear?.programSize() ?? 0;
  let disabled = false;
  return (target) => {
    if (target === undefined) return true;
    if (disabled) return false;
    const linearExact = linear !== undefined && !(spec.linearOnlyWithoutSurrogates === true && SURROGATE.test(target));
    if (linearExact && programSize * (target.length + 1) <= IN_THREAD_BUDGET) return linear.test(target);
    const verdict = testInWorker(spec.engine, spec.workerSource, target);
    if (verdict === 'timeout') {
      disabled = true;
      warnAboutMatcher(
        `matcher ${JSON.stringify(spec.pattern)} (${spec.label}) took over ${matchDeadline()} ms on ${describeTarget(target)}: ` +
          'it counts as not matching and is disabled until its configuration is loaded again',
      );
      return false;
    }
    if (verdict === 'unavailable') {
      warnAboutMatcher(`matcher ${JSON.stringify(spec.pattern)} (${spec.label}) could not be tested on ${describeTarget(target)}: it counts as not matching`);
      return false;
    }
    return verdict === 'match';
  };
}

function describeTarget(target: string): string {
  return target.length <= 80 ? JSON.stringify(target) : `a ${target.length}-character name`;
}
