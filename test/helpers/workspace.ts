// Scratch workspaces for tests (removed after the test file): a temp dir with .claude/settings.json written from an object.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.js';

export function makeWorkspace(prefix = 'hookd-ws-'): string {
  return scratchDir(prefix);
}

export function writeClaudeSettings(workspace: string, settings: unknown, file = 'settings.json'): string {
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  const path = join(workspace, '.claude', file);
  writeFileSync(path, typeof settings === 'string' ? settings : JSON.stringify(settings, null, 2));
  return path;
}

/** `{hooks: {[event]: [{matcher, hooks: [{type: 'command', command, ...}]}]}}` for one handler. */
export function oneHook(event: string, command: string, options: { matcher?: string; timeout?: number; [key: string]: unknown } = {}) {
  const { matcher, ...handler } = options;
  return { hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...handler }] }] } };
}
