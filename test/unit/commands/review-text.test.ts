// The text of `hookd hooks` from a review listing (src/commands/review-text.ts), without processes: pbi-agent's
// `hooks` layout of facts §13 (blocks, Review line, diagnostics for stderr, `No hooks discovered.`), the action
// answers and the --json escaping. The built CLI is tested in test/e2e/pbi-cli.test.ts.
import { describe, expect, it } from 'vitest';
import type { ReviewedHook, ReviewListing } from '../../../src/protocol/index.js';
import {
  actionDoneText,
  hookBlock,
  hookNotFoundText,
  matcherText,
  NO_HOOKS_TEXT,
  REVIEW_HINT,
  reviewListingText,
  timeoutText,
} from '../../../src/commands/review-text.js';
import { asciiJson } from '../../../src/config/ascii-json.js';

const WS = '/ws';
const HOME = '/home/u';

function row(overrides: Partial<ReviewedHook>): ReviewedHook {
  return {
    id: 'h1',
    key: 'k',
    event: 'Stop',
    matcher: null,
    command: 'true',
    source: 'project',
    sourcePath: `${WS}/.agents/hooks.json`,
    statusMessage: null,
    timeoutMs: 600_000,
    trustStatus: 'untrusted',
    currentHash: 'sha256:0',
    enabled: true,
    managed: false,
    runnable: false,
    diagnostics: [],
    ...overrides,
  };
}

function listing(hooks: ReviewedHook[], diagnostics: string[] = []): ReviewListing {
  return { dialect: 'pbi', hooks, diagnostics, reviewRequiredCount: 0, trustBypassActive: false, warnings: [] };
}

// The three hooks of the facts file's §13 capture, as the listing carries them.
const CAPTURE: ReviewedHook[] = [
  row({
    event: 'SessionStart',
    matcher: 'startup',
    command: 'echo hi',
    source: 'global',
    sourcePath: `${HOME}/.pbi-agent/hooks.json`,
    key: `global:${HOME}/.pbi-agent/hooks.json:SessionStart:startup:sha256:a1a89dc40bfe082e100c6fcb302bf1ded9c2337652bdb35cf28738fe33c6dc46:1`,
    currentHash: 'sha256:bbdcad05c20e5452ab4ca5dfeb82d9d877606be23f7882d4b05f47d5199a2a39',
  }),
  row({
    event: 'PreToolUse',
    matcher: 'shell|apply_patch',
    command: 'python3 .agents/hooks/check_policy.py',
    key: `project:${WS}/.agents/hooks.json:PreToolUse:shell|apply_patch:sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7:1`,
    currentHash: 'sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f',
    statusMessage: 'Checking policy',
    timeoutMs: 30_000,
  }),
  row({
    event: 'UserPromptSubmit',
    matcher: '  *  ',
    command: "  echo 'héllo ✓'  ",
    key: `project:${WS}/.agents/hooks.json:UserPromptSubmit:*:sha256:fac991cf4498b78b49242315ca74b0bcac515d7d5377a6ce075d78c7a8c77e9e:1`,
    currentHash: 'sha256:67f972a6645da271c1696c3d21e80ecc8f389478e9b49658e31022ba71ca8f91',
    statusMessage: 'Prüfe ✓',
    timeoutMs: 45_000,
    diagnostics: [`${WS}/.agents/hooks.json: ignoring self-declared managed hook from project source`],
  }),
];

describe('hookd hooks text (facts §13)', () => {
  it('prints the blocks of pbi-agent hooks for the captured listing, then the Review line', () => {
    const { stdout, stderr } = reviewListingText(listing(CAPTURE));
    expect(stdout.join('\n')).toBe(
      [
        'SessionStart [untrusted] matcher=startup source=global',
        '  command: echo hi',
        `  key: ${CAPTURE[0]!.key}`,
        '  hash: sha256:bbdcad05c20e5452ab4ca5dfeb82d9d877606be23f7882d4b05f47d5199a2a39',
        '  timeout: 600s',
        'PreToolUse [untrusted] matcher=shell|apply_patch source=project',
        '  command: python3 .agents/hooks/check_policy.py',
        `  key: ${CAPTURE[1]!.key}`,
        '  hash: sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f',
        '  status: Checking policy',
        '  timeout: 30s',
        'UserPromptSubmit [untrusted] matcher=  *   source=project',
        "  command:   echo 'héllo ✓'  ",
        `  key: ${CAPTURE[2]!.key}`,
        '  hash: sha256:67f972a6645da271c1696c3d21e80ecc8f389478e9b49658e31022ba71ca8f91',
        '  status: Prüfe ✓',
        '  timeout: 45s',
        `  diagnostic: ${WS}/.agents/hooks.json: ignoring self-declared managed hook from project source`,
        '',
        'Review: use `hookd hooks trust <hook-key>` after inspecting a hook, or manage hooks in the web Settings → Hooks browser (`hookd ui`).',
      ].join('\n'),
    );
    expect(stderr).toEqual([]);
  });

  it('puts discovery diagnostics on the stderr lines as "\\nDiagnostics:\\n- <text>"', () => {
    const { stdout, stderr } = reviewListingText(listing([CAPTURE[0]!], [`${WS}/.agents/hooks.json: skipping unsupported hook type 'prompt'`]));
    expect(stdout.at(-1)).toBe(REVIEW_HINT);
    expect(stderr).toEqual(['', 'Diagnostics:', `- ${WS}/.agents/hooks.json: skipping unsupported hook type 'prompt'`]);
  });

  it('with no hooks prints only "No hooks discovered." on stdout, and still the diagnostics on stderr (hookd does not hide them)', () => {
    const bad = `${WS}/.agents/hooks.json: failed to parse hooks config: x`;
    const { stdout, stderr } = reviewListingText(listing([], [bad]), ['the trust store is unusable']);
    expect(stdout).toEqual([NO_HOOKS_TEXT]);
    expect(stderr).toEqual(['', 'Diagnostics:', `- ${bad}`, '- the trust store is unusable']);
    expect(reviewListingText(listing([])).stderr).toEqual([]);
  });

  it('marks a managed hook [managed managed] and shows each status the listing can carry', () => {
    expect(hookBlock(row({ trustStatus: 'managed', managed: true }))[0]).toBe('Stop [managed managed] matcher=* source=project');
    for (const status of ['trusted', 'modified', 'disabled'] as const) expect(hookBlock(row({ trustStatus: status }))[0]).toBe(`Stop [${status}] matcher=* source=project`);
  });

  it('shows the matcher raw, * when absent or empty; no status: line for an empty status message', () => {
    expect(matcherText(null)).toBe('*');
    expect(matcherText('')).toBe('*');
    expect(matcherText(' shell ')).toBe(' shell ');
    expect(hookBlock(row({ statusMessage: '' })).some((line) => line.startsWith('  status:'))).toBe(false);
  });

  it('prints timeouts in seconds', () => {
    expect(timeoutText(600_000)).toBe('600s');
    expect(timeoutText(1000)).toBe('1s');
    expect(timeoutText(1500)).toBe('1.5s');
  });
});

describe('hookd hooks trust|disable|enable answers', () => {
  it('names the event and command: "Trusted hook: <Event> <command>", Disabled, Enabled', () => {
    const hook = { event: 'PreToolUse', command: 'python3 .agents/hooks/check_policy.py' };
    expect(actionDoneText('trust', hook)).toBe('Trusted hook: PreToolUse python3 .agents/hooks/check_policy.py');
    expect(actionDoneText('disable', hook)).toBe('Disabled hook: PreToolUse python3 .agents/hooks/check_policy.py');
    expect(actionDoneText('enable', hook)).toBe('Enabled hook: PreToolUse python3 .agents/hooks/check_policy.py');
    expect(hookNotFoundText('nope')).toBe('Error: hook not found: nope');
  });
});

describe('asciiJson (Python json.dumps with ensure_ascii)', () => {
  it('escapes non-ASCII as lowercase \\uXXXX and astral characters as surrogate pairs, 2-space indent', () => {
    expect(asciiJson({ a: "héllo ✓ 😀", b: [], c: {} }, 2)).toBe('{\n  "a": "h\\u00e9llo \\u2713 \\ud83d\\ude00",\n  "b": [],\n  "c": {}\n}');
    expect(JSON.parse(asciiJson({ a: 'Prüfe ✓' }, 2))).toEqual({ a: 'Prüfe ✓' });
  });

  it('escapes DEL (U+007F) as Python does (its ASCII range for ensure_ascii is space to tilde) and keeps compact separators', () => {
    expect(asciiJson({ a: '\u007f\u0001\n' })).toBe('{"a":"\\u007f\\u0001\\n"}');
  });
});
