// The authorization ledger through the engine with a small test-only dialect (gatesEffect, expand, redact), the
// ledger file itself (openAuthorizationLedger) and the server's setup (options.ledgerPath vs Dialect.defaultLedgerPath).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerHash, openAuthorizationLedger, type AuthorizationLedger, type LedgerEntry } from '../../../src/engine/authorization-ledger.js';
import type { Dialect, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { toolKindsOf } from '../../../src/engine/tool-kinds.js';
import { silentLogger } from '../../../src/logger.js';
import type { EventParams } from '../../../src/protocol/index.js';
import { setUpLedger } from '../../../src/server/ledger-setup.js';
import { scratchDir } from '../../helpers/scratch.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

/** A ledger that keeps its entries in memory. */
function memoryLedger(): AuthorizationLedger & { entries: LedgerEntry[]; flushes: number } {
  const ledger = {
    path: '/memory/ledger.jsonl',
    entries: [] as LedgerEntry[],
    flushes: 0,
    append(entry: LedgerEntry) {
      ledger.entries.push(entry);
    },
    async flush() {
      ledger.flushes += 1;
    },
    async close() {},
  };
  return ledger;
}

/** Hooks whose id starts with "guard" gate an effect. A hook's command is its decision; its reason carries a secret. */
function gatingDialect(hooks: HookSpec[], overrides: Partial<Dialect> = {}): Dialect {
  return fakeDialect(hooks, {
    events: ['PreToolUse', 'PreBash', 'PostToolUse'],
    expand: (event, params, tools) => {
      if (event !== 'PreToolUse' || tools.get(params.toolName ?? '')?.kind !== 'shell') return [{ event, params }];
      return [{ event, params }, { event: 'PreBash', params: { ...params, command: String(params.toolInput?.command ?? '') }, label: 'PreBash' }];
    },
    interpret: (_context, _hook, outcome): HookVerdict => {
      const text = outcome.stdout.text;
      if (text === 'rewrite') return { status: 'ok', failureClass: null, decision: 'none', updatedInput: { command: 'ls' } };
      const decision = text === 'block' ? 'block' : text === 'allow' ? 'allow' : 'none';
      return { status: 'ok', failureClass: null, decision, ...(decision === 'none' ? {} : { reason: `${text}: token=SECRET123` }) };
    },
    gatesEffect: (_context, spec) => spec.id.startsWith('guard'),
    redact: async (texts) => texts.map((text) => text.replaceAll('SECRET123', '[REDACTED]')),
    ...overrides,
  });
}

function engineWith(dialect: Dialect, ledger: AuthorizationLedger | undefined) {
  const engine = new Engine({
    dialect,
    runner: scriptedRunner(),
    workspace: '/ws',
    toolKinds: toolKindsOf([{ name: 'bash', kind: 'shell' }]),
    ...(ledger ? { authorizationLedger: ledger } : {}),
  });
  engine.load({ workspace: '/ws', home: '/h' });
  return engine;
}

const bashCall = (command: string): EventParams => ({ session: { id: 's-1', cwd: '/ws' }, toolName: 'bash', toolInput: { command } }) as EventParams;

describe('authorization ledger (engine)', () => {
  it('"Every hook decision that gates an effect is recorded in the authorization ledger." — one line per gating run of each unit, fields and unit labels', async () => {
    const ledger = memoryLedger();
    const hooks = [
      { ...hook('guard-tool', 'PreToolUse', 'allow'), name: 'tool-guard' },
      hook('logger', 'PreToolUse', 'none'),
      hook('guard-bash', 'PreBash', 'block'),
    ];
    const engine = engineWith(gatingDialect(hooks), ledger);
    const { result } = await engine.dispatch('PreToolUse', bashCall('rm -rf /'));
    expect(result.decision).toBe('block');
    expect(ledger.entries.map((entry) => entry.hook)).toEqual(['tool-guard', 'guard-bash']);
    const [allow, block] = ledger.entries as [LedgerEntry, LedgerEntry];
    expect(allow).toMatchObject({ hookId: 'guard-tool', event: 'PreToolUse', sessionId: 's-1', decision: 'allow', status: 'ok', failureClass: null, hash: ledgerHash(hooks[0]!) });
    expect(allow.unit).toBeUndefined();
    expect(allow.requestEvent).toBeUndefined();
    expect(block).toMatchObject({ hookId: 'guard-bash', event: 'PreBash', unit: 'PreBash', requestEvent: 'PreToolUse', decision: 'block' });
    // The reason is redacted as the answer's is.
    expect(block.reason).toBe('block: token=[REDACTED]');
    expect(result.reason).not.toContain('SECRET123');
    for (const entry of ledger.entries) {
      expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
      expect(typeof entry.durationMs).toBe('number');
    }
    // The dispatch waited for the ledger before answering.
    expect(ledger.flushes).toBeGreaterThan(0);
  });

  it('a run that rewrote the input says so (modifiedInput); one that did not has no such field', async () => {
    const ledger = memoryLedger();
    await engineWith(gatingDialect([hook('guard-rw', 'PreToolUse', 'rewrite'), hook('guard-ok', 'PreToolUse', 'none')]), ledger).dispatch('PreToolUse', { session: { id: 's' }, toolName: 'read', toolInput: {} } as EventParams);
    expect(ledger.entries.map((entry) => [entry.hookId, entry.decision, entry.modifiedInput])).toEqual([
      ['guard-rw', 'none', true],
      ['guard-ok', 'none', undefined],
    ]);
  });

  it('hooks that do not gate an effect, dialects without gatesEffect and dry runs / hooks/test record nothing', async () => {
    const ledger = memoryLedger();
    const hooks = [hook('logger', 'PreToolUse', 'block')];
    await engineWith(gatingDialect(hooks), ledger).dispatch('PreToolUse', bashCall('ls'));
    expect(ledger.entries).toEqual([]);

    const guard = hook('guard-x', 'PreToolUse', 'block');
    await engineWith(gatingDialect([guard], { gatesEffect: undefined }), ledger).dispatch('PreToolUse', bashCall('ls'));
    expect(ledger.entries).toEqual([]);

    const engine = engineWith(gatingDialect([guard]), ledger);
    const dry = await engine.dryRun(guard, 'PreToolUse', bashCall('ls'));
    expect(dry.result.decision).toBe('block');
    expect(ledger.entries).toEqual([]);
    // ...while the same hook dispatched for real is recorded.
    await engine.dispatch('PreToolUse', bashCall('ls'));
    expect(ledger.entries.map((entry) => entry.hookId)).toEqual(['guard-x']);
  });

  it('a ledger that throws, or a gatesEffect that throws, never costs the answer', async () => {
    const throwing: AuthorizationLedger = { path: '/x', append: () => { throw new Error('disk on fire'); }, flush: async () => {}, close: async () => {} };
    const guard = hook('guard-x', 'PreToolUse', 'block');
    expect((await engineWith(gatingDialect([guard]), throwing).dispatch('PreToolUse', bashCall('ls'))).result.decision).toBe('block');
    const badDialect = gatingDialect([guard], { gatesEffect: () => { throw new Error('bug'); } });
    expect((await engineWith(badDialect, memoryLedger()).dispatch('PreToolUse', bashCall('ls'))).result.decision).toBe('block');
  });

  it('the hash is the trust hash when the hook has one, else a sha256 of its handler declaration that changes with it', () => {
    const plain = hook('guard-a', 'PreToolUse', 'echo one');
    expect(ledgerHash({ ...plain, trustHash: 'sha256:abc' })).toBe('sha256:abc');
    expect(ledgerHash(plain)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ledgerHash(plain)).toBe(ledgerHash({ ...plain }));
    expect(ledgerHash(hook('guard-a', 'PreToolUse', 'echo two'))).not.toBe(ledgerHash(plain));
  });
});

describe('authorization ledger (file and setup)', () => {
  it('appends whole JSON lines to its file and never rewrites it', async () => {
    const dir = scratchDir('hookd-ledger-');
    const path = join(dir, 'ledger.jsonl');
    writeFileSync(path, '{"earlier":true}\n');
    const opened = openAuthorizationLedger({ path, onProblem: () => {} });
    if (!('ledger' in opened)) throw new Error(opened.problem);
    const entry: LedgerEntry = { time: new Date().toISOString(), hook: 'g', hookId: 'global:g', hash: 'sha256:1', event: 'PreToolUse', sessionId: 's', decision: 'block', reason: 'no', durationMs: 3, status: 'ok', failureClass: null };
    opened.ledger.append(entry);
    opened.ledger.append({ ...entry, decision: 'none' });
    await opened.ledger.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toEqual([{ earlier: true }, entry, { ...entry, decision: 'none' }]);
  });

  it('options.ledgerPath wins (relative to the workspace); else the dialect default, its directory created; no gatesEffect: no ledger', async () => {
    const root = scratchDir('hookd-ledger-');
    const workspace = join(root, 'ws');
    const home = join(root, 'home');
    mkdirSync(workspace);
    const dialect = gatingDialect([], { defaultLedgerPath: ({ home: at }) => join(at, '.fake', 'ledger.jsonl') });
    const fromDefault = setUpLedger(dialect, undefined, { workspace, home }, silentLogger);
    expect(fromDefault.ledger?.path).toBe(join(home, '.fake', 'ledger.jsonl'));
    expect(existsSync(join(home, '.fake', 'ledger.jsonl'))).toBe(true);
    const fromOption = setUpLedger(dialect, 'audit/decisions.jsonl', { workspace, home }, silentLogger);
    expect(fromOption.diagnostic).toMatchObject({ severity: 'warning', code: 'authorization-ledger' });
    mkdirSync(join(workspace, 'audit'));
    expect(setUpLedger(dialect, 'audit/decisions.jsonl', { workspace, home }, silentLogger).ledger?.path).toBe(join(workspace, 'audit', 'decisions.jsonl'));
    expect(setUpLedger(gatingDialect([], { gatesEffect: undefined, defaultLedgerPath: () => join(root, 'never.jsonl') }), undefined, { workspace, home }, silentLogger)).toEqual({});
    expect(existsSync(join(root, 'never.jsonl'))).toBe(false);
    await Promise.all([fromDefault.ledger?.close()]);
  });

  it('a ledger file that cannot be written is a warning diagnostic naming it, not a crash', () => {
    const root = scratchDir('hookd-ledger-');
    // A regular file where a directory should be: unwritable for every user, root included.
    writeFileSync(join(root, 'not-a-dir'), '');
    const target = join(root, 'not-a-dir', 'ledger.jsonl');
    const setup = setUpLedger(gatingDialect([]), target, { workspace: root, home: root }, silentLogger);
    expect(setup.ledger).toBeUndefined();
    expect(setup.diagnostic).toMatchObject({ severity: 'warning', file: target, code: 'authorization-ledger' });
    expect(setup.diagnostic?.message).toContain('cannot be written');
  });
});
