// The browser harness itself (test/helpers/browser.ts): the machine's chromium launches headless through
// playwright-core, renders a page served on loopback, runs its script, and after close none of its processes is alive.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, descendantsOf, launchChromium } from '../helpers/browser.js';
import { isAlive } from '../helpers/processes.js';

const executablePath = chromiumPath();
const page = `<!doctype html><title>harness</title><ul id="list"></ul>
<script>for (const word of ['one', 'two']) { const li = document.createElement('li'); li.textContent = word; document.getElementById('list').append(li); }
document.body.dataset.ready = 'true';</script>`;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(page);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Without chromium the test is skipped on a developer's machine, but fails under CI (.ci/run installs chromium).
describe.skipIf(executablePath === undefined && process.env.CI !== 'true')('browser harness (chromium through playwright-core)', () => {
  it('renders a loopback page, runs its script, and leaves no chromium process alive after close', async () => {
    if (executablePath === undefined) throw new Error('chromium is not installed (command -v chromium failed)');
    const launched = await launchChromium(executablePath);
    let closed = false;
    try {
      expect(isAlive(launched.pid)).toBe(true);
      const tab = await launched.browser.newPage();
      await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await tab.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
      expect(await tab.locator('#list li').allTextContents()).toEqual(['one', 'two']);
      launched.recordTree();
      // Chromium runs helper processes (zygote, renderer …) under its main process: all are recorded.
      expect(launched.pids.size).toBeGreaterThan(1);
      expect(descendantsOf(launched.pid).length).toBeGreaterThan(0);
      const { aliveAfterClose, stillAlive } = await launched.close();
      closed = true;
      expect(aliveAfterClose).toEqual([]);
      expect(stillAlive).toEqual([]);
      for (const pid of launched.pids) expect(isAlive(pid)).toBe(false);
    } finally {
      if (!closed) await launched.close();
    }
  }, 60_000);
});
