// Why each hook would or would not fire on one event: walks every configured, programmatic and not-loaded hook
// through the same selection steps the dispatch takes (hook-selection.ts) and words each verdict. Never runs,
// renders or spawns anything, and changes no state (a `once` hook is not spent).
import type { EventName, EventParams, ExplainReason, ExplainResult, HookExplanation } from '../protocol/index.js';
import type { Dialect, EventContext, HookSpec } from './dialect.js';
import { eventContext, placementOf } from './dispatcher.js';
import { executionOf } from './execution-plan.js';
import { reviewBlock, reviewBlockDetail } from './review-gate.js';
import { candidacyBlock, eligibilitySteps, matcherAccepts, runsInBackground, type CandidacyBlock } from './hook-selection.js';
import { describeCommand } from './registry.js';
import type { TrustView } from './trust-state.js';

export type ExplainRequest = {
  readonly dialect: Dialect;
  readonly event: EventName;
  readonly params: EventParams;
  readonly workspace: string;
  /** The event's configured and programmatic hooks in dispatch order (registry.dispatchOrder). */
  readonly ordered: readonly HookSpec[];
  /** Every other hook (configured, programmatic, not loaded), in configured order. */
  readonly others: readonly HookSpec[];
  readonly trust: TrustView;
  /** A `once` hook already ran in this session. */
  readonly onceSpent: (hook: HookSpec) => boolean;
  /** The dispatch starts async handlers in the background (a server session; `hookd test` waits for them). */
  readonly backgroundRuns: boolean;
  /** The trust key's state is `modified`: why, in a sentence (the engine knows the hashes). */
  readonly modifiedWhy?: (hook: HookSpec) => string;
  /** The dialect's review state file (Dialect.reviewStore), named when a reviewed hook is not runnable. */
  readonly reviewStatePath?: string;
};

/** Long values (a tool input, a prompt) are shown cut to this many characters. */
const SHOWN_CHARS = 160;

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

function matcherText(hook: HookSpec): string {
  return hook.matcher === undefined ? 'no matcher' : `matcher ${JSON.stringify(hook.matcher)}`;
}

function matchDetail(hook: HookSpec, event: EventName, field: string | undefined, target: string | undefined, accepted: boolean): string {
  if (target === undefined) return `${event} has no matcher field: ${matcherText(hook)}, every hook of the event matches`;
  const against = `${field ?? 'the match target'} ${JSON.stringify(target)}`;
  if (accepted && (hook.matcher === undefined || hook.matcher === '' || hook.matcher === '*')) return `${matcherText(hook)}: matches everything (${against})`;
  return `${matcherText(hook)} tried against ${against}: ${accepted ? 'match' : 'no match'}`;
}

/** What a condition is tested against: the tool call on tool events, else the event as a whole. */
function conditionSubject(context: EventContext): string {
  const { params } = context;
  if (params.toolName === undefined) return `this ${context.event}`;
  return `tool_name ${JSON.stringify(params.toolName)} with tool_input ${shown(params.toolInput ?? {})}`;
}

function blockDetail(block: CandidacyBlock, hook: HookSpec, request: ExplainRequest): string {
  if (reviewBlock(hook) === block && hook.disabled !== true) return reviewBlockDetail(hook, request.reviewStatePath);
  switch (block) {
    case 'disabled':
      return hook.disabledBy ?? `disabled in ${hook.source}`;
    case 'untrusted':
      return `${hook.source} needs trust: "${hook.trustKey ?? ''}" is not trusted (trust/set)`;
    case 'modified':
      return request.modifiedWhy?.(hook) ?? `${hook.source} changed since "${hook.trustKey ?? ''}" was trusted: review and trust it again (trust/set)`;
    case 'awaiting_approval':
      return `it awaits approval (hooks/approve, or trust/set "${hook.trustKey ?? ''}"): it does not fire until approved`;
    case 'denied':
      return `its approval was denied for this hookd process (for its current declaration): it does not fire`;
    case 'once':
      return `"once": it already ran in session ${JSON.stringify(request.params.session.id)}`;
  }
}

type Verdict = { readonly verdict: HookExplanation['verdict']; readonly reason: ExplainReason; readonly detail: string };
type Extra = { readonly matches?: boolean; readonly duplicateOf?: string; readonly background?: boolean; readonly cwd?: string };

function explained(hook: HookSpec, verdict: Verdict, extra: Extra): HookExplanation {
  const at = hook.location;
  return {
    id: hook.id,
    event: hook.event,
    source: at?.file ?? hook.source,
    ...(at?.line !== undefined ? { line: at.line } : {}),
    ...(at?.column !== undefined ? { column: at.column } : {}),
    scope: hook.scope,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    handlerType: hook.handler.type,
    command: describeCommand(hook),
    ...(hook.condition !== undefined ? { condition: hook.condition } : {}),
    ...(hook.trustKey !== undefined ? { trustKey: hook.trustKey } : {}),
    ...verdict,
    ...extra,
  };
}

function skipped(hook: HookSpec, reason: ExplainReason, detail: string, extra: Extra = {}): HookExplanation {
  return explained(hook, { verdict: 'skipped', reason, detail }, extra);
}

export function explainEvent(request: ExplainRequest): ExplainResult {
  const { dialect, event, params } = request;
  const context = eventContext(event, params, request.workspace);
  const target = dialect.matchTarget(event, params);
  const field = dialect.matchTargetField?.(event);
  const out: HookExplanation[] = [];
  const candidates: HookSpec[] = [];
  const blocked = new Map<HookSpec, CandidacyBlock>();
  for (const hook of request.ordered) {
    const block = candidacyBlock(hook, request.trust, request.onceSpent);
    if (block === undefined) candidates.push(hook);
    else blocked.set(hook, block);
  }
  const steps = new Map(eligibilitySteps(candidates, target, context).map((step) => [step.hook, step]));
  for (const hook of request.ordered) {
    const accepted = matcherAccepts(hook, target);
    const match = matchDetail(hook, event, field, target, accepted);
    const block = blocked.get(hook);
    if (block !== undefined) {
      out.push(skipped(hook, block, `${blockDetail(block, hook, request)} (${match})`, { matches: accepted }));
      continue;
    }
    const step = steps.get(hook);
    if (step?.skip === 'matcher-mismatch') out.push(skipped(hook, 'matcher-mismatch', match, { matches: false }));
    else if (step?.skip === 'condition')
      out.push(skipped(hook, 'condition', `${hook.condition ?? 'its condition'} does not match ${conditionSubject(context)} (${match})`, { matches: true }));
    else if (step?.skip === 'deduplicated')
      out.push(
        skipped(hook, 'deduplicated', `same handler as ${step.duplicateOf?.id ?? 'an earlier hook'}, which runs instead: it runs once per event (${match})`, {
          matches: true,
          ...(step.duplicateOf !== undefined ? { duplicateOf: step.duplicateOf.id } : {}),
        }),
      );
    else out.push(fires(hook, match, context, request));
  }
  for (const hook of request.others) {
    // A guard put under the wrong event: say whether it would have matched here.
    const wouldMatch = target !== undefined && hook.matcher !== undefined && matcherAccepts(hook, target) ? `; its ${matcherText(hook)} would match ${field ?? 'the match target'} ${JSON.stringify(target)} here` : '';
    out.push(skipped(hook, 'wrong-event', `configured for ${hook.event}, not ${event}${wouldMatch}${hook.disabled === true ? ` (and ${hook.disabledBy ?? 'disabled'})` : ''}`));
  }
  const firing = [...steps.values()].filter((step) => step.skip === undefined).map((step) => step.hook);
  const notes =
    firing.length > 1 && executionOf(dialect, context, firing) === 'sequential' && out.filter((entry) => entry.verdict === 'fires').length > 1
      ? [`the ${dialect.name} dialect runs hooks in sequence: a hook's decision can stop the ones after it, which no explanation can know before they run`]
      : [];
  return { event, ...(target !== undefined ? { matchTarget: { field: field ?? 'matchTarget', value: target } } : {}), hooks: out, notes };
}

function fires(hook: HookSpec, match: string, context: EventContext, request: ExplainRequest): HookExplanation {
  const background = runsInBackground(hook, request.backgroundRuns);
  const cwd = context.serverOwned === true && hook.serverOwnedPlacement !== undefined ? placementOf(context, hook).cwd : undefined;
  const notes = [
    ...(hook.condition !== undefined ? [`${hook.condition} matches`] : []),
    ...(background ? ['runs in the background (async): the event does not wait for it and it cannot decide'] : []),
    ...(cwd !== undefined ? [`server-owned event: runs in ${cwd}`] : []),
  ];
  return explained(
    hook,
    { verdict: 'fires', reason: 'matched', detail: [match, ...notes].join('; ') },
    { matches: true, ...(background ? { background: true } : {}), ...(cwd !== undefined ? { cwd } : {}) },
  );
}
