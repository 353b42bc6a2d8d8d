// The codex dialect's merge of one event's verdicts (merge.ts) against §3.4 "Merge code (PreToolUse)" and the Stop /
// PostToolUse aggregation of codex-rs/hooks/src/events/{stop,post_tool_use}.rs. Pure.
import { describe, expect, it } from 'vitest';
import type { EventContext, HookVerdict } from '../../../src/engine/dialect.js';
import { merge } from '../../../src/dialects/codex/merge.js';
import type { EventName } from '../../../src/protocol/index.js';

const ctx = (event: EventName): EventContext => ({ event, params: { session: { id: 's' } }, workspace: '/w', sessionId: 's', cwd: '/w' });
const ok = (fields: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision: 'none', ...fields });
const failed = (fields: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'error', failureClass: 'invalid_output', decision: 'none', ...fields });

describe('PreToolUse: "should_block = any; reason = first block in configured order; updatedInput … only when nothing blocks"', () => {
  it('the first deny\'s reason, in configured order', () => {
    expect(merge(ctx('PreToolUse'), [ok(), ok({ decision: 'deny', reason: 'A' }), ok({ decision: 'deny', reason: 'B' })])).toMatchObject({ decision: 'deny', reason: 'A' });
  });

  it('a deny drops every rewrite', () => {
    expect(merge(ctx('PreToolUse'), [ok({ updatedInput: { command: 'x' } }), ok({ decision: 'deny', reason: 'no' })]).updatedInput).toBeUndefined();
  });

  it('several rewrites: the last in configured order (Codex: the last to finish)', () => {
    expect(merge(ctx('PreToolUse'), [ok({ updatedInput: { command: 'first' } }), ok({ updatedInput: { command: 'second' } })]).updatedInput).toEqual({ command: 'second' });
  });

  it('"contexts flattened in configured order", delivered as separate developer messages', () => {
    expect(merge(ctx('PreToolUse'), [ok({ additionalContext: 'one' }), ok(), ok({ additionalContext: 'two' })])).toMatchObject({ additionalContext: 'one\n\ntwo', contextDelivery: 'separate-message' });
    expect(merge(ctx('PreToolUse'), [ok()]).contextDelivery).toBeUndefined();
  });

  it('failed runs decide nothing, but their systemMessage is shown', () => {
    const merged = merge(ctx('PreToolUse'), [failed({ systemMessage: 'warn', decision: 'deny', reason: 'ignored', continue: false })]);
    expect(merged).toMatchObject({ decision: 'none', continue: true, systemMessage: 'warn' });
  });
});

describe('PermissionRequest: "any deny wins, else an allow suppresses the prompt, else normal flow"', () => {
  it('deny over allow; allow over nothing', () => {
    expect(merge(ctx('PermissionRequest'), [ok({ decision: 'allow' }), ok({ decision: 'deny', reason: 'no' })])).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(merge(ctx('PermissionRequest'), [ok(), ok({ decision: 'allow' })]).decision).toBe('allow');
  });
});

describe('PostToolUse', () => {
  it('every hook\'s feedback joined (join_text_chunks: a blank line) is the replaced tool output', () => {
    const merged = merge(ctx('PostToolUse'), [ok({ decision: 'block', reason: 'A', updatedToolOutput: 'A' }), ok({ decision: 'block', reason: 'B', updatedToolOutput: 'B' })]);
    expect(merged).toMatchObject({ decision: 'block', updatedToolOutput: 'A\n\nB' });
  });
});

describe('Stop / SubagentStop', () => {
  it('"`continue:false` from any matching hook overrides continuation"', () => {
    expect(merge(ctx('Stop'), [ok({ decision: 'block', reason: 'more' }), ok({ continue: false, stopReason: 'done' })])).toMatchObject({ decision: 'none', continue: false, stopReason: 'done' });
  });

  it('several blocks are one continuation with every reason joined', () => {
    expect(merge(ctx('SubagentStop'), [ok({ decision: 'block', reason: 'A' }), ok(), ok({ decision: 'block', reason: 'B' })])).toMatchObject({ decision: 'block', reason: 'A\n\nB', continue: true });
  });
});
