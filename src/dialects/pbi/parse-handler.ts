// One pbi handler object (facts §1, seed 003 "Only type: "command" runs today") → the fields the key, hash and runner
// need, or problems with paths relative to it. Python's reading of values (truthiness, int()); must not know files.
import type { Node } from 'jsonc-parser';
import { normalizeTimeout } from './hook-hash.js';
import { isObjectNode, literalText, member, plainValue, truthy } from './json-view.js';
import { pythonInt, pythonStrip } from './python-int.js';

export type ParsedPbiHandler = {
  /** After defaulting: missing, null or any falsy value → "command" (only "command" is ever returned). */
  readonly type: 'command';
  /** As written (not trimmed): the hash covers it; the identity and the runner use it as pbi-agent does. */
  readonly command: string;
  /** normalizeTimeout's seconds (what the hash covers). */
  readonly timeoutSeconds: bigint;
  /** True when `timeout` was given (not absent or null). */
  readonly explicitTimeout: boolean;
  /** "" when absent or not a string. */
  readonly statusMessage: string;
  /** `managed` is truthy as written (only a trusted managed source honours it). */
  readonly managedDeclared: boolean;
};

export type HandlerProblem = { readonly code: string; readonly message: string; readonly path: readonly (string | number)[]; readonly node?: Node };

/** Handler types pbi-agent parses but does not run. */
const KNOWN_SKIPPED: Readonly<Record<string, string>> = {
  prompt: 'prompt handlers are parsed but not run: only type "command" runs today',
  agent: 'agent handlers are parsed but not run: only type "command" runs today',
};

/**
 * Skipped (a warning, no handler): not an object; a `type` other than "command" (case-sensitive: "Command" is not
 * it; prompt and agent are parsed and skipped); `async` truthy; `command` not a string or blank. Kept with a warning:
 * a `timeout` pbi-agent crashes on (Infinity, 1e400: 600 s), one that int() refuses or that is below 1 (pbi-agent
 * silently uses 600 s or 1 s); a `statusMessage` that is not a string (ignored). Unknown fields are ignored (as
 * pbi-agent: a Codex-style file may carry more).
 */
export function parsePbiHandler(raw: Node, text: string): { readonly handler?: ParsedPbiHandler; readonly problems: readonly HandlerProblem[] } {
  const problems: HandlerProblem[] = [];
  if (!isObjectNode(raw)) return { problems: [{ code: 'invalid-handler', message: 'a hook handler must be an object', path: [] }] };
  const field = (name: string): Node | undefined => member(raw, name)?.value;

  const typeNode = field('type');
  if (truthy(typeNode) && typeNode !== undefined && typeNode.value !== 'command') {
    const written = typeNode.type === 'string' ? String(typeNode.value) : JSON.stringify(plainValue(typeNode));
    const why = KNOWN_SKIPPED[written] ?? (written.toLowerCase() === 'command' ? 'type is case-sensitive: write "command"' : 'only type "command" runs');
    return { problems: [{ code: 'unsupported-handler-type', message: `skipping unsupported hook type ${JSON.stringify(written)} (${why})`, path: ['type'], node: typeNode }] };
  }
  const asyncNode = field('async');
  if (truthy(asyncNode)) {
    return { problems: [{ code: 'async-handler', message: 'skipping async command hook ("async" handlers are parsed but not run)', path: ['async'], ...(asyncNode !== undefined ? { node: asyncNode } : {}) }] };
  }
  const commandNode = field('command');
  const command: unknown = commandNode?.type === 'string' ? commandNode.value : undefined;
  if (typeof command !== 'string' || pythonStrip(command) === '') {
    return { problems: [{ code: 'missing-command', message: 'command hook missing "command" (a non-empty string)', path: ['command'], ...(commandNode !== undefined ? { node: commandNode } : {}) }] };
  }

  const timeoutNode = field('timeout');
  const timeoutValue = timeoutNode === undefined ? undefined : plainValue(timeoutNode);
  const timeout = normalizeTimeout(timeoutValue, timeoutNode?.type === 'number' ? literalText(text, timeoutNode) : undefined);
  if (timeoutNode !== undefined && timeoutValue !== null) {
    const at = { path: ['timeout'], node: timeoutNode };
    const converted = pythonInt(timeoutValue, timeoutNode.type === 'number' ? literalText(text, timeoutNode) : undefined);
    if (timeout.error !== undefined) problems.push({ code: 'invalid-timeout', message: `${timeout.error}; ${timeout.seconds} s applies`, ...at });
    else if (converted.kind === 'invalid') problems.push({ code: 'invalid-timeout', message: `"timeout" ${JSON.stringify(timeoutValue)} is not a whole number of seconds; ${timeout.seconds} s applies (as pbi-agent)`, ...at });
    else if (converted.kind === 'ok' && converted.value < 1n) problems.push({ code: 'invalid-timeout', message: `"timeout" ${JSON.stringify(timeoutValue)} is below 1 second; 1 s applies (as pbi-agent)`, ...at });
  }

  const statusNode = field('statusMessage');
  let statusMessage = '';
  if (statusNode?.type === 'string') statusMessage = String(statusNode.value);
  else if (statusNode !== undefined && statusNode.type !== 'null') {
    problems.push({ code: 'invalid-status-message', message: '"statusMessage" must be a string; ignored', path: ['statusMessage'], node: statusNode });
  }

  return {
    handler: {
      type: 'command',
      command,
      timeoutSeconds: timeout.seconds,
      explicitTimeout: timeoutValue !== undefined && timeoutValue !== null,
      statusMessage,
      managedDeclared: truthy(field('managed')),
    },
    problems,
  };
}
