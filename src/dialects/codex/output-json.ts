// The JSON a codex hook may print, checked as Codex's serde wire types check it (codex-rs/hooks/src/schema.rs: every
// object `deny_unknown_fields`, `hookSpecificOutput.hookEventName` required, enums exact): per event the fields it
// accepts and their types. Shape only: what the fields mean is output.ts's.
import type { EventName } from '../../protocol/index.js';
import { findTooDeep, tooDeepMessage } from '../../protocol/json-depth.js';
import { CODEX_EVENTS } from './events.js';

type Kind = 'bool' | 'string' | 'any' | readonly string[] | Shape;
type Shape = { readonly fields: Readonly<Record<string, Kind>>; readonly required?: readonly string[] };

/** `continue`, `stopReason`, `suppressOutput`, `systemMessage`: every event's output has them (HookUniversalOutputWire). */
const UNIVERSAL: Readonly<Record<string, Kind>> = { continue: 'bool', stopReason: 'string', suppressOutput: 'bool', systemMessage: 'string' };

const specific = (fields: Readonly<Record<string, Kind>>): Shape => ({ fields: { hookEventName: CODEX_EVENTS, ...fields }, required: ['hookEventName'] });
const CONTEXT_ONLY = specific({ additionalContext: 'string' });

const SHAPES: Partial<Record<EventName, Shape>> = {
  PreToolUse: {
    fields: {
      ...UNIVERSAL,
      decision: ['approve', 'block'],
      reason: 'string',
      hookSpecificOutput: specific({ permissionDecision: ['allow', 'deny', 'ask'], permissionDecisionReason: 'string', updatedInput: 'any', additionalContext: 'string' }),
    },
  },
  PermissionRequest: {
    fields: {
      ...UNIVERSAL,
      hookSpecificOutput: specific({
        decision: { fields: { behavior: ['allow', 'deny'], updatedInput: 'any', updatedPermissions: 'any', message: 'string', interrupt: 'bool' }, required: ['behavior'] },
      }),
    },
  },
  PostToolUse: { fields: { ...UNIVERSAL, decision: ['block'], reason: 'string', hookSpecificOutput: specific({ additionalContext: 'string', updatedMCPToolOutput: 'any' }) } },
  UserPromptSubmit: { fields: { ...UNIVERSAL, decision: ['block'], reason: 'string', hookSpecificOutput: CONTEXT_ONLY } },
  SessionStart: { fields: { ...UNIVERSAL, hookSpecificOutput: CONTEXT_ONLY } },
  SubagentStart: { fields: { ...UNIVERSAL, hookSpecificOutput: CONTEXT_ONLY } },
  Stop: { fields: { ...UNIVERSAL, decision: ['block'], reason: 'string' } },
  SubagentStop: { fields: { ...UNIVERSAL, decision: ['block'], reason: 'string' } },
};
const UNIVERSAL_ONLY: Shape = { fields: UNIVERSAL };

export type CodexJson = { readonly ok: true; readonly value: Readonly<Record<string, unknown>> } | { readonly ok: false; readonly problem: string };

/**
 * Codex's `parse_json` then the wire check: trimmed stdout must be a JSON object of the event's shape. `null` counts
 * as absent where the field is optional text (serde's Option), not for the booleans.
 */
export function parseCodexJson(event: EventName, stdout: string): CodexJson {
  let value: unknown;
  try {
    value = JSON.parse(stdout.trim()) as unknown;
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message})` };
  }
  if (!isObject(value)) return { ok: false, problem: 'not a JSON object' };
  // Deeper JSON could not be answered over the protocol without overflowing the stack: not valid output.
  if (findTooDeep(value) !== undefined) return { ok: false, problem: tooDeepMessage('hook output') };
  const problem = check(value, SHAPES[event] ?? UNIVERSAL_ONLY, '');
  return problem === undefined ? { ok: true, value } : { ok: false, problem };
}

/** Codex's `looks_like_json`: stdout that starts with `{` or `[` is meant as JSON (a failed run when it is not valid). */
export function looksLikeJson(stdout: string): boolean {
  const start = stdout.trimStart();
  return start.startsWith('{') || start.startsWith('[');
}

function check(value: Readonly<Record<string, unknown>>, shape: Shape, prefix: string): string | undefined {
  for (const name of shape.required ?? []) if (value[name] === undefined || value[name] === null) return `missing field ${prefix}${name}`;
  for (const [name, item] of Object.entries(value)) {
    const kind = shape.fields[name];
    if (kind === undefined) return `unknown field ${prefix}${name}`;
    const problem = checkKind(item, kind, `${prefix}${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkKind(item: unknown, kind: Kind, path: string): string | undefined {
  if (kind === 'any') return undefined;
  if (kind === 'bool') return typeof item === 'boolean' ? undefined : `${path} must be true or false`;
  if (item === null) return undefined;
  if (kind === 'string') return typeof item === 'string' ? undefined : `${path} must be a string`;
  if (Array.isArray(kind)) return typeof item === 'string' && kind.includes(item) ? undefined : `${path} must be one of ${kind.map((k) => JSON.stringify(k)).join(', ')}`;
  if (!isObject(item)) return `${path} must be an object`;
  return check(item, kind as Shape, `${path}.`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
