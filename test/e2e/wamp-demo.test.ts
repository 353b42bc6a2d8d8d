// `npm run demo -- --dialect wamp` end to end: the scripted WAMP agent session against the built sidecar prints each
// behaviour the demo promises (README): trust, a binding deny, an ask answered at the card, Stop twice then unresolved,
// a refused prompt, an unattended ask refused, and a revoke that leaves none of the running lint's processes alive.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

describe('npm run demo -- --dialect wamp', () => {
  it('plays the WAMP session: trust, deny, ask, Stop twice then unresolved, refused prompt, unattended refusal, revoke during a running hook', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [DEMO, '--dialect', 'wamp'], { timeout: 90_000, maxBuffer: 4 * 1024 * 1024 });
    // The copied Claude matcher is reported at initialize.
    expect(stdout).toMatch(/warning: .*\bBash\b/);
    expect(stdout).toContain('This project builds with make');
    expect(stdout).toContain('decision: deny — rm -rf is not allowed from chat');
    expect(stdout).toContain('binding: true');
    expect(stdout).toMatch(/↪ hooks\/askToolApproval \[allow \| deny\] "pushing leaves this machine: confirm it"/);
    expect(stdout).toContain('→ answered allow');
    expect(stdout.match(/decision: block — the tests have not been run yet/g)).toHaveLength(2);
    expect(stdout).toContain('unresolved: the tests have not been run yet: run npm test');
    expect(stdout).toContain('"code":"failed_precondition"');
    expect(stdout).toContain('not fired:');
    expect(stdout).toContain('(approval needed, but nobody can answer this unattended run)');
    expect(stdout).toMatch(/the project's slow lint is running: pids \d+, \d+ \(2 alive\)/);
    expect(stdout).toContain('was revoked while it ran');
    expect(stdout).toContain("after the revoke: 0 of the lint's 2 processes alive");
    expect(stdout).toContain('hookd exited with code 0');
  }, 120_000);
});
