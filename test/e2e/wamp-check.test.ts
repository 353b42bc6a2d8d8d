// `hookd check --dialect wamp`, running the built CLI: a fresh clone has only the project's .wamp/hooks.json, whose
// hooks wait for the project's trust (wamp's own gate, not Claude Code's workspaceTrust option).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

function check(workspace: string, home: string, json: boolean) {
  return spawnSync(process.execPath, [HOOKD_BIN, 'check', '--dialect', 'wamp', '--workspace', workspace, '--home', home, ...(json ? ['--json'] : [])], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('hookd check (wamp): which hooks a fresh clone would run', () => {
  it('"`<project>/.wamp/hooks.json` Only after you trust the project": the fresh-clone report says its hooks wait for the project\'s trust, in wamp\'s words', () => {
    const workspace = makeWorkspace('hookd-wamp-check-ws-');
    const home = makeWorkspace('hookd-wamp-check-home-');
    mkdirSync(join(workspace, '.wamp'));
    const project = join(workspace, '.wamp', 'hooks.json');
    writeFileSync(project, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: 'true' }] }] } }));
    mkdirSync(join(home, '.wamp'));
    writeFileSync(join(home, '.wamp', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));

    const json = check(workspace, home, true);
    expect(json.stderr).toBe('');
    const report = JSON.parse(json.stdout) as { freshClone: { sources: string[]; ignoresWorkspaceTrust: boolean; workspaceTrustOn: { runs: string[]; afterTrust: string[]; trustKey?: string } } };
    expect(report.freshClone.sources).toEqual([project]);
    expect(report.freshClone.ignoresWorkspaceTrust).toBe(true);
    expect(report.freshClone.workspaceTrustOn).toMatchObject({ runs: [], afterTrust: ['project:PreToolUse[0].hooks[0]'], trustKey: `wamp-project:${workspace}` });

    const text = check(workspace, home, false).stdout;
    expect(text).toContain(`0 hook(s) until the client trusts "wamp-project:${workspace}" (trust/set), then 1`);
    expect(text).not.toContain('workspace trust off');
    expect(text).not.toContain('options.workspaceTrust');
  });
});
