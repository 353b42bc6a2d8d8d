// `hookd check` for Bamboo: handlers that an earlier handler's `allow` can hide. "A control decision stops normal
// dispatch", so on a decision event a first `allow` answers for the tool and a later `block` never runs. Static
// words only; must not run or read handlers (what one prints is unknowable here).
import type { HookSpec } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { ruleOf } from './event-rules.js';

/** Tool names tried as witnesses of an overlap, besides the names spelt in the matchers themselves. */
const COMMON_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch', 'Task', 'TodoWrite'];
/** Past these, checking stops with a note: a file of 100,000 handlers must not make `check` quadratic. */
const MAX_PAIR_CHECKS = 200_000;
const MAX_WARNINGS = 50;
const MAX_NAMED = 3;

/** Plain names in a matcher such as `^(Write|Edit)$`, `^Bash$|^Read$`, `mcp__fs__read`: probes, not a regex parser. */
function literalNames(matcher: string): string[] {
  const bare = matcher.replace(/^\(\?i\)/, '');
  const inner = /^\^?\((?:\?:)?([^()]*)\)\$?$/.exec(bare)?.[1] ?? bare;
  return inner
    .split('|')
    .map((alternative) => alternative.replace(/^(\^|\\A)/, '').replace(/(\$|\\z)$/, ''))
    .filter((name) => /^[A-Za-z0-9_]+$/.test(name));
}

type Overlap = { readonly tool?: string };

/** What the overlap test needs of a hook, computed once: the names spelt in its matcher, the common tools it matches. */
type Probe = { readonly hook: HookSpec; readonly names: readonly string[]; readonly common: ReadonlySet<string>; readonly matchesAll: boolean };

function probeOf(hook: HookSpec): Probe {
  const matchesAll = hook.matcher === undefined || hook.matcher === '';
  const names = matchesAll ? [] : literalNames(hook.matcher ?? '');
  return { hook, names, common: new Set(COMMON_TOOLS.filter((name) => hook.matches(name))), matchesAll };
}

/** Whether both hooks can run for one tool call, and a tool name that shows it when there is one. */
function overlap(first: Probe, second: Probe): Overlap | undefined {
  if (!ruleOf(first.hook.event).toolEvent || (first.matchesAll && second.matchesAll)) return {};
  const tool =
    first.names.find((name) => second.hook.matches(name) && first.hook.matches(name)) ??
    second.names.find((name) => first.hook.matches(name) && second.hook.matches(name)) ??
    COMMON_TOOLS.find((name) => first.common.has(name) && second.common.has(name));
  if (tool !== undefined) return { tool };
  // One of them has no matcher: it runs for every tool, so whatever the other matches, both run.
  return first.matchesAll || second.matchesAll ? {} : undefined;
}

const quoteIds = (hooks: readonly HookSpec[]) => hooks.map((hook) => hook.id).join(', ');

/**
 * One warning per handler that an earlier handler of the same event (configured order, user file first; disabled
 * ones never run and are skipped) can hide: both run for some tool call (a non-tool event always; on PreToolUse and
 * PostToolUse when a tool name, spelt in either matcher or a common one, matches both, or one has no matcher).
 */
export function lintShadowing(hooks: readonly HookSpec[]): Diagnostic[] {
  const byEvent = new Map<string, Probe[]>();
  for (const hook of hooks) {
    if (hook.disabled === true || ruleOf(hook.event).kind !== 'decision') continue;
    const list = byEvent.get(hook.event) ?? [];
    list.push(probeOf(hook));
    byEvent.set(hook.event, list);
  }
  const out: Diagnostic[] = [];
  let checks = 0;
  let more = 0;
  for (const [event, list] of byEvent) {
    for (let later = 1; later < list.length; later++) {
      const hiddenProbe = list[later] as Probe;
      const hidden = hiddenProbe.hook;
      const earlier: HookSpec[] = [];
      let tool: string | undefined;
      for (let before = 0; before < later && earlier.length < MAX_NAMED && checks < MAX_PAIR_CHECKS; before++, checks++) {
        const candidate = list[before] as Probe;
        const found = overlap(candidate, hiddenProbe);
        if (found === undefined) continue;
        earlier.push(candidate.hook);
        tool ??= found.tool;
      }
      if (checks >= MAX_PAIR_CHECKS) {
        out.push({ severity: 'info', code: 'lint-stopped', message: `check stopped looking for handlers an earlier allow hides after ${MAX_PAIR_CHECKS} comparisons` });
        return out;
      }
      if (earlier.length === 0) continue;
      if (out.length >= MAX_WARNINGS) {
        more++;
        continue;
      }
      const on = tool !== undefined ? `${event} (both run for "${tool}")` : event;
      const message =
        earlier.length === 1
          ? `handler ${quoteIds(earlier)} runs before ${hidden.id} on ${on}: if ${quoteIds(earlier)} answers allow, ${hidden.id} (which may block) does not run`
          : `handlers ${quoteIds(earlier)} run before ${hidden.id} on ${on}: if one of them answers allow, ${hidden.id} (which may block) does not run`;
      out.push({ severity: 'warning', file: hidden.source, field: fieldOf(hidden), code: 'allow-hides-later-handler', message });
    }
  }
  if (more > 0) out.push({ severity: 'warning', code: 'allow-hides-later-handler', message: `and ${more} more handler(s) an earlier allow can hide, not listed` });
  return out;
}

/** `user:PreToolUse[0].hooks[1]` → `lifecycle_hooks.PreToolUse[0].hooks[1]`. */
function fieldOf(hook: HookSpec): string {
  return `lifecycle_hooks.${hook.id.slice(hook.id.indexOf(':') + 1)}`;
}
