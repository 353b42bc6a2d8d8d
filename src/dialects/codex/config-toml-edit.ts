// One `[hooks.state."<key>"]` change (enabled, trusted_hash set or removed) applied to config.toml's text, keeping
// every other byte: the table's own lines are edited in place, or a new table is appended at the end in the format
// Codex writes (`[hooks.state."<key>"]`, `enabled = …`, `trusted_hash = "…"`). Every result is re-parsed and must
// equal the old document with only that change, else nothing is written. Pure; must not read or write files.
import { isDeepStrictEqual } from 'node:util';
import { TomlError } from 'smol-toml';
import { parseCodexToml, tomlErrorMessage } from './config-toml.js';
import { keyValueLine, stateTableSpans } from './toml-state-lines.js';

/** `enabled`: set it; `trustedHash`: a string sets it, null removes it; an absent field is left as it is. */
export type HookStateChange = { readonly enabled?: boolean; readonly trustedHash?: string | null };

export type EditResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** A TOML basic string (what toml_edit writes for a key that is not bare, e.g. a path). */
export function tomlBasicString(value: string): string {
  const escaped = value.replace(/[\\"\u0000-\u001f\u007f]/g, (char) => {
    switch (char) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\b':
        return '\\b';
      case '\t':
        return '\\t';
      case '\n':
        return '\\n';
      case '\f':
        return '\\f';
      case '\r':
        return '\\r';
      default:
        return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
    }
  });
  return `"${escaped}"`;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** The parsed document as plain data (dates as their text) so two parses can be compared. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return { date: value.toISOString() };
  if (Array.isArray(value)) return value.map(plain);
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

function parsed(text: string): { ok: true; document: Record<string, unknown> } | { ok: false; reason: string } {
  try {
    return { ok: true, document: parseCodexToml(text) };
  } catch (error) {
    const at = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : '';
    return { ok: false, reason: `is not valid TOML${at} (${tomlErrorMessage(error)}); hookd never rewrites a file it cannot parse` };
  }
}

function valueLine(name: 'enabled' | 'trusted_hash', change: HookStateChange): string {
  return name === 'enabled' ? `enabled = ${String(change.enabled)}` : `trusted_hash = ${tomlBasicString(change.trustedHash as string)}`;
}

/** The entry after the change, as plain data. */
function changedEntry(entry: Record<string, unknown>, change: HookStateChange): Record<string, unknown> {
  const out = { ...entry };
  if (change.enabled !== undefined) out['enabled'] = change.enabled;
  if (change.trustedHash === null) delete out['trusted_hash'];
  else if (change.trustedHash !== undefined) out['trusted_hash'] = change.trustedHash;
  return out;
}

/** Fields the change writes, in the order Codex writes them. */
function writtenFields(change: HookStateChange): Array<'enabled' | 'trusted_hash'> {
  const out: Array<'enabled' | 'trusted_hash'> = [];
  if (change.enabled !== undefined) out.push('enabled');
  if (typeof change.trustedHash === 'string') out.push('trusted_hash');
  return out;
}

export function editHookState(text: string, key: string, change: HookStateChange): EditResult {
  const result = editHookStates(text, [{ key, change }]);
  const outcome = result.outcomes[0]!;
  return outcome.ok ? { ok: true, text: result.text } : outcome;
}

export type KeyedChange = { readonly key: string; readonly change: HookStateChange };
export type BatchResult = { readonly text: string; readonly outcomes: ReadonlyArray<{ readonly ok: true } | { readonly ok: false; readonly reason: string }> };

/**
 * The changes applied in order to `text`: the document is parsed once before and once after all of them (a batch
 * whose result is not exactly the expected document is redone one change at a time, each checked alone, so only a
 * change that cannot be made safely fails).
 */
export function editHookStates(text: string, changes: readonly KeyedChange[]): BatchResult {
  const before = parsed(text);
  if (!before.ok) return { text, outcomes: changes.map(() => before) };
  const attempt = applyAll(text, before.document, changes);
  const after = attempt.text === text ? before : parsed(attempt.text);
  if (after.ok && isDeepStrictEqual(plain(after.document), attempt.expected)) return attempt;
  if (changes.length === 1) {
    const reason = `could not be edited safely at [hooks.state.${tomlBasicString(changes[0]!.key)}] (the edit would change more than that entry); nothing was written`;
    return { text, outcomes: [{ ok: false, reason }] };
  }
  let current = text;
  const outcomes = changes.map((one) => {
    const single = editHookStates(current, [one]);
    current = single.text;
    return single.outcomes[0]!;
  });
  return { text: current, outcomes };
}

/** Each change's text edit, and the document (as plain data) the result must parse to. */
function applyAll(text: string, document: Record<string, unknown>, changes: readonly KeyedChange[]): BatchResult & { readonly expected: Record<string, unknown> } {
  const expected = plain(document) as Record<string, unknown>;
  let current = text;
  const outcomes = changes.map(({ key, change }) => {
    const edited = applyOne(current, expected, key, change);
    if (edited.ok) current = edited.text;
    return edited.ok ? ({ ok: true } as const) : edited;
  });
  return { text: current, outcomes, expected };
}

/** One change's text edit; on success `expected` (the document as plain data) is updated to match it. */
function applyOne(text: string, expected: Record<string, unknown>, key: string, change: HookStateChange): EditResult {
  const hooks = expected['hooks'];
  if (hooks !== undefined && !isTable(hooks)) return { ok: false, reason: 'has a hooks value that is not a table; hookd cannot record hook state in it' };
  const state = isTable(hooks) ? hooks['state'] : undefined;
  if (state !== undefined && !isTable(state)) return { ok: false, reason: 'has a hooks.state value that is not a table; hookd cannot record hook state in it' };
  const entry = isTable(state) ? state[key] : undefined;
  if (entry !== undefined && !isTable(entry)) return { ok: false, reason: `has hooks.state.${tomlBasicString(key)} that is not a table; fix it by hand` };

  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const spans = stateTableSpans(text).filter((span) => span.key === key);
  let next: string;
  if (spans.length === 1) {
    next = editTableLines(text.split('\n'), spans[0]!, change, eol).join('\n');
  } else if (spans.length > 1) {
    return { ok: false, reason: `has more than one [hooks.state.${tomlBasicString(key)}] table` };
  } else if (entry !== undefined) {
    return { ok: false, reason: `writes hooks.state.${tomlBasicString(key)} as an inline table or dotted keys, which hookd does not edit; change it in Codex (/hooks) or by hand` };
  } else {
    const fields = writtenFields(change);
    if (fields.length === 0) return { ok: true, text };
    const table = [`[hooks.state.${tomlBasicString(key)}]`, ...fields.map((name) => valueLine(name, change))].join(eol) + eol;
    next = text === '' ? table : `${text.endsWith('\n') ? text : text + eol}${eol}${table}`;
  }
  const expectedHooks = (isTable(expected['hooks']) ? expected['hooks'] : (expected['hooks'] = {})) as Record<string, unknown>;
  const expectedState = (isTable(expectedHooks['state']) ? expectedHooks['state'] : (expectedHooks['state'] = {})) as Record<string, unknown>;
  expectedState[key] = changedEntry(isTable(entry) ? entry : {}, change);
  return { ok: true, text: next };
}

/** The table's lines with the change applied: values replaced in place (a trailing comment kept), lines added after its last key or removed. */
function editTableLines(lines: readonly string[], span: { header: number; end: number; codeLines: readonly number[] }, change: HookStateChange, eol: string): string[] {
  const out = [...lines];
  const located = (name: string) => span.codeLines.find((index) => keyValueLine(out[index]!, name) !== undefined);
  const additions: string[] = [];
  const removals = new Set<number>();
  for (const name of ['enabled', 'trusted_hash'] as const) {
    const wanted = name === 'enabled' ? change.enabled : change.trustedHash;
    if (wanted === undefined) continue;
    const index = located(name);
    if (wanted === null) {
      if (index !== undefined) removals.add(index);
      continue;
    }
    const line = valueLine(name, change);
    if (index === undefined) {
      additions.push(line);
      continue;
    }
    const found = keyValueLine(out[index]!, name)!;
    const value = /^(true|false|"(?:[^"\\]|\\.)*"|'[^']*')(\s*(?:#.*)?)$/.exec(found.value);
    out[index] = `${found.prefix}${line.slice(line.indexOf('= ') + 2)}${value === null ? '' : value[2]!}${found.cr}`;
  }
  const lastKey = [...span.codeLines].reverse().find((index) => !/^\s*(?:#.*)?\r?$/.test(out[index]!) && !removals.has(index)) ?? span.header;
  const cr = eol === '\r\n' ? '\r' : '';
  const inserted = additions.map((line) => line + cr);
  const result: string[] = [];
  out.forEach((line, index) => {
    if (!removals.has(index)) result.push(line);
    if (index === lastKey) result.push(...inserted);
  });
  return result;
}
