#!/usr/bin/env node
// Renders docs/pbi-ui.png: the built `hookd ui --dialect pbi` on a copy of examples/pbi/ (one hook trusted, one
// disabled, the rest awaiting review), photographed by headless chromium through playwright-core.
// Usage: node scripts/ui-screenshot.mjs [--out docs/pbi-ui.png]   (needs `npm run build` and chromium; an emoji
// font, Debian fonts-noto-color-emoji, draws the runnable shield — without one chromium shows an empty box)
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'docs', 'pbi-ui.png') } } });
const bin = join(root, 'dist', 'cli.js');
if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
const executablePath = process.env.CHROMIUM_PATH ?? execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();

const workspace = mkdtempSync(join(tmpdir(), 'hookd-shot-ws-'));
const home = mkdtempSync(join(tmpdir(), 'hookd-shot-home-'));
cpSync(join(root, 'examples', 'pbi', 'workspace'), workspace, { recursive: true });
cpSync(join(root, 'examples', 'pbi', 'home'), home, { recursive: true });

const ui = spawn(process.execPath, [bin, 'ui', '--dialect', 'pbi', '--workspace', workspace, '--home', home], { stdio: ['ignore', 'pipe', 'inherit'] });
let browser;
try {
  const url = await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error('hookd ui printed no URL within 30 s')), 30_000);
    ui.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = /^hookd ui: (\S+)\n/.exec(stdout)?.[1];
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    ui.on('exit', (code) => reject(new Error(`hookd ui exited with code ${code}`)));
  });
  browser = await chromium.launch({ executablePath, headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  // One hook trusted and one disabled, so the picture shows each state and both kinds of buttons.
  const ready = () => page.waitForFunction(() => !document.querySelector('button[disabled]'));
  const cardOf = (event) => page.locator('article.hook').filter({ has: page.locator('[data-field="event"]', { hasText: event }) }).first();
  await cardOf('PreToolUse').locator('button[data-action="trust"]').click();
  await cardOf('PreToolUse').locator('button[data-action="trust"]').waitFor({ state: 'detached' });
  await cardOf('Stop').locator('button[data-action="disable"]').click();
  await cardOf('Stop').locator('button[data-action="enable"]').waitFor();
  await ready();
  await page.screenshot({ path: values.out, fullPage: true });
  console.log(`wrote ${values.out}`);
} finally {
  await browser?.close();
  ui.kill('SIGTERM');
  await new Promise((resolve) => (ui.exitCode !== null ? resolve() : ui.on('exit', resolve)));
  for (const dir of [workspace, home]) rmSync(dir, { recursive: true, force: true });
}
