// The Settings → Hooks page's own script in a real chromium against a recording backend (no dialect): it runs under
// the page's CSP (no violation, no console error), renders the DOM contract of docs/ui.md from a listing, sends the
// token as a Bearer header, and posts Trust / Disable / Enable with the hook's key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewAction } from '../../src/review/review-context.js';
import { ReviewActionError } from '../../src/review/review-context.js';
import type { UiBackend } from '../../src/ui/ui-backend.js';
import { startUiServer, type RunningUiServer } from '../../src/ui/ui-server.js';
import { chromiumPath, launchChromium, type LaunchedBrowser } from '../helpers/browser.js';

const executable = chromiumPath();
/** The page's document, inside functions playwright runs in the browser (the test tsconfig has no DOM lib). */
declare const document: { querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null };

const HASH = `sha256:${'a'.repeat(64)}`;
function hook(key: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key, event: 'PreToolUse', matcher: 'shell|apply_patch', command: `sh ${key}.sh <b>not html</b>`, source: 'project', source_path: '/ws/.agents/hooks.json',
    status_message: 'Checking policy', timeout: 30, trust_status: status, current_hash: HASH, enabled: status !== 'disabled', managed: status === 'managed',
    runnable: status === 'trusted' || status === 'managed', diagnostics: [], ...extra,
  };
}

class PageBackend implements UiBackend {
  statuses: Record<string, string> = { a: 'untrusted', b: 'trusted', c: 'managed' };
  bypass = false;
  failNext = false;
  readonly calls: Array<{ action: ReviewAction; key: string }> = [];
  listing(): unknown {
    return {
      hooks: [hook('a', this.statuses.a!), hook('b', this.statuses.b!, { matcher: null, status_message: null, event: 'Stop', diagnostics: ['/ws/.agents/hooks.json: one', 'two'] }), hook('c', 'managed', { source: 'managed' })],
      diagnostics: ["/ws/.agents/hooks.json: skipping unsupported hook type 'prompt'", 'second line'],
      review_required_count: 1,
      trust_bypass_active: this.bypass,
      dialect: 'pbi',
      warnings: ['1 command hook requires trust review and will be skipped.'],
    };
  }
  async list(): Promise<unknown> {
    return this.listing();
  }
  async act(action: ReviewAction, key: string): Promise<unknown> {
    this.calls.push({ action, key });
    if (this.failNext) {
      this.failNext = false;
      throw new ReviewActionError('persistence', 'could not write /home/.pbi-agent/hooks_state.json');
    }
    if (key === 'c') throw new ReviewActionError('not_allowed', 'managed hooks cannot be disabled or enabled manually.');
    this.statuses[key] = action === 'disable' ? 'disabled' : 'trusted';
    return this.listing();
  }
}

describe.skipIf(executable === undefined)('the hookd ui page in chromium', () => {
  const backend = new PageBackend();
  let ui: RunningUiServer;
  let launched: LaunchedBrowser;
  beforeAll(async () => {
    ui = await startUiServer({ backend });
    launched = await launchChromium(executable!);
  }, 60_000);
  afterAll(async () => {
    const closed = await launched?.close();
    await ui?.close();
    expect(closed?.stillAlive ?? []).toEqual([]);
  }, 60_000);

  it('renders the DOM contract from the listing under its CSP, and Trust / Disable / Enable post the key', async () => {
    const page = await launched.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const authorizations: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) authorizations.push(request.headers().authorization);
    });
    await page.goto(ui.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    launched.recordTree();
    expect(await page.title()).toBe('Hooks');
    expect(await page.locator('#warnings li').allTextContents()).toEqual(['1 command hook requires trust review and will be skipped.']);
    expect(await page.locator('#bypass-notice').count()).toBe(0);
    expect(await page.locator('#diagnostics').textContent()).toBe("/ws/.agents/hooks.json: skipping unsupported hook type 'prompt'\nsecond line");
    expect(await page.locator('#empty-state').count()).toBe(0);
    expect(await page.locator('article.hook').count()).toBe(3);
    const a = page.locator('article.hook[data-hook-key="a"]');
    const field = (card: typeof a, name: string) => card.locator(`[data-field="${name}"]`).textContent();
    expect(await field(a, 'event')).toBe('PreToolUse');
    expect(await field(a, 'matcher')).toBe('shell|apply_patch');
    expect(await field(a, 'source')).toBe('project');
    expect(await field(a, 'trust-status')).toBe('untrusted');
    expect(await field(a, 'runnable')).toContain('not runnable');
    expect(await field(a, 'command')).toBe('sh a.sh <b>not html</b>');
    expect(await field(a, 'status-message')).toBe('Checking policy');
    expect(await field(a, 'timeout')).toBe('30s');
    expect(await field(a, 'hash')).toBe(HASH);
    expect(await field(a, 'source-path')).toBe('/ws/.agents/hooks.json');
    expect(await field(a, 'enabled')).toBe('yes');
    expect(await field(a, 'managed')).toBe('no');
    expect(await a.locator('[data-field="diagnostics"]').count()).toBe(0);
    expect(await a.locator('button[data-action]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action')))).toEqual(['trust', 'disable']);
    const b = page.locator('article.hook[data-hook-key="b"]');
    expect(await field(b, 'matcher')).toBe('*');
    expect(await field(b, 'status-message')).toBe('\u2014');
    expect(await field(b, 'diagnostics')).toBe('/ws/.agents/hooks.json: one\ntwo');
    expect(await b.locator('button[data-action]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action')))).toEqual(['disable']);
    const c = page.locator('article.hook[data-hook-key="c"]');
    expect(await field(c, 'trust-status')).toBe('managed');
    expect(await c.locator('button').count()).toBe(0);

    await a.locator('button[data-action="trust"]').click();
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('Trusted hook:'));
    expect(await page.locator('#status').textContent()).toBe('Trusted hook: PreToolUse sh a.sh <b>not html</b>');
    expect(await field(a, 'trust-status')).toBe('trusted');
    await a.locator('button[data-action="disable"]').click();
    await page.waitForFunction(() => document.querySelector('article.hook[data-hook-key="a"] [data-field="trust-status"]')?.textContent === 'disabled');
    await a.locator('button[data-action="enable"]').click();
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('Enabled hook:'));
    expect(backend.calls).toEqual([{ action: 'trust', key: 'a' }, { action: 'disable', key: 'a' }, { action: 'enable', key: 'a' }]);
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${ui.token}`]));

    backend.bypass = true;
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.locator('#bypass-notice').textContent()).toBe('Dangerous hook trust bypass is active; untrusted and modified hooks can run.');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows an API error in #status, and #refresh re-reads the listing', async () => {
    const page = await launched.browser.newPage();
    await page.goto(ui.url);
    await page.waitForSelector('body[data-ready="true"]');
    backend.failNext = true;
    await page.locator('article.hook[data-hook-key="b"] button[data-action="disable"]').click();
    await page.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-kind') === 'error');
    expect(await page.locator('#status').textContent()).toBe('Error: could not write /home/.pbi-agent/hooks_state.json');
    expect(await page.locator('article.hook[data-hook-key="b"] button[data-action="disable"]').isEnabled()).toBe(true);
    backend.statuses.a = 'modified';
    await page.locator('#refresh').click();
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Reloaded the hooks configuration.');
    expect(await page.locator('article.hook[data-hook-key="a"] [data-field="trust-status"]').textContent()).toBe('modified');
    await page.close();
  }, 60_000);
});
