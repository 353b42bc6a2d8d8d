// "Output over 10,000 characters is saved to a file; the model gets a preview and the path": the text rule and the
// per-session temp area (names, budgets, removal), against scratch directories. No processes.
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_CAP_CHARS } from '../../../../src/dialects/claude/cap.js';
import { formatSize, keepLongText, preview, PREVIEW_CHARS } from '../../../../src/dialects/claude/long-output.js';
import { SessionTempArea, sessionDirName } from '../../../../src/dialects/claude/session-temp-area.js';
import { scratchDir } from '../../../helpers/scratch.js';

const area = (options: { sessionBudgetBytes?: number; totalBudgetBytes?: number } = {}) => new SessionTempArea({ root: join(scratchDir(), 'hookd-test'), ...options });
const savedPath = (text: string): string => /Full output saved to: (\S+)\n/.exec(text)![1]!;

describe('"larger output is written to a file and replaced by path + preview" (Claude Code <persisted-output>)', () => {
  it('at most 10,000 characters: unchanged, nothing written', () => {
    const temp = area();
    expect(keepLongText(temp, 's', 'additionalContext', 'a'.repeat(CONTEXT_CAP_CHARS))).toEqual({ text: 'a'.repeat(CONTEXT_CAP_CHARS) });
    expect(existsSync(temp.root)).toBe(false);
  });

  it('10,001 characters: the whole text in a file under <root>/<session>/, and Claude Code\'s wording inline', () => {
    const temp = area();
    const text = 'z'.repeat(CONTEXT_CAP_CHARS + 1);
    const kept = keepLongText(temp, 'session-A', 'additionalContext', text);
    const path = savedPath(kept.text);
    expect(path.startsWith(join(temp.sessionDir('session-A'), 'hook-'))).toBe(true);
    expect(path.endsWith('-additionalContext.txt')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(kept.text).toBe(`<persisted-output>\nOutput too large (9.8KB). Full output saved to: ${path}\n\nPreview (first 2KB):\n${'z'.repeat(PREVIEW_CHARS)}\n...\n</persisted-output>`);
    expect(kept.note).toBe(`additionalContext of 10001 characters saved to ${path}; the model gets a 2000-character preview`);
  });

  it('the preview ends at a line break in its second half, and never splits a surrogate pair', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n');
    expect(preview(lines)).toBe(lines.slice(0, lines.lastIndexOf('\n', PREVIEW_CHARS - 1)));
    expect(preview('a'.repeat(PREVIEW_CHARS - 1) + '😀')).toBe('a'.repeat(PREVIEW_CHARS - 1));
    expect(preview('\n' + 'b'.repeat(5_000))).toBe('\n' + 'b'.repeat(PREVIEW_CHARS - 1));
  });

  it('sizes read as Claude Code prints them', () => {
    expect([formatSize(900), formatSize(2_000), formatSize(18_125), formatSize(3 * 1024 * 1024)]).toEqual(['900 bytes', '2KB', '17.7KB', '3MB']);
  });

  it('a spent session budget falls back to truncation, with the reason in the note; other sessions still save', () => {
    const temp = area({ sessionBudgetBytes: 25_000 });
    const text = 'q'.repeat(12_000);
    expect(keepLongText(temp, 'one', 'systemMessage', text).text).toContain('<persisted-output>');
    expect(keepLongText(temp, 'one', 'systemMessage', text).text).toContain('<persisted-output>');
    const third = keepLongText(temp, 'one', 'systemMessage', text);
    expect(third.text).toBe(`${'q'.repeat(CONTEXT_CAP_CHARS)}\n[hookd: truncated 2000 of 12000 characters; limit 10000]`);
    expect(third.note).toMatch(/^systemMessage truncated from 12000 to 10000 characters \(not saved to a file: the session's 25000-byte budget/);
    expect(readdirSync(temp.sessionDir('one'))).toHaveLength(2);
    expect(keepLongText(temp, 'two', 'systemMessage', text).text).toContain('<persisted-output>');
  });

  it('the budget counts UTF-8 bytes and also bounds all sessions together', () => {
    const temp = area({ totalBudgetBytes: 40_000 });
    const wide = 'é'.repeat(11_000); // 22,000 bytes
    expect(keepLongText(temp, 'a', 'feedback', wide).text).toContain('<persisted-output>');
    expect(keepLongText(temp, 'b', 'feedback', wide).note).toMatch(/hookd's 40000-byte budget for saved output is spent/);
  });

  it('the end of a session removes its directory and frees its budget; removeAll removes the whole area', () => {
    const temp = area({ sessionBudgetBytes: 15_000 });
    const text = 'w'.repeat(12_000);
    const path = savedPath(keepLongText(temp, 'ending', 'additionalContext', text).text);
    const other = savedPath(keepLongText(temp, 'staying', 'additionalContext', text).text);
    temp.removeSession('ending');
    expect(existsSync(path)).toBe(false);
    expect(existsSync(temp.sessionDir('ending'))).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(keepLongText(temp, 'ending', 'additionalContext', text).text).toContain('<persisted-output>');
    temp.removeAll();
    expect(existsSync(temp.root)).toBe(false);
  });

  it('a root that is a symlink (another process\'s trap in a shared /tmp) is never written through: truncation instead', () => {
    const base = scratchDir();
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(base, 'hookd-link'));
    const temp = new SessionTempArea({ root: join(base, 'hookd-link') });
    const kept = keepLongText(temp, 's', 'additionalContext', 'k'.repeat(10_001));
    expect(kept.text).toContain('[hookd: truncated 1 of 10001 characters; limit 10000]');
    expect(kept.note).toMatch(/is not a directory hookd made/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('session ids never escape the area: unsafe characters are replaced and a hash keeps names apart', () => {
    expect(sessionDirName('../../etc')).toMatch(/^______etc-[0-9a-f]{12}$/);
    expect(sessionDirName('a/b')).not.toBe(sessionDirName('a_b'));
    expect(sessionDirName('x'.repeat(500)).length).toBeLessThanOrEqual(64 + 13);
    const temp = area();
    const path = savedPath(keepLongText(temp, '../../outside', 'additionalContext', 'v'.repeat(10_500)).text);
    expect(path.startsWith(temp.root + '/')).toBe(true);
    expect(readdirSync(temp.root)).toEqual([sessionDirName('../../outside')]);
  });
});
