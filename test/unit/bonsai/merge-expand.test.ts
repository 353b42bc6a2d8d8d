// Bonsai's merge within a unit, the combination of a request's units, which hooks veto and gate an effect, the
// fan-out of a request into units, and the tools that must serialize. No processes.
import { describe, expect, it } from 'vitest';
import type { HookVerdict, ToolKinds } from '../../../src/engine/dialect.js';
import { expand, splitMoves } from '../../../src/dialects/bonsai/expand.js';
import { CONTEXT_PLACEMENT, combine, gatesEffect, merge, stopsDispatch, vetoes } from '../../../src/dialects/bonsai/merge.js';
import { isLiteralToolGlob, serializedTools } from '../../../src/dialects/bonsai/serialize-tools.js';
import { blocking, context, hook, SESSION_ID } from './runtime-fixtures.js';

const ok = (more: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision: 'none', ...more });
const pre = context('PreToolUse', { toolName: 'bash', toolInput: { command: 'ls' } });

describe('merge within a unit', () => {
  it('first block wins', () => {
    const merged = merge(pre, [ok(), ok({ decision: 'block', reason: 'first' }), ok({ decision: 'block', reason: 'second' })]);
    expect(merged).toMatchObject({ decision: 'block', reason: 'first', continue: true });
  });

  it('last modify wins; a block drops every rewrite', () => {
    expect(merge(pre, [ok({ updatedInput: { command: 'a' } }), ok({ updatedInput: { command: 'b' } })]).updatedInput).toEqual({ command: 'b' });
    expect(merge(pre, [ok({ updatedInput: { command: 'a' } }), ok({ decision: 'block', reason: 'r' })]).updatedInput).toBeUndefined();
  });

  it('every context is kept (joined by blank lines) and the result says it is untrusted tool-result data', () => {
    const merged = merge(pre, [ok({ additionalContext: 'A' }), ok(), ok({ additionalContext: 'B' })]);
    expect(merged.additionalContext).toBe('A\n\nB');
    expect(merged.extra).toEqual(CONTEXT_PLACEMENT);
    expect(merged.systemMessage).toBeUndefined();
    expect(merge(pre, [ok()]).extra).toBeUndefined();
  });

  it('warnings become lines of systemMessage; cancelled runs contribute nothing', () => {
    const merged = merge(pre, [ok({ systemMessage: 'w1' }), { status: 'cancelled', failureClass: 'cancelled', decision: 'block', reason: 'x' }, ok({ systemMessage: 'w2' })]);
    expect(merged).toMatchObject({ decision: 'none', systemMessage: 'w1\nw2' });
  });

  it('the veto chain stops at a block; only blocking pre-hooks veto and gate an effect', () => {
    expect(stopsDispatch(pre, ok({ decision: 'block' }))).toBe(true);
    expect(stopsDispatch(pre, ok({ updatedInput: {} }))).toBe(false);
    expect(vetoes(pre, blocking('PreToolUse'))).toBe(true);
    expect(vetoes(pre, hook('PreToolUse'))).toBe(false);
    const postContext = context('PostToolUse', { toolName: 'bash', toolInput: {} });
    expect(vetoes(postContext, blocking('PostToolUse'))).toBe(false);
    expect(gatesEffect(pre, blocking('PreToolUse'))).toBe(true);
    expect(gatesEffect(postContext, blocking('PostToolUse'))).toBe(false);
  });
});

describe('combine across units', () => {
  const unit = (label: string) => ({ event: 'PreFileWrite' as const, params: { session: { id: SESSION_ID } }, label });
  it('the block names the unit; contexts and warnings of every unit are joined', () => {
    const combined = combine('PreFileWrite', [
      { unit: unit('PreFileWrite a.rs'), merged: { decision: 'none', continue: true, additionalContext: 'ctx a', systemMessage: 'warn a' } },
      { unit: unit('PreFileWrite b.rs'), merged: { decision: 'block', reason: 'secret', continue: true } },
    ]);
    expect(combined).toMatchObject({ decision: 'block', reason: '[PreFileWrite b.rs] secret', additionalContext: 'ctx a', systemMessage: 'warn a', extra: CONTEXT_PLACEMENT });
  });

  it('without a block: the last rewrite', () => {
    const combined = combine('PreToolUse', [
      { unit: unit('PreToolUse'), merged: { decision: 'none', continue: true, updatedInput: { command: 'x' } } },
      { unit: unit('PreBash'), merged: { decision: 'none', continue: true } },
    ]);
    expect(combined).toEqual({ decision: 'none', continue: true, updatedInput: { command: 'x' } });
  });
});

describe('fan-out into units', () => {
  const tools: ToolKinds = new Map([
    ['bash', { name: 'bash', kind: 'shell' }],
    ['sh', { name: 'sh', kind: 'shell', commandField: 'cmd' }],
    ['write', { name: 'write', kind: 'file_write' }],
    ['edit', { name: 'edit', kind: 'file_write', pathField: 'file' }],
    ['read', { name: 'read', kind: 'other' }],
  ]);
  const session = { id: SESSION_ID };

  it('PreToolUse of a shell tool → [PreToolUse, PreBash], both carrying the command (commandField honoured)', () => {
    const units = expand('PreToolUse', { session, toolName: 'sh', toolInput: { cmd: 'make' } }, tools);
    expect(units.map((u) => [u.event, u.label, u.params.command])).toEqual([
      ['PreToolUse', 'PreToolUse', 'make'],
      ['PreBash', 'PreBash', 'make'],
    ]);
    const post = expand('PostToolUse', { session, toolName: 'bash', toolInput: { command: 'ls' }, exitCode: 1, outputExcerpt: 'o' }, tools);
    expect(post.map((u) => u.event)).toEqual(['PostToolUse', 'PostBash']);
    expect(post[1]!.params).toMatchObject({ exitCode: 1, outputExcerpt: 'o', command: 'ls' });
  });

  it('a rewritten command is read from the tool input, not a stale params.command', () => {
    const units = expand('PreToolUse', { session, toolName: 'bash', toolInput: { command: 'new' }, command: 'old' }, tools);
    expect(units[1]!.params.command).toBe('new');
  });

  it('a shell tool call without a command string runs only the tool event', () => {
    expect(expand('PreToolUse', { session, toolName: 'bash', toolInput: {} }, tools).map((u) => u.event)).toEqual(['PreToolUse']);
  });

  it('PreToolUse of a file-writing tool → [PreToolUse, PreFileWrite per file]; a move is a creation plus a deletion', () => {
    const files = [
      { path: 'a.rs', operation: 'modify' as const, oldContent: 'x', newContent: 'y' },
      { path: 'new.rs', operation: 'move' as const, fromPath: 'old.rs', oldContent: 'z', newContent: 'z' },
    ];
    const units = expand('PreToolUse', { session, toolName: 'write', toolInput: {}, files }, tools);
    expect(units.map((u) => u.label)).toEqual(['PreToolUse', 'PreFileWrite a.rs', 'PreFileWrite new.rs', 'PreFileWrite old.rs (deleted)']);
    expect(units[0]!.params.files).toHaveLength(2);
    expect(units.slice(1).map((u) => u.params.files)).toEqual([
      [files[0]],
      [{ path: 'new.rs', operation: 'create', oldContent: null, newContent: 'z' }],
      [{ path: 'old.rs', operation: 'delete', oldContent: 'z', newContent: null }],
    ]);
  });

  it('a file-writing tool without files: one file from the tool input\'s pathField, no content', () => {
    const units = expand('PostToolUse', { session, toolName: 'edit', toolInput: { file: 'src/x.rs' } }, tools);
    expect(units.map((u) => [u.event, u.params.filePath])).toEqual([
      ['PostToolUse', 'src/x.rs'],
      ['PostFileWrite', 'src/x.rs'],
    ]);
  });

  it('PreFileWrite with N files → N units; undeclared or "other" tools and other events → the event itself', () => {
    const files = [1, 2, 3].map((n) => ({ path: `f${n}`, operation: 'create' as const }));
    expect(expand('PreFileWrite', { session, files }, tools).map((u) => u.label)).toEqual(['PreFileWrite f1', 'PreFileWrite f2', 'PreFileWrite f3']);
    expect(expand('PreToolUse', { session, toolName: 'read', toolInput: {} }, tools)).toHaveLength(1);
    expect(expand('PreToolUse', { session, toolName: 'unknown', toolInput: {} }, tools)).toHaveLength(1);
    expect(expand('SessionStart', { session }, tools)).toEqual([{ event: 'SessionStart', params: { session } }]);
  });

  it('splitMoves keeps everything that is not a move as it is', () => {
    const files = [{ path: 'a', operation: 'delete' as const, oldContent: 'x' }];
    expect(splitMoves(files)).toEqual(files);
  });
});

describe('serialized tools', () => {
  it('blocking PreToolUse hooks with literal tool matchers force those tools to serialize', () => {
    const hooks = [
      blocking('PreToolUse', { name: 'a', matcher: { tool: 'bash' } }),
      blocking('PreToolUse', { name: 'b', matcher: { tool: 'write*' } }),
      hook('PreToolUse', { name: 'c', matcher: { tool: 'edit' } }),
      blocking('PreBash', { name: 'd', matcher: { tool: 'shell' } }),
      blocking('PreToolUse', { name: 'e', matcher: { tool: 'apply_patch' } }),
      blocking('PreToolUse', { name: 'f', matcher: { tool: 'bash' } }),
      blocking('PreToolUse', { name: 'g', matcher: { tool: 'parked' }, enabled: false }),
      blocking('PreToolUse', { name: 'h' }),
    ];
    expect(serializedTools(hooks)).toEqual(['bash', 'apply_patch']);
  });

  it('glob characters make a pattern, not a literal', () => {
    for (const glob of ['*', 'ba?h', '[ab]', '{a,b}', '!(x)', '@(a)', 'a+b', 'a|b', 'a\\b']) expect(isLiteralToolGlob(glob), glob).toBe(false);
    for (const glob of ['bash', 'mcp__fs__write', 'write-file', 'a.b']) expect(isLiteralToolGlob(glob), glob).toBe(true);
  });
});
