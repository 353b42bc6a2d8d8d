// A handler's `if` field (one Claude Code permission rule), for every handler type: compiled on tool events, the
// handler skipped on other events (Claude Code never runs it there). Must not know the handler's other fields.
import { homedir } from 'node:os';
import type { EventName } from '../../protocol/index.js';
import { EVENT_RULES } from './event-rules.js';
import type { HandlerProblem } from './parse-handler.js';
import { parsePermissionRule } from './permission-rule.js';
import { compileIfCondition, type IfCondition } from './permission-rule-match.js';

export type HandlerCondition = IfCondition & { readonly text: string };

export type IfParse = { readonly problems: readonly HandlerProblem[]; readonly skip: boolean; readonly condition?: HandlerCondition };

/** `rule`: the `if` value, already checked to be a string; `home`: the base of `~/` paths (default: this user's). */
export function parseIfField(rule: string, event: EventName, workspace: string, home?: string): IfParse {
  if (!EVENT_RULES[event].toolEvent) {
    const message = `"if" applies only to tool events; Claude Code never runs this handler on ${event}; handler skipped`;
    return { problems: [{ severity: 'warning', code: 'if-on-non-tool-event', message, path: ['if'] }], skip: true };
  }
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok) {
    const message = `handler field "if" is not one permission rule: ${parsed.error}; handler skipped`;
    return { problems: [{ severity: 'error', code: 'invalid-if', message, path: ['if'] }], skip: true };
  }
  const compiled = compileIfCondition(parsed.rule, { root: workspace, home: home ?? homedir() });
  const problems: HandlerProblem[] = compiled.notice === undefined ? [] : [{ severity: 'info', code: 'if-content-unknown', message: compiled.notice, path: ['if'] }];
  return { problems, skip: false, condition: { ...compiled, text: `if ${JSON.stringify(rule)}` } };
}
