// `hookd test --explain`: the lines that show, for every configured hook, whether it fires on the event and why
// not (one line per hook). Formatting only; the verdicts are the engine's (Engine.explain).
import type { ExplainResult, HookExplanation } from '../protocol/index.js';

function where(hook: HookExplanation): string {
  return `${hook.source}${hook.line !== undefined ? `:${hook.line}` : ''}`;
}

/** `  <id>: fires — <detail> (<file:line>)` or `  <id>: skipped — <reason>: <detail> (<file:line>)`. */
export function explainLine(hook: HookExplanation): string {
  const verdict = hook.verdict === 'fires' ? `fires — ${hook.detail}` : `skipped — ${hook.reason}: ${hook.detail}`;
  return `  ${hook.id}: ${verdict} (${where(hook)})`;
}

export function explainLines(explanation: ExplainResult): string[] {
  const target = explanation.matchTarget === undefined ? 'no matcher field' : `matchers tried against ${explanation.matchTarget.field} ${JSON.stringify(explanation.matchTarget.value)}`;
  const firing = explanation.hooks.filter((hook) => hook.verdict === 'fires').length;
  return [
    `explain ${explanation.event} (${target}): ${firing} of ${explanation.hooks.length} configured hook(s) fire`,
    ...explanation.hooks.map(explainLine),
    ...explanation.notes.map((note) => `  note: ${note}`),
  ];
}
