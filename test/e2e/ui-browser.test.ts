// `hookd ui --dialect pbi` in a real browser: headless chromium (playwright-core) drives the page of the built hookd
// through its DOM contract — list, trust, disable, enable, an edit turning a hook modified, the bypass notice, the
// token — and afterwards neither chromium's processes nor hookd's are alive.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium, type LaunchedBrowser } from '../helpers/browser.js';
import { startHookdUi, type HookdUi } from '../helpers/hookd-ui.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const executablePath = chromiumPath();
const BYPASS_NOTICE = 'Dangerous hook trust bypass is active; untrusted and modified hooks can run.';

function writeHooks(workspace: string, guardTimeout: number): void {
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  const hooks = {
    hooks: {
      PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: 'sh .agents/guard.sh', timeout: guardTimeout, statusMessage: 'Checking the command' }] }],
      // A project hook cannot declare itself managed: the flag is ignored, with a per-hook diagnostic.
      Stop: [{ hooks: [{ type: 'command', command: 'echo done', managed: true }] }],
    },
  };
  writeFileSync(join(workspace, '.agents', 'hooks.json'), `${JSON.stringify(hooks, null, 2)}\n`);
}

const card = (page: Page, event: string) => page.locator('article.hook').filter({ has: page.locator('[data-field="event"]', { hasText: event }) });
const field = (page: Page, event: string, name: string) => card(page, event).locator(`[data-field="${name}"]`);
const stateFile = (home: string): Record<string, { enabled?: boolean; trusted_hash?: string }> =>
  (JSON.parse(readFileSync(join(home, '.pbi-agent', 'hooks_state.json'), 'utf8')) as { state: Record<string, { enabled?: boolean; trusted_hash?: string }> }).state;

async function openPage(browser: LaunchedBrowser, url: string): Promise<Page> {
  const page = await browser.browser.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  return page;
}

// Without chromium the suite fails (.ci/run installs it when `command -v chromium` finds none).
describe('hookd ui --dialect pbi in chromium', () => {
  let workspace = '';
  let home = '';
  let browser: LaunchedBrowser | undefined;
  let ui: HookdUi | undefined;
  const uiPids: number[] = [];

  beforeAll(async () => {
    if (executablePath === undefined) throw new Error('chromium is not installed (command -v chromium failed)');
    workspace = scratchDir('hookd-uibrowser-ws-');
    home = scratchDir('hookd-uibrowser-home-');
    writeHooks(workspace, 30);
    browser = await launchChromium(executablePath);
    ui = await startHookdUi(['--dialect', 'pbi', '--workspace', workspace, '--home', home]);
    uiPids.push(ui.pid);
  }, 60_000);

  afterAll(async () => {
    await ui?.stop();
    await browser?.close();
  }, 30_000);

  it('"The browser shows event, matcher, command/source, status message, timeout, trust status, current hash, enabled state, managed state, and diagnostics."', async () => {
    const page = await openPage(browser!, ui!.url);
    await expect(page.locator('article.hook').count()).resolves.toBe(2);
    for (const key of await page.locator('article.hook').evaluateAll((cards) => cards.map((each) => each.getAttribute('data-hook-key')))) expect(key).toMatch(/^project:.*\.agents\/hooks\.json:(PreToolUse|Stop):/);
    await expect(field(page, 'PreToolUse', 'event').textContent()).resolves.toContain('PreToolUse');
    await expect(field(page, 'PreToolUse', 'matcher').textContent()).resolves.toContain('shell');
    await expect(field(page, 'PreToolUse', 'source').textContent()).resolves.toContain('project');
    await expect(field(page, 'PreToolUse', 'command').textContent()).resolves.toContain('sh .agents/guard.sh');
    await expect(field(page, 'PreToolUse', 'status-message').textContent()).resolves.toContain('Checking the command');
    await expect(field(page, 'Stop', 'status-message').textContent()).resolves.toContain('—');
    await expect(field(page, 'PreToolUse', 'timeout').textContent()).resolves.toContain('30s');
    await expect(field(page, 'PreToolUse', 'trust-status').textContent()).resolves.toBe('untrusted');
    await expect(field(page, 'PreToolUse', 'hash').textContent()).resolves.toMatch(/sha256:[0-9a-f]{64}/);
    await expect(field(page, 'PreToolUse', 'source-path').textContent()).resolves.toContain(join('.agents', 'hooks.json'));
    await expect(field(page, 'PreToolUse', 'runnable').getAttribute('data-value')).resolves.toBe('false');
    await expect(field(page, 'PreToolUse', 'enabled').getAttribute('data-value')).resolves.toBe('true');
    await expect(field(page, 'PreToolUse', 'managed').getAttribute('data-value')).resolves.toBe('false');
    expect(await field(page, 'PreToolUse', 'diagnostics').count()).toBe(0);
    await expect(field(page, 'Stop', 'diagnostics').textContent()).resolves.toContain('ignoring self-declared managed hook from project source');
    await expect(field(page, 'Stop', 'managed').getAttribute('data-value')).resolves.toBe('false');
    await expect(field(page, 'Stop', 'trust-status').textContent()).resolves.toBe('untrusted');
    // Untrusted: a trust button and a disable button (enabled), no enable button.
    expect(await card(page, 'PreToolUse').locator('button[data-action="trust"]').count()).toBe(1);
    expect(await card(page, 'PreToolUse').locator('button[data-action="disable"]').count()).toBe(1);
    expect(await card(page, 'PreToolUse').locator('button[data-action="enable"]').count()).toBe(0);
    // No bypass in this launch: no notice.
    expect(await page.locator('#bypass-notice:visible').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('"Startup warnings appear in CLI stderr and in the web app when untrusted or modified hooks are discovered."', async () => {
    const page = await openPage(browser!, ui!.url);
    await expect(page.locator('#warnings li').allTextContents()).resolves.toEqual([
      '2 command hooks require trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).',
    ]);
    // The same text on hookd ui's stderr at startup, prefixed as the CLI writes it.
    expect(ui!.stderr()).toContain('Warning: 2 command hooks require trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).');
    await page.close();
  }, 60_000);

  it('trust, disable and enable from the page persist to hooks_state.json; an edited timeout shows "modified" after a reload', async () => {
    const page = await openPage(browser!, ui!.url);
    const key = await card(page, 'PreToolUse').getAttribute('data-hook-key');
    expect(key).not.toBeNull();
    const hash = ((await field(page, 'PreToolUse', 'hash').textContent()) ?? '').match(/sha256:[0-9a-f]{64}/)?.[0];

    await card(page, 'PreToolUse').locator('button[data-action="trust"]').click();
    await card(page, 'PreToolUse').locator('button[data-action="trust"]').waitFor({ state: 'detached', timeout: 20_000 });
    await expect(field(page, 'PreToolUse', 'trust-status').textContent()).resolves.toBe('trusted');
    await expect(page.locator('#status').textContent()).resolves.not.toBe('');
    expect(stateFile(home)[key!]).toEqual({ enabled: true, trusted_hash: hash });
    await expect(page.locator('#warnings li').allTextContents()).resolves.toEqual([
      '1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).',
    ]);

    await card(page, 'PreToolUse').locator('button[data-action="disable"]').click();
    await card(page, 'PreToolUse').locator('button[data-action="enable"]').waitFor({ timeout: 20_000 });
    await expect(field(page, 'PreToolUse', 'trust-status').textContent()).resolves.toBe('disabled');
    await expect(field(page, 'PreToolUse', 'enabled').getAttribute('data-value')).resolves.toBe('false');
    expect(stateFile(home)[key!]).toEqual({ enabled: false, trusted_hash: hash });

    await card(page, 'PreToolUse').locator('button[data-action="enable"]').click();
    await card(page, 'PreToolUse').locator('button[data-action="disable"]').waitFor({ timeout: 20_000 });
    expect(stateFile(home)[key!]).toEqual({ enabled: true, trusted_hash: hash });

    // The guard's timeout changes: same key (the identity is type + command), new hash: modified, trust offered again.
    writeHooks(workspace, 45);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    await expect(card(page, 'PreToolUse').getAttribute('data-hook-key')).resolves.toBe(key);
    await expect(field(page, 'PreToolUse', 'trust-status').textContent()).resolves.toBe('modified');
    await expect(field(page, 'PreToolUse', 'timeout').textContent()).resolves.toContain('45s');
    expect(await card(page, 'PreToolUse').locator('button[data-action="trust"]').count()).toBe(1);
    await page.close();
  }, 90_000);

  it('a request without the token is refused (401), from the address bar and from the page\'s own script', async () => {
    const page = await browser!.browser.newPage();
    const response = await page.goto(`http://127.0.0.1:${ui!.port}/`);
    expect(response?.status()).toBe(401);
    const withToken = await openPage(browser!, ui!.url);
    const statuses = await withToken.evaluate(async () => [(await fetch('/api/hooks')).status, (await fetch('/api/hooks', { headers: { Authorization: 'Bearer wrong' } })).status]);
    expect(statuses).toEqual([401, 401]);
    await page.close();
    await withToken.close();
  }, 60_000);

  it('"This makes untrusted and modified hooks runnable for that process and emits a warning." (the page shows the bypass notice)', async () => {
    const bypassed = await startHookdUi(['--dialect', 'pbi', '--workspace', workspace, '--home', home, '--dangerously-bypass-hook-trust']);
    uiPids.push(bypassed.pid);
    try {
      const before = readFileSync(join(home, '.pbi-agent', 'hooks_state.json'), 'utf8');
      const page = await openPage(browser!, bypassed.url);
      await expect(page.locator('#bypass-notice').textContent()).resolves.toContain(BYPASS_NOTICE);
      await expect(page.locator('#warnings li').allTextContents()).resolves.toEqual(['dangerously bypassing hook trust review; untrusted hooks may run.']);
      // Statuses stay the real ones; the untrusted Stop hook is runnable; nothing is written.
      await expect(field(page, 'Stop', 'trust-status').textContent()).resolves.toBe('untrusted');
      await expect(field(page, 'Stop', 'runnable').getAttribute('data-value')).resolves.toBe('true');
      expect(readFileSync(join(home, '.pbi-agent', 'hooks_state.json'), 'utf8')).toBe(before);
      await page.close();
    } finally {
      expect(await bypassed.stop()).toBe(0);
      expect(isAlive(bypassed.pid)).toBe(false);
    }
  }, 60_000);

  it('closing chromium and stopping hookd leaves none of their processes alive (checked by PID)', async () => {
    browser!.recordTree();
    const chromiumPids = [...browser!.pids];
    expect(chromiumPids.length).toBeGreaterThan(1);
    const { aliveAfterClose } = await browser!.close();
    expect(aliveAfterClose).toEqual([]);
    browser = undefined;
    expect(await ui!.stop()).toBe(0);
    expect(await waitUntil(() => [...chromiumPids, ...uiPids].every((pid) => !isAlive(pid)), 10_000, 25)).toBe(true);
  }, 60_000);
});
