// The codex review store writing [hooks.state."<key>"] into $CODEX_HOME/config.toml (hook-systems §3.2 "State lives in
// config: [hooks.state."<key>"] with enabled (bool) and trusted_hash ("sha256:<hex>")"): byte-exact results on files
// with comments, CRLF, BOM; every other byte kept; unparseable or unusual files never rewritten. Real files.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editHookState } from '../../../src/dialects/codex/config-toml-edit.js';
import { readCodexConfig } from '../../../src/dialects/codex/config-toml.js';
import { codexReviewState } from '../../../src/dialects/codex/review.js';
import { createCodexReviewStore } from '../../../src/dialects/codex/state-store.js';
import { scratchDir } from '../../helpers/scratch.js';

const H1 = `sha256:${'1'.repeat(64)}`;
const H2 = `sha256:${'2'.repeat(64)}`;
const KEY = '/home/u/.codex/hooks.json:pre_tool_use:0:0';

function home(text?: string): string {
  const dir = join(scratchDir('hookd-codex-store-'), '.codex');
  mkdirSync(dir);
  const path = join(dir, 'config.toml');
  if (text !== undefined) writeFileSync(path, text);
  return path;
}

const USER_FILE = `# my codex config
model = "gpt-5.4"   # pinned
approval_policy = "on-request"

[projects."/work/repo"]
trust_level = "trusted"

# hook reviews below
[hooks.state."${KEY}"]
enabled = true # reviewed on monday
trusted_hash = "${H1}"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
`;

describe('codex review store: byte-exact config.toml', () => {
  it('trust on a missing file creates $CODEX_HOME and config.toml with exactly the table Codex writes', async () => {
    const root = scratchDir('hookd-codex-store-');
    const path = join(root, 'no-such-home', 'config.toml');
    await createCodexReviewStore(path).trust(KEY, H1);
    expect(readFileSync(path, 'utf8')).toBe(`[hooks.state."${KEY}"]\nenabled = true\ntrusted_hash = "${H1}"\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('trust of a new key appends one table at the end after a blank line; every other byte stays', async () => {
    const path = home(USER_FILE);
    const key = '/work/repo/.codex/hooks.json:stop:1:0';
    await createCodexReviewStore(path).trust(key, H2);
    expect(readFileSync(path, 'utf8')).toBe(`${USER_FILE}\n[hooks.state."${key}"]\nenabled = true\ntrusted_hash = "${H2}"\n`);
  });

  it('disable edits only the value of `enabled` in place (its comment kept); enable puts it back: the file is byte-identical', async () => {
    const path = home(USER_FILE);
    const store = createCodexReviewStore(path);
    await store.setEnabled(KEY, false);
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE.replace('enabled = true # reviewed on monday', 'enabled = false # reviewed on monday'));
    await store.setEnabled(KEY, true);
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE);
  });

  it('revoke removes only the trusted_hash line; trust again re-adds it after the entry\'s last key', async () => {
    const path = home(USER_FILE);
    const store = createCodexReviewStore(path);
    await store.revoke(KEY);
    const revoked = USER_FILE.replace(`trusted_hash = "${H1}"\n`, '');
    expect(readFileSync(path, 'utf8')).toBe(revoked);
    expect(codexReviewState({ key: KEY, currentHash: H1, managed: false, bypass: false, config: readCodexConfig(path) }).status).toBe('untrusted');
    await store.trust(KEY, H2);
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE.replace(H1, H2));
  });

  it('trust of a modified hook replaces the hash in place and re-enables a disabled one', async () => {
    const text = `[hooks.state."${KEY}"]\ntrusted_hash = '${H1}'   # old\nenabled = false\n`;
    const path = home(text);
    await createCodexReviewStore(path).trust(KEY, H2);
    expect(readFileSync(path, 'utf8')).toBe(`[hooks.state."${KEY}"]\ntrusted_hash = "${H2}"   # old\nenabled = true\n`);
  });

  it('enable of an entry without `enabled` adds it after its last key, before the comments and blank lines of the next table', async () => {
    const text = `[hooks.state."${KEY}"]\ntrusted_hash = "${H1}"\n\n# next\n[other]\nx = 1\n`;
    const path = home(text);
    await createCodexReviewStore(path).setEnabled(KEY, false);
    expect(readFileSync(path, 'utf8')).toBe(`[hooks.state."${KEY}"]\ntrusted_hash = "${H1}"\nenabled = false\n\n# next\n[other]\nx = 1\n`);
  });

  it('CRLF line endings, a BOM and a missing final newline are kept', async () => {
    const text = `\uFEFFmodel = "x"\r\n[hooks.state."${KEY}"]\r\nenabled = true\r\ntrusted_hash = "${H1}"`;
    const path = home(text);
    const store = createCodexReviewStore(path);
    await store.setEnabled(KEY, false);
    expect(readFileSync(path, 'utf8')).toBe(text.replace('enabled = true', 'enabled = false'));
    await store.trust('/k:stop:0:0', H2);
    expect(readFileSync(path, 'utf8')).toBe(`${text.replace('enabled = true', 'enabled = false')}\r\n\r\n[hooks.state."/k:stop:0:0"]\r\nenabled = true\r\ntrusted_hash = "${H2}"\r\n`);
  });

  it('a key needing escapes is written as a TOML basic string and read back as the same key', async () => {
    const key = 'C:\\Users\\a "b"\\.codex\\hooks.json:pre_tool_use:0:0';
    const path = home('');
    await createCodexReviewStore(path).trust(key, H1);
    expect(readFileSync(path, 'utf8')).toBe(`[hooks.state."C:\\\\Users\\\\a \\"b\\"\\\\.codex\\\\hooks.json:pre_tool_use:0:0"]\nenabled = true\ntrusted_hash = "${H1}"\n`);
    expect(readCodexConfig(path).hookState.get(key)).toEqual({ enabled: true, trustedHash: H1 });
  });

  it('a header-looking line inside a multi-line string is not taken for the entry', async () => {
    const text = `notes = """\n[hooks.state."${KEY}"]\nenabled = true\n"""\n`;
    const path = home(text);
    await createCodexReviewStore(path).setEnabled(KEY, false);
    expect(readFileSync(path, 'utf8')).toBe(`${text}\n[hooks.state."${KEY}"]\nenabled = false\n`);
  });

  it('the file mode is kept and a symlinked config.toml is written through to its target', async () => {
    const path = home(USER_FILE);
    chmodSync(path, 0o644);
    const link = join(scratchDir('hookd-codex-link-'), 'config.toml');
    symlinkSync(path, link);
    await createCodexReviewStore(link).trust('/k:stop:0:0', H2);
    expect(readFileSync(path, 'utf8')).toContain('[hooks.state."/k:stop:0:0"]');
    expect(statSync(path).mode & 0o777).toBe(0o644);
    expect(readFileSync(link, 'utf8')).toBe(readFileSync(path, 'utf8'));
  });

  it('§3.1 inline [hooks] tables in config.toml: the state table is appended after them and both read back', async () => {
    const text = '[features]\nhooks = true\n\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo hi"\n';
    const path = home(text);
    const key = `${path}:pre_tool_use:0:0`;
    await createCodexReviewStore(path).trust(key, H1);
    expect(readFileSync(path, 'utf8')).toBe(`${text}\n[hooks.state."${key}"]\nenabled = true\ntrusted_hash = "${H1}"\n`);
    const read = readCodexConfig(path);
    expect(read.hooksFeature).toBe(true);
    expect(read.hookState.get(key)).toEqual({ enabled: true, trustedHash: H1 });
  });

  it('TOML values JavaScript numbers cannot hold (i64 max), dates and nan are read and kept', async () => {
    const text = 'max_bytes = 9223372036854775807\nwhen = 1979-05-27T07:32:00Z\nat = 07:32:00\nratio = nan\n';
    const path = home(text);
    await createCodexReviewStore(path).trust(KEY, H1);
    expect(readFileSync(path, 'utf8')).toBe(`${text}\n[hooks.state."${KEY}"]\nenabled = true\ntrusted_hash = "${H1}"\n`);
    expect(readCodexConfig(path).diagnostics).toEqual([]);
  });

  it('revoke of a key with no entry writes nothing', async () => {
    const path = home(USER_FILE);
    const before = statSync(path).mtimeMs;
    await createCodexReviewStore(path).revoke('/nothing:stop:0:0');
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE);
    expect(statSync(path).mtimeMs).toBe(before);
  });
});

describe('codex review store: files it must not rewrite', () => {
  it('a config.toml with a TOML syntax error: the action fails naming the file and line, and the file is untouched', async () => {
    const text = '[features]\nhooks = tru\n';
    const path = home(text);
    await expect(createCodexReviewStore(path).trust(KEY, H1)).rejects.toThrow(`${path} is not valid TOML at line 2`);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('an entry written as an inline table is refused (hookd does not rewrite it), the file untouched', async () => {
    const text = `[hooks]\nstate = { "${KEY}" = { enabled = true } }\n`;
    const path = home(text);
    await expect(createCodexReviewStore(path).setEnabled(KEY, false)).rejects.toThrow('inline table or dotted keys');
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('a new entry that cannot be appended (hooks.state is an inline table) is refused by the re-parse check', () => {
    const text = `hooks = { state = { } }\n`;
    const edited = editHookState(text, KEY, { enabled: true, trustedHash: H1 });
    expect(edited.ok).toBe(false);
  });

  it('a directory where config.toml should be: the action fails naming it', async () => {
    const path = home();
    mkdirSync(path);
    await expect(createCodexReviewStore(path).trust(KEY, H1)).rejects.toThrow(path);
  });
});

describe('codex review store: concurrent calls', () => {
  it('50 trusts started at once are coalesced: every entry present, the file valid, no temp or lock file left', async () => {
    const path = home(USER_FILE);
    const store = createCodexReviewStore(path);
    await Promise.all(Array.from({ length: 50 }, (_, n) => store.trust(`/k${n}:pre_tool_use:0:0`, H2)));
    const read = readCodexConfig(path);
    expect(read.diagnostics).toEqual([]);
    for (let n = 0; n < 50; n++) expect(read.hookState.get(`/k${n}:pre_tool_use:0:0`)).toEqual({ enabled: true, trustedHash: H2 });
    expect(read.hookState.get(KEY)).toEqual({ enabled: true, trustedHash: H1 });
    expect(readFileSync(path, 'utf8').startsWith(USER_FILE)).toBe(true);
    expect(readdirSync(join(path, '..'))).toEqual(['config.toml']);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
