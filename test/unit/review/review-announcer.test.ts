// The server's review warnings: after initialize each warning is one stderr line `Warning: <text>` and one
// hooks/reviewWarnings; after a reload again only when they changed; only for a dialect with review. Test-only dialect.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import type { ReviewWarningsParams } from '../../../src/protocol/index.js';
import { reviewAnnouncer, reviewHandlers } from '../../../src/server/review-handlers.js';
import { TrustStore } from '../../../src/trust/store.js';
import { reviewDialect } from '../../helpers/review-dialect.js';
import { fakeDialect, scriptedRunner } from '../engine/fakes.js';

function setup(dialect = reviewDialect([{ key: 'global:a', event: 'PreToolUse', command: 'allow', hash: 'sha256:a1' }])) {
  const engine = new Engine({ dialect: dialect.dialect, runner: scriptedRunner(), workspace: '/ws' });
  const loadContext = { workspace: '/ws', home: '/home/u' };
  engine.load(loadContext);
  const session = { engine, loadContext, trustStore: new TrustStore('/nonexistent/hookd-review-test/trust.json'), programmaticHooks: false };
  const lines: string[] = [];
  const sent: ReviewWarningsParams[] = [];
  const announcer = reviewAnnouncer(() => session, { write: (line) => lines.push(line), notify: (params) => sent.push(params) });
  return { dialect, engine, loadContext, session, lines, sent, announcer };
}

describe('review warnings announcer', () => {
  it('"Startup warnings appear in CLI stderr" as `Warning: <text>` and as hooks/reviewWarnings, once; again only when a reload changes them', async () => {
    const { dialect, engine, loadContext, session, lines, sent, announcer } = setup();
    announcer.announce();
    expect(lines).toEqual(['Warning: 1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).\n']);
    expect(sent).toEqual([{ warnings: [lines[0]?.slice('Warning: '.length, -1)], reviewRequiredCount: 1, trustBypassActive: false }]);
    engine.reload(loadContext);
    announcer.reannounce();
    expect(sent).toHaveLength(1);
    await reviewHandlers(() => session)['review/trust']?.({ key: 'global:a' }, {} as never);
    expect(dialect.state.get('global:a')).toEqual({ enabled: true, trusted_hash: 'sha256:a1' });
    announcer.reannounce();
    expect(sent.at(-1)).toEqual({ warnings: [], reviewRequiredCount: 0, trustBypassActive: false });
    expect(lines).toHaveLength(1);
  });

  it('a dialect without review (per-file trust) gets no review warnings', () => {
    const engine = new Engine({ dialect: fakeDialect([]), runner: scriptedRunner(), workspace: '/ws' });
    engine.load({ workspace: '/ws', home: '/home/u' });
    const sent: unknown[] = [];
    const session = { engine, loadContext: { workspace: '/ws', home: '/home/u' }, trustStore: new TrustStore('/nonexistent/hookd-review-test/trust.json'), programmaticHooks: false };
    reviewAnnouncer(() => session, { write: () => sent.push('line'), notify: (params) => sent.push(params) }).announce();
    expect(sent).toEqual([]);
  });
});
