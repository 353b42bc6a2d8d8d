// Every hooks/<Event> answer recorded in the golden fixtures conforms to its event's strict result schema: only the
// fields that event can carry (event-results.ts), no unknown top-level field. No processes: reads the fixtures only.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventResultSchemas, isEventName, type EventName } from '../../../src/protocol/index.js';
import { fixtureFiles, readFixture } from '../../helpers/golden.js';

const strict = (event: EventName) => z.strictObject(EventResultSchemas[event].shape);

/** [fixture, event, result] for every answered event request (and the dry run's event result) in the fixtures. */
function recordedResults(): Array<[string, EventName, unknown]> {
  const found: Array<[string, EventName, unknown]> = [];
  for (const file of fixtureFiles()) {
    const methods = new Map<unknown, string>();
    for (const step of readFixture(file).exchange) {
      const message = step.message;
      if (message === undefined) continue;
      if (step.from === 'client' && message.method !== undefined && message.id !== undefined) methods.set(message.id, message.method);
      if (step.from !== 'server' || message.method !== undefined || message.result === undefined) continue;
      const method = methods.get(message.id) ?? '';
      const event = method.slice('hooks/'.length);
      if (method.startsWith('hooks/') && isEventName(event)) found.push([file, event, message.result]);
      const dryRun = (message.result as { result?: { event?: string } } | null)?.result;
      if (method === 'hooks/dryRun' && dryRun?.event !== undefined && isEventName(dryRun.event)) found.push([file, dryRun.event, dryRun]);
    }
  }
  return found;
}

describe('recorded event results conform to their per-event schemas', () => {
  const results = recordedResults();

  it('the fixtures hold event results of both dialects, with event-specific fields', () => {
    expect(results.length).toBeGreaterThanOrEqual(15);
    expect(new Set(results.map(([file]) => file.startsWith('bamboo-')))).toEqual(new Set([true, false]));
    expect(results.some(([, event, result]) => event === 'PreToolUse' && (result as { updatedInput?: unknown }).updatedInput !== undefined)).toBe(true);
    expect(results.some(([, , result]) => (result as { additionalContext?: unknown }).additionalContext !== undefined)).toBe(true);
  });

  it.each(results.map(([file, event, result], index) => [`${file} #${index} ${event}`, event, result] as const))('%s', (_name, event, result) => {
    const parsed = strict(event).safeParse(result);
    expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  });

  it('a strict per-event schema refuses a field of another event, and the wire (loose) schema keeps it', () => {
    const base = { event: 'PreToolUse', decision: 'none', continue: true, notes: [], runs: [] };
    expect(strict('PreToolUse').safeParse({ ...base, updatedInput: { command: 'ls' } }).success).toBe(true);
    expect(strict('PreToolUse').safeParse({ ...base, worktreePath: '/w' }).success).toBe(false);
    expect(strict('PreToolUse').safeParse({ ...base, event: 'Stop' }).success).toBe(false);
    expect(EventResultSchemas.PreToolUse.safeParse({ ...base, worktreePath: '/w' }).success).toBe(true);
    expect(strict('Notification').safeParse({ ...base, event: 'Notification', additionalContext: 'x' }).success).toBe(false);
  });
});
