// hooks/explain against the built sidecar with the bamboo dialect: a Rust-regex matcher tried against tool_name, a
// group with "enabled": false, the project-local file waiting for trust, a hook under another event; the fires set is
// what a real hooks/PreToolUse runs; bamboo's own param rules are -32602 as on hooks/<event>.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-explain-bamboo' };
const bash = { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_explain_1' };

describe('hooks/explain (built sidecar, bamboo)', () => {
  it('every reason bamboo has, and the fires set equals the runs of a real PreToolUse', async () => {
    const setup = bambooSetup();
    const order = join(makeWorkspace('hookd-explain-bamboo-out-'), 'order');
    const append = (name: string) => ({ type: 'command', command: `printf '%s\\n' ${name} >> '${order}'` });
    writeBambooConfig(setup.userFile, {
      PreToolUse: [
        { matcher: '^(Edit|Write)$', hooks: [append('edit')] },
        { matcher: '^Bash$', hooks: [append('bash')] },
        { enabled: false, hooks: [append('off')] },
        { hooks: [append('every')] },
      ],
      PostToolUse: [{ matcher: '^Bash$', hooks: [append('post')] }],
    });
    writeBambooConfig(setup.projectFile, { PreToolUse: [{ hooks: [append('project')] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup);

    const explained = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash });
    expect(explained.matchTarget).toEqual({ field: 'tool_name', value: 'Bash' });
    expect(explained.hooks.map((hook: any) => [hook.command.match(/ (\w+) >>/)?.[1], hook.verdict, hook.reason])).toEqual([
      ['edit', 'skipped', 'matcher-mismatch'],
      ['bash', 'fires', 'matched'],
      ['off', 'skipped', 'disabled'],
      ['every', 'fires', 'matched'],
      ['project', 'skipped', 'untrusted'],
      ['post', 'skipped', 'wrong-event'],
    ]);
    expect(explained.hooks[0].detail).toBe('matcher "^(Edit|Write)$" tried against tool_name "Bash": no match');
    // The handler's own line in the file (JSON.stringify(..., 2): the second group's handler sits lower than the first's).
    expect(explained.hooks[0]).toMatchObject({ source: setup.userFile, line: expect.any(Number) });
    expect(explained.hooks[1].line).toBeGreaterThan(explained.hooks[0].line);
    expect(explained.hooks[2].detail).toContain(`"enabled": false on its group lifecycle_hooks.PreToolUse[2] in ${setup.userFile}`);
    expect(explained.hooks[4]).toMatchObject({ source: setup.projectFile, trustKey: `workspace:${setup.workspace}` });
    // Bamboo runs in sequence: a decision could stop the rest, which the explanation says it cannot know.
    expect(explained.notes.join(' ')).toContain('in sequence');
    expect(existsSync(order)).toBe(false);

    const result = await sidecar.request('hooks/PreToolUse', bash);
    const fires = explained.hooks.filter((hook: any) => hook.verdict === 'fires').map((hook: any) => hook.id);
    expect(result.runs.map((run: any) => run.hookId)).toEqual(fires);
    expect(readFileSync(order, 'utf8').split('\n').filter(Boolean)).toEqual(['bash', 'every']);
  });

  it("bamboo's own param rules apply: an incomplete PreCompact payload is -32602 naming the field, an event bamboo lacks too", async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreCompact: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup);
    const bad = await sidecar.call('hooks/explain', { event: 'PreCompact', params: { session, trigger: 'threshold', extra: { payload: { estimated_tokens: 'many' } } } });
    expect(bad.error?.code).toBe(-32602);
    expect(bad.error?.message).toContain('estimated_tokens');
    const missing = await sidecar.call('hooks/explain', { event: 'PermissionDenied', params: bash });
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toContain('bamboo dialect has no event "PermissionDenied"');
  });
});
