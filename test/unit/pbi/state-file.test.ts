// ~/.pbi-agent/hooks_state.json as pbi-agent 0.40.0 reads and writes it (facts §4): statuses, the orphan-only
// single-handler fallback, byte-identical writes, foreign entries kept, unusable files treated as empty.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPbiReviewStore, defaultHookStatePath, lookupReviewStatus, readHookState, type HookStateSnapshot, type StatusQuery } from '../../../src/dialects/pbi/state-file.js';
import { pythonFloatRepr } from '../../../src/dialects/pbi/state-json.js';
import { scratchDir } from '../../helpers/scratch.js';

let dir = '';
let path = '';
beforeEach(() => {
  dir = scratchDir('hookd-pbi-state-');
  path = join(dir, '.pbi-agent', 'hooks_state.json');
});

const WS = '/work/ws';
const PREFIX = `project:${WS}/.agents/hooks.json:PreToolUse:shell:`;
const KEY_A = `${PREFIX}sha256:72134ee3b05fa4c040d778bff1ad8ad4aef905392b524a28e22e8da84bdee547:1`;
const KEY_B = `${PREFIX}sha256:aa756a6f4c5ec983454276a43f04f02ec815ff980a4989d86567030d7a853de5:1`;
const HASH_A = 'sha256:4ef52df7c8e1e420ef1b149458a89c24b936e4110bcd8aa64fbbf56fbc56479f';
const HASH_B = 'sha256:5df7bdbd53efde5ae35a22a2017f913f8a991b5814f2ae86143765faf9038ba3';

/** The facts §4 example file, as pbi-agent writes it (json.dumps indent=2, sort_keys=True, + "\n"). */
const FACTS_FILE = `{
  "state": {
    "${KEY_A}": {
      "enabled": false,
      "trusted_hash": "${HASH_A}"
    },
    "${KEY_B}": {
      "enabled": true,
      "trusted_hash": "${HASH_B}"
    }
  }
}
`;

function writeState(text: string | Buffer): void {
  mkdirSync(join(dir, '.pbi-agent'), { recursive: true });
  writeFileSync(path, text);
}

function query(key: string, currentHash: string, extra: Partial<StatusQuery> = {}): StatusQuery {
  return { key, currentHash, keyPrefix: PREFIX, soleHandlerOfGroup: false, liveKeys: new Set([key]), ...extra };
}

function snapshotOf(state: Record<string, unknown>): HookStateSnapshot {
  return { state };
}

describe('pbi-agent stores trust state in ~/.pbi-agent/hooks_state.json using a stable hook identity plus a normalized hash of the hook definition.', () => {
  it('the default path is <home>/.pbi-agent/hooks_state.json', () => {
    expect(defaultHookStatePath('/home/u')).toBe('/home/u/.pbi-agent/hooks_state.json');
  });

  it('a file written by pbi-agent is read: disabled, trusted, and a changed hash is modified', () => {
    writeState(FACTS_FILE);
    const snapshot = readHookState(path);
    expect(snapshot.problem).toBeUndefined();
    expect(lookupReviewStatus(query(KEY_A, HASH_A), snapshot)).toBe('disabled');
    expect(lookupReviewStatus(query(KEY_B, HASH_B), snapshot)).toBe('trusted');
    expect(lookupReviewStatus(query(KEY_B, HASH_A), snapshot)).toBe('modified');
    expect(lookupReviewStatus(query(`${PREFIX}sha256:other:1`, HASH_A), snapshot)).toBe('untrusted');
  });

  it('hookd writes the same bytes pbi-agent writes (trust, then disable)', async () => {
    const store = createPbiReviewStore(path);
    expect(store.path).toBe(path);
    await store.trust(KEY_B, HASH_B);
    await store.trust(KEY_A, HASH_A);
    await store.setEnabled(KEY_A, false);
    expect(readFileSync(path, 'utf8')).toBe(FACTS_FILE);
    // The directory was created, and no temp file or lock is left behind.
    expect(readdirSync(join(dir, '.pbi-agent'))).toEqual(['hooks_state.json']);
  });

  it('a file pbi-agent wrote is written back byte-identical, foreign entries and their extra fields kept, `version` dropped', async () => {
    // Expected bytes produced by CPython's json.dumps(indent=2, sort_keys=True) for this state.
    const python =
      '{\n  "state": {\n    "__proto__": {\n      "enabled": true\n    },\n    "a:k": {\n      "enabled": true,\n      "trusted_hash": "sha256:y"\n    },\n    "b:k": {\n      "enabled": false,\n      "n": [\n        1,\n        1.5,\n        1e+16,\n        1e-05,\n        -0.0,\n        12345678901234567890\n      ],\n      "note": "\\u00e9\\ud83d\\ude00",\n      "trusted_hash": "sha256:x",\n      "z": {}\n    },\n    "garbage": "not-a-dict",\n    "list": []\n  }\n}\n';
    writeState(
      '{"version": 7, "state": {"list": [], "garbage": "not-a-dict", "__proto__": {"enabled": true},' +
        ' "b:k": {"trusted_hash": "sha256:x", "enabled": false, "note": "é😀", "n": [1, 1.50, 1E16, 0.00001, -0.0, 12345678901234567890], "z": {}},' +
        ' "a:k": {"enabled": true, "trusted_hash": "sha256:old"}, "a:k": {"enabled": true, "trusted_hash": "sha256:y"}}}',
    );
    await createPbiReviewStore(path).setEnabled('a:k', true);
    expect(readFileSync(path, 'utf8')).toBe(python);
  });

  it('writing one entry keeps every other entry; old entries are never removed', async () => {
    writeState(FACTS_FILE);
    await createPbiReviewStore(path).trust(`${PREFIX}sha256:new:1`, 'sha256:h');
    const state = JSON.parse(readFileSync(path, 'utf8')).state;
    expect(Object.keys(state)).toEqual([KEY_A, KEY_B, `${PREFIX}sha256:new:1`]);
    expect(state[KEY_A]).toEqual({ enabled: false, trusted_hash: HASH_A });
  });
});

describe('pbi state writes (facts §4)', () => {
  it('trust replaces the entry with exactly {"enabled": true, "trusted_hash": h}: re-enables, drops extra fields', async () => {
    writeState(JSON.stringify({ state: { k: { enabled: false, trusted_hash: 'sha256:old', note: 'x' } } }));
    await createPbiReviewStore(path).trust('k', 'sha256:new');
    expect(readFileSync(path, 'utf8')).toBe('{\n  "state": {\n    "k": {\n      "enabled": true,\n      "trusted_hash": "sha256:new"\n    }\n  }\n}\n');
  });

  it('disable and enable set only "enabled" (trusted hash and extra fields kept)', async () => {
    writeState(JSON.stringify({ state: { k: { trusted_hash: 'sha256:h', note: 'x' } } }));
    const store = createPbiReviewStore(path);
    await store.setEnabled('k', false);
    expect(JSON.parse(readFileSync(path, 'utf8')).state.k).toEqual({ enabled: false, note: 'x', trusted_hash: 'sha256:h' });
    expect(lookupReviewStatus(query('k', 'sha256:h'), readHookState(path))).toBe('disabled');
    await store.setEnabled('k', true);
    expect(JSON.parse(readFileSync(path, 'utf8')).state.k).toEqual({ enabled: true, note: 'x', trusted_hash: 'sha256:h' });
    expect(lookupReviewStatus(query('k', 'sha256:h'), readHookState(path))).toBe('trusted');
  });

  it('disabling a never-trusted hook creates {"enabled": false}; enabling it leaves {"enabled": true} → modified', async () => {
    const store = createPbiReviewStore(path);
    await store.setEnabled('k', false);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ state: { k: { enabled: false } } });
    await store.setEnabled('k', true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ state: { k: { enabled: true } } });
    expect(lookupReviewStatus(query('k', 'sha256:h'), readHookState(path))).toBe('modified');
  });

  it('revoke (hookd\'s own action) of a plain trust removes the entry, so pbi-agent reads the hook as untrusted, not modified; the file keeps pbi-agent\'s bytes', async () => {
    writeState(JSON.stringify({ state: { k: { enabled: true, trusted_hash: 'sha256:h' }, other: { enabled: false } } }));
    await createPbiReviewStore(path).revoke('k');
    expect(readFileSync(path, 'utf8')).toBe('{\n  "state": {\n    "other": {\n      "enabled": false\n    }\n  }\n}\n');
    expect(lookupReviewStatus(query('k', 'sha256:h'), readHookState(path))).toBe('untrusted');
  });

  it('revoke keeps what is not trust: a disabled entry stays disabled, extra fields stay; no entry stays none', async () => {
    writeState(JSON.stringify({ state: { d: { enabled: false, trusted_hash: 'sha256:h' }, x: { enabled: true, trusted_hash: 'sha256:h', note: 'n' } } }));
    const store = createPbiReviewStore(path);
    await Promise.all([store.revoke('d'), store.revoke('x'), store.revoke('never')]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ state: { d: { enabled: false }, x: { enabled: true, note: 'n' } } });
    expect(lookupReviewStatus(query('d', 'sha256:h'), readHookState(path))).toBe('disabled');
  });

  it('a non-object entry under the key is replaced by {"enabled": …} on disable', async () => {
    writeState('{"state": {"k": "garbage"}}');
    await createPbiReviewStore(path).setEnabled('k', false);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ state: { k: { enabled: false } } });
  });
});

describe('pbi state file: an unusable file is empty, and replaced on the next write', () => {
  const invalid: Array<[string, string | Buffer]> = [
    ['empty file', ''],
    ['broken JSON', '{"state": {'],
    ['a comment', '{"state": {} // c\n}'],
    ['a trailing comma', '{"state": {"k": {"enabled": false},}}'],
    ['top level an array', '[]'],
    ['no state', '{"version": 1}'],
    ['state an array', '{"state": []}'],
    ['state a string', '{"state": "x"}'],
    ['a UTF-8 BOM', '\ufeff{"state": {}}'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])],
    ['deep nesting', `{"state": {"k": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`],
    ['an integer of 4301 digits', `{"state": {"k": ${'9'.repeat(4301)}}}`],
  ];
  for (const [name, text] of invalid) {
    it(`${name}: treated as empty with a problem, then replaced`, async () => {
      writeState(text);
      const snapshot = readHookState(path);
      expect(Object.keys(snapshot.state)).toEqual([]);
      expect(snapshot.problem).toContain(path);
      await createPbiReviewStore(path).trust('k', 'sha256:h');
      expect(readFileSync(path, 'utf8')).toBe('{\n  "state": {\n    "k": {\n      "enabled": true,\n      "trusted_hash": "sha256:h"\n    }\n  }\n}\n');
    });
  }

  it('a missing file is empty without a problem', () => {
    expect(readHookState(path)).toEqual({ state: {} });
  });

  it('a path that cannot be read (a directory) is empty with a problem, and a write fails leaving it alone', async () => {
    mkdirSync(path, { recursive: true });
    expect(readHookState(path).problem).toMatch(/directory/);
    await expect(createPbiReviewStore(path).trust('k', 'sha256:h')).rejects.toThrow(/cannot update/);
    expect(readdirSync(path)).toEqual([]);
  });
});

describe('pbi review status lookup (facts §4 rules)', () => {
  it('"enabled" exactly false disables; "false", 0 and null do not', () => {
    for (const enabled of ['false', 0, null]) {
      expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: { enabled, trusted_hash: 'sha256:h' } }))).toBe('trusted');
    }
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: { enabled: false, trusted_hash: 'sha256:h' } }))).toBe('disabled');
  });

  it('disabled wins over a matching hash; a missing or non-string trusted_hash is modified', () => {
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: { trusted_hash: 'sha256:x' } }))).toBe('modified');
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: {} }))).toBe('modified');
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: { trusted_hash: 5 } }))).toBe('modified');
  });

  it('a non-object entry under the key counts as none', () => {
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: 'not-a-dict' }))).toBe('untrusted');
    expect(lookupReviewStatus(query('k', 'sha256:h'), snapshotOf({ k: ['x'] }))).toBe('untrusted');
  });

  it('the sole handler of its group inherits the one orphan entry under its prefix (its edited command → modified)', () => {
    const old = `${PREFIX}sha256:oldidentity:1`;
    const edited = `${PREFIX}sha256:newidentity:1`;
    const state = snapshotOf({ [old]: { enabled: true, trusted_hash: 'sha256:oldhash' } });
    expect(lookupReviewStatus(query(edited, 'sha256:newhash', { soleHandlerOfGroup: true }), state)).toBe('modified');
    // In a multi-handler group the same edit is untrusted.
    expect(lookupReviewStatus(query(edited, 'sha256:newhash', { soleHandlerOfGroup: false }), state)).toBe('untrusted');
    // A disabled orphan keeps its edited successor disabled.
    const disabled = snapshotOf({ [old]: { enabled: false, trusted_hash: 'sha256:oldhash' } });
    expect(lookupReviewStatus(query(edited, 'sha256:newhash', { soleHandlerOfGroup: true }), disabled)).toBe('disabled');
  });

  it("a live neighbour's entry is never inherited (trust/disable does not leak), unlike pbi-agent", () => {
    const neighbour = `${PREFIX}sha256:neighbour:1`;
    const fresh = `${PREFIX}sha256:fresh:1`;
    for (const entry of [{ enabled: true, trusted_hash: 'sha256:n' }, { enabled: false }]) {
      const status = lookupReviewStatus(query(fresh, 'sha256:f', { soleHandlerOfGroup: true, liveKeys: new Set([neighbour, fresh]) }), snapshotOf({ [neighbour]: entry }));
      expect(status).toBe('untrusted');
    }
  });

  it('two orphan candidates, a non-object candidate, or another prefix give untrusted', () => {
    const me = `${PREFIX}sha256:me:1`;
    const sole = { soleHandlerOfGroup: true };
    expect(lookupReviewStatus(query(me, 'sha256:h', sole), snapshotOf({ [`${PREFIX}a:1`]: {}, [`${PREFIX}b:1`]: {} }))).toBe('untrusted');
    expect(lookupReviewStatus(query(me, 'sha256:h', sole), snapshotOf({ [`${PREFIX}a:1`]: 'x' }))).toBe('untrusted');
    expect(lookupReviewStatus(query(me, 'sha256:h', sole), snapshotOf({ [`project:${WS}/.agents/hooks.json:PreToolUse:shell|x:a:1`]: {} }))).toBe('untrusted');
    // A non-object orphan does not count as a second candidate.
    expect(lookupReviewStatus(query(me, 'sha256:h', sole), snapshotOf({ [`${PREFIX}a:1`]: { trusted_hash: 'sha256:h' }, [`${PREFIX}b:1`]: 7 }))).toBe('trusted');
  });
});

describe('repr(float) as Python spells it', () => {
  const cases: Array<[number, string]> = [
    [1.5, '1.5'],
    [1, '1.0'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-0, '-0.0'],
    [123.456, '123.456'],
    [1.5e300, '1.5e+300'],
    [-2.5e-7, '-2.5e-07'],
    [Infinity, 'Infinity'],
  ];
  for (const [value, text] of cases) it(`${value} → ${text}`, () => expect(pythonFloatRepr(value)).toBe(text));
});

describe('pbi state writes from one process', () => {
  it('calls made at once are all recorded, in call order (trust then disable of one key → disabled, hash kept)', async () => {
    const store = createPbiReviewStore(path);
    await Promise.all([store.trust('k', 'sha256:h'), store.setEnabled('k', false), ...Array.from({ length: 50 }, (_, n) => store.trust(`k${n}`, `sha256:${n}`))]);
    const state = JSON.parse(readFileSync(path, 'utf8')).state;
    expect(state.k).toEqual({ enabled: false, trusted_hash: 'sha256:h' });
    expect(Object.keys(state).length).toBe(51);
  });

  it('a failed write rejects every call that was in it, and the store keeps working afterwards', async () => {
    mkdirSync(path, { recursive: true });
    const store = createPbiReviewStore(path);
    const results = await Promise.allSettled([store.trust('a', 'sha256:a'), store.trust('b', 'sha256:b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(store.setEnabled('a', false)).rejects.toThrow(/cannot update/);
  });
});
