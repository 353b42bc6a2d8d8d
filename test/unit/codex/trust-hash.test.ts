// Codex's hook key and trust hash (hook-systems §3.2) against vectors not computed by hookd: three trusted_hash values
// the real codex-cli 0.157.1 TUI wrote (recorded in oh-my-codex's test, see below) and Python-derived ones that apply
// the normalization read in codex-rs (hooks/src/engine/discovery.rs `command_hook_hash`, config `version_for_toml`).
import { describe, expect, it } from 'vitest';
import { canonicalJson, codexHookHash, codexHookIdentity, codexNormalizedTimeoutSec } from '../../../src/dialects/codex/hook-hash.js';
import { codexHookKey, codexKeySourcePath, parseCodexHookKey } from '../../../src/dialects/codex/hook-key.js';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../helpers/scratch.js';

describe('codex trust hash: values the real Codex wrote', () => {
  // Yeachan-Heo/oh-my-codex scripts/test-codex-trust-hooks.sh: "Expected hashes were written by codex-cli 0.157.1's TUI
  // trust review", for this hooks.json (the command is hashed before ${PLUGIN_ROOT} is substituted):
  //   SessionStart [{matcher "startup|resume|clear", hooks [{type command, command C}]}]
  //   PreToolUse   [{hooks [{type command, command C}]}]
  //   Stop         [{hooks [{type command, command C, timeout 30}]}]
  const command = 'node "${PLUGIN_ROOT}/hooks/codex-native-hook.mjs"';
  it('§3.2 "Hash: computed over a normalized identity {event_name, matcher, hooks:[normalized handler]}" — SessionStart with a matcher', () => {
    expect(codexHookHash({ event: 'SessionStart', matcher: 'startup|resume|clear', handler: { type: 'command', command } })).toBe(
      'sha256:c70df1f988a6965eb9d0fbdbfeaf84a609c98a9e24567dd1eb140cd6bf8e49f9',
    );
  });
  it('§3.2 "defaults applied (e.g. timeout_sec 600 …)" — PreToolUse without matcher or timeout', () => {
    expect(codexHookHash({ event: 'PreToolUse', matcher: undefined, handler: { type: 'command', command } })).toBe(
      'sha256:0beadaffc3fbe7daf525b5f470271fd9652bbb6a681827f62ae519aa585114fa',
    );
  });
  it('§3.2 hash covers the timeout as written — Stop with timeout 30', () => {
    expect(codexHookHash({ event: 'Stop', matcher: undefined, handler: { type: 'command', command, timeout: 30 } })).toBe(
      'sha256:216a53a71d5c9819f0fdbbbbf869c4f8d9455e742dad9e0f1d91f3d67dbba2ff',
    );
  });
});

describe('codex trust hash: Python-derived vectors of the normalization read in codex-rs', () => {
  // Each expected value: python3 -c "import hashlib,json; s=json.dumps(IDENTITY, separators=(',',':'), sort_keys=True,
  // ensure_ascii=False); print('sha256:'+hashlib.sha256(s.encode()).hexdigest())" with IDENTITY as in the comment.
  it('§3.2 "serialized canonically (compact, key-sorted JSON, SHA-256)" — statusMessage kept, keys sorted', () => {
    const identity = { event: 'PreToolUse', matcher: 'Bash', handler: { type: 'command', command: 'python3 /tmp/pre.py', timeout: 10, statusMessage: 'checking' } } as const;
    expect(canonicalJson(codexHookIdentity(identity))).toBe(
      '{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"python3 /tmp/pre.py","statusMessage":"checking","timeout":10,"type":"command"}],"matcher":"Bash"}',
    );
    expect(codexHookHash(identity)).toBe('sha256:9a83132a02713ae30b932816146c9aac722767b1aa74f9d92f4e47d096eb14b6');
  });
  it('§3.1 "`0` is floored to 1 s in code via max(1)" — and an empty matcher is part of the identity', () => {
    // IDENTITY = {"event_name":"post_tool_use","matcher":"","hooks":[{"type":"command","command":"echo hi","timeout":1,"async":False}]}
    expect(codexHookHash({ event: 'PostToolUse', matcher: '', handler: { type: 'command', command: 'echo hi', timeout: 0 } })).toBe(
      'sha256:0936c9573f43af6789be1aef7de4729b09e1a55aa8e8a529dab5a9da677b31cf',
    );
  });
  it('§3.3 UserPromptSubmit has no matcher — a matcher written there is not hashed', () => {
    // IDENTITY = {"event_name":"user_prompt_submit","hooks":[{"type":"command","command":"echo hi","timeout":600,"async":False}]}
    const expected = 'sha256:4ac11110e7e52a7ace4a63994f6a554e0c891264e3e3733d1f0541b1cd0b3b3e';
    expect(codexHookHash({ event: 'UserPromptSubmit', matcher: 'ignored', handler: { type: 'command', command: 'echo hi' } })).toBe(expected);
    expect(codexHookHash({ event: 'UserPromptSubmit', matcher: undefined, handler: { type: 'command', command: 'echo hi' } })).toBe(expected);
  });
  it('§3.3 SessionEnd "1 s default, max 3 s" — the clamped timeout is hashed', () => {
    // IDENTITY = {"event_name":"session_end","hooks":[{"type":"command","command":"echo bye","timeout":3,"async":False}]}
    expect(codexHookHash({ event: 'SessionEnd', matcher: undefined, handler: { type: 'command', command: 'echo bye', timeout: 10 } })).toBe(
      'sha256:071d0f7e3b5d2ee8d45f9b3d2c8e013903db09ef4a767876ff83b52ea77eee3f',
    );
    expect(codexNormalizedTimeoutSec('SessionEnd', undefined)).toBe(1);
    expect(codexNormalizedTimeoutSec('SessionEnd', 0)).toBe(1);
  });
  it('§3.2 "command_windows dropped, async" — commandWindows never changes the hash, async does; escapes as serde_json', () => {
    // IDENTITY = {"event_name":"pre_tool_use","matcher":"^Bash$","hooks":[{"type":"command","command":"printf \"é\t\x01\x7f/x\" 'q'","timeout":600,"async":True}]}
    const command = 'printf "é\t\u0001\u007f/x" \'q\'';
    const expected = 'sha256:17b7831bdf353760278e02e57ea7cd69504f284a3fade0c71c43db1183e7bb94';
    expect(codexHookHash({ event: 'PreToolUse', matcher: '^Bash$', handler: { type: 'command', command, async: true } })).toBe(expected);
    expect(codexHookHash({ event: 'PreToolUse', matcher: '^Bash$', handler: { type: 'command', command, async: true, commandWindows: 'echo win' } })).toBe(expected);
    expect(codexHookHash({ event: 'PreToolUse', matcher: '^Bash$', handler: { type: 'command', command, async: false } })).not.toBe(expected);
  });
  it('§3.1 additionalContextLimit — a non-default limit is part of the identity, the default 2 500 is not', () => {
    // IDENTITY = {"event_name":"session_start","matcher":"startup","hooks":[{"type":"command","command":"cat ctx.md","timeout":600,"async":False,"additionalContextLimit":0}]}
    expect(codexHookHash({ event: 'SessionStart', matcher: 'startup', handler: { type: 'command', command: 'cat ctx.md', additionalContextLimit: 0 } })).toBe(
      'sha256:c164c6865ccab45b7b7d9283786c1756704a83921c2f5791d43ce281cb706899',
    );
    expect(codexHookHash({ event: 'SessionStart', matcher: 'startup', handler: { type: 'command', command: 'cat ctx.md', additionalContextLimit: 2500 } })).toBe(
      codexHookHash({ event: 'SessionStart', matcher: 'startup', handler: { type: 'command', command: 'cat ctx.md' } }),
    );
  });
  it('§3.2 "Equivalent TOML and JSON hooks converge on the same hash" — field order and unknown fields do not matter', () => {
    const a = codexHookHash({ event: 'PreToolUse', matcher: 'Bash', handler: { type: 'command', command: 'x', timeout: 5, statusMessage: 's' } });
    const b = codexHookHash({ event: 'PreToolUse', matcher: 'Bash', handler: { statusMessage: 's', timeout: 5, command: 'x', type: 'command', description: 'ignored' } });
    expect(b).toBe(a);
  });
});

describe('codex hook key', () => {
  it('§3.2 "Hook key: <source path>:<event_snake_case>:<group_index>:<handler_index>" (discovery.rs test: "{path}:pre_tool_use:0:0")', () => {
    expect(codexHookKey({ sourcePath: '/tmp/hooks.json', event: 'PreToolUse', groupIndex: 0, handlerIndex: 0 })).toBe('/tmp/hooks.json:pre_tool_use:0:0');
    expect(codexHookKey({ sourcePath: '/h/.codex/hooks.json', event: 'UserPromptSubmit', groupIndex: 2, handlerIndex: 1 })).toBe('/h/.codex/hooks.json:user_prompt_submit:2:1');
    expect(codexHookKey({ sourcePath: '/h/.codex/hooks.json', event: 'PostCompact', groupIndex: 0, handlerIndex: 3 })).toBe('/h/.codex/hooks.json:post_compact:0:3');
  });
  it('parses a key back at its last three colons (the source path may hold colons)', () => {
    expect(parseCodexHookKey('demo@market:hooks/hooks.json:session_start:1:2')).toEqual({ sourcePath: 'demo@market:hooks/hooks.json', eventLabel: 'session_start', groupIndex: 1, handlerIndex: 2 });
    expect(parseCodexHookKey('no-key')).toBeUndefined();
  });
  it('find_codex_home "If CODEX_HOME is set, the value will be canonicalized": the key source resolves a symlinked $CODEX_HOME, the default is kept as is', () => {
    const root = realpathSync(scratchDir('hookd-codex-keysrc-'));
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(codexKeySourcePath(join(root, 'link', 'hooks.json'), true)).toBe(join(root, 'real', 'hooks.json'));
    expect(codexKeySourcePath(join(root, 'link', 'hooks.json'), false)).toBe(join(root, 'link', 'hooks.json'));
    expect(codexKeySourcePath(join(root, 'missing', 'hooks.json'), true)).toBe(join(root, 'missing', 'hooks.json'));
  });
});
