// Live answers of the built sidecar conform to their event's strict per-event result schema (event-results.ts): each
// event-specific field shows up where it belongs, and a field an event does not read never reaches its result.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventResultSchemas, type EventName } from '../../src/protocol/index.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'schema-session' };
const tool = { toolName: 'Bash', toolInput: { command: 'ls' } };

/** Per event: what its one hook prints, the params, and the event-specific fields the result must carry (or lack). */
function cases(workspace: string) {
  const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  return [
    { event: 'PreToolUse', output: specific('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'ls -la' }, additionalContext: 'ctx' }), params: tool, has: ['updatedInput', 'additionalContext'] },
    {
      event: 'PermissionRequest',
      output: specific('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: [{ type: 'addRules' }] } }),
      params: tool,
      has: ['updatedInput', 'updatedPermissions'],
    },
    { event: 'PostToolUse', output: specific('PostToolUse', { updatedToolOutput: 'replaced', additionalContext: 'ctx' }), params: { ...tool, toolResponse: 'x' }, has: ['updatedToolOutput', 'additionalContext'] },
    { event: 'WorktreeCreate', output: specific('WorktreeCreate', { worktreePath: workspace }), params: { name: 'wt' }, has: ['worktreePath'] },
    { event: 'PermissionDenied', output: specific('PermissionDenied', { retry: true }), params: { ...tool, reason: 'denied' }, has: ['retry'] },
    { event: 'MessageDisplay', output: specific('MessageDisplay', { displayContent: 'shown' }), params: { messageId: 'm', index: 0, final: true, delta: 'd' }, has: ['displayContent'] },
    { event: 'Elicitation', output: specific('Elicitation', { action: 'accept', content: { answer: 1 } }), params: { mcpServerName: 'srv', message: 'q?' }, has: ['elicitation'] },
    { event: 'SessionStart', output: specific('SessionStart', { additionalContext: 'ctx' }), params: {}, has: ['additionalContext'] },
    // Fields these events do not read: they must not leak into the result (Notification used to carry additionalContext).
    { event: 'Notification', output: specific('Notification', { additionalContext: { not: 'a string' }, updatedInput: { a: 1 } }), params: { message: 'hi' }, has: [] },
    { event: 'SubagentStop', output: specific('SubagentStop', { additionalContext: 'keep going' }), params: {}, has: [] },
  ] as const;
}

describe('live event results conform to their strict per-event schemas', () => {
  it('claude: every event-specific field where it belongs, no unknown top-level field', async () => {
    const workspace = makeWorkspace();
    const all = cases(workspace);
    const hooks: Record<string, unknown> = {};
    for (const { event, output } of all) {
      const file = join(workspace, `${event}.json`);
      writeFileSync(file, JSON.stringify(output));
      hooks[event] = [{ hooks: [{ type: 'command', command: `cat '${file}'` }] }];
    }
    writeClaudeSettings(workspace, { hooks });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace, { options: { watch: false } });
    for (const { event, params, has } of all) {
      const result = (await sidecar.request(`hooks/${event}`, { session, ...params })) as Record<string, unknown>;
      expect(result.runs, event).toHaveLength(1);
      const parsed = z.strictObject(EventResultSchemas[event as EventName].shape).safeParse(result);
      expect(parsed.success, `${event}: ${parsed.success ? '' : z.prettifyError(parsed.error)}\n${JSON.stringify(result)}`).toBe(true);
      for (const field of has) expect(result[field], `${event}.${field}`).toBeDefined();
      if (event === 'Notification') expect(result.additionalContext).toBeUndefined();
      if (event === 'SubagentStop') expect(result).toMatchObject({ decision: 'block', reason: 'keep going' });
    }
  });
});
