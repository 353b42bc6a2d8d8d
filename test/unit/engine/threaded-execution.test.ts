// Dialect.executionFor (the execution of one dispatch) and Dialect.threadParams (a sequential chain renders each next
// hook's stdin and environment from the params the previous verdict produced), through the real engine and the real
// process runner: each hook is a shell script that records what it read and prints the fields it adds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dialect, EventContext, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import type { EventParams } from '../../../src/protocol/index.js';
import { createProcessRunner } from '../../../src/runner/process-runner.js';
import { isAlive } from '../../helpers/processes.js';
import { scratchDir } from '../../helpers/scratch.js';
import { fakeDialect, hook } from './fakes.js';
import { eventParams } from './manual-runner.js';

/**
 * A hook named `name`: records its stdin, its THREADED_INPUT variable and its PID in `dir`, and whether `after`'s
 * end mark existed when it started (undefined: not checked); then prints `{"add": {<name>: <n>}}` and leaves its end mark.
 * `waitFor`: it then polls (bounded, 5 s) for that hook's start mark and records in `<name>.met` whether it came.
 */
function recordingHook(dir: string, name: string, options: { sequential?: boolean; after?: string; waitFor?: string; decision?: string } = {}): HookSpec {
  const at = (file: string) => `'${join(dir, file)}'`;
  const script = [
    `touch ${at(`${name}.start`)}`,
    `echo $$ > ${at(`${name}.pid`)}`,
    `cat > ${at(`${name}.stdin`)}`,
    `printf '%s' "$THREADED_INPUT" > ${at(`${name}.env`)}`,
    ...(options.after !== undefined ? [`if [ -e ${at(`${options.after}.end`)} ]; then echo ended > ${at(`${name}.saw`)}; else echo running > ${at(`${name}.saw`)}; fi`] : []),
    ...(options.waitFor !== undefined ? [`i=0; while [ ! -e ${at(`${options.waitFor}.start`)} ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done; if [ -e ${at(`${options.waitFor}.start`)} ]; then echo met > ${at(`${name}.met`)}; else echo missed > ${at(`${name}.met`)}; fi`] : []),
    `printf '{"add":{"${name}":"${name}-value"}${options.decision !== undefined ? `,"decision":"${options.decision}"` : ''}}'`,
    `touch ${at(`${name}.end`)}`,
  ].join('\n');
  return { ...hook(name, 'PreToolUse', script, { timeoutMs: 10_000 }), data: { sequential: options.sequential === true } };
}

/** Reads `{"add": {...}}`: updatedInput = the input this hook saw with the added fields over it. */
function interpret(context: EventContext, _hook: HookSpec, outcome: { stdout: { text: string } }): HookVerdict {
  const parsed = JSON.parse(outcome.stdout.text || '{}') as { add?: Record<string, unknown>; decision?: HookVerdict['decision'] };
  return {
    status: 'ok',
    failureClass: null,
    decision: parsed.decision ?? 'none',
    ...(parsed.add !== undefined ? { updatedInput: { ...context.params.toolInput, ...parsed.add } } : {}),
  };
}

/** A gemini-like test dialect: sequential when any matching hook says so, threading updatedInput into toolInput. */
function threadingDialect(hooks: HookSpec[], overrides: Partial<Dialect> = {}): Dialect {
  return fakeDialect(hooks, {
    execution: 'parallel',
    executionFor: (_context, matching) => (matching.some((spec) => (spec.data as { sequential?: boolean }).sequential === true) ? 'sequential' : 'parallel'),
    threadParams: (context, verdict): EventParams | undefined => (verdict.updatedInput !== undefined ? { ...context.params, toolInput: verdict.updatedInput } : undefined),
    renderStdin: (context) => JSON.stringify({ tool_input: context.params.toolInput }),
    environment: (context) => ({ THREADED_INPUT: JSON.stringify(context.params.toolInput) }),
    interpret,
    merge: (_context, verdicts) => {
      const rewrites = verdicts.filter((verdict) => verdict.updatedInput !== undefined);
      const blocked = verdicts.find((verdict) => verdict.decision === 'block');
      return { decision: blocked !== undefined ? 'block' : 'none', continue: true, ...(rewrites.length > 0 ? { updatedInput: rewrites.at(-1)!.updatedInput! } : {}) };
    },
    stopsDispatch: (_context, verdict) => verdict.decision === 'block',
    ...overrides,
  });
}

async function dispatch(dialect: Dialect) {
  const workspace = scratchDir('hookd-thread-ws-');
  const engine = new Engine({ dialect, runner: createProcessRunner(), workspace, baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  engine.load({ workspace, home: workspace });
  return (await engine.dispatch('PreToolUse', eventParams({ toolInput: { command: 'ls' } }))).result;
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const stdinInput = (dir: string, name: string) => (JSON.parse(read(dir, `${name}.stdin`)) as { tool_input: unknown }).tool_input;

function expectAllGone(dir: string, names: string[]): void {
  for (const name of names) if (existsSync(join(dir, `${name}.pid`))) expect(isAlive(Number(read(dir, `${name}.pid`)))).toBe(false);
}

describe('Dialect.executionFor and threadParams (dispatcher, real processes)', () => {
  it('a sequential chain: each next hook\'s stdin is rendered from the params the previous verdict threaded (gemini §4.2 "the output of one hook is passed to the next")', async () => {
    const dir = scratchDir('hookd-thread-');
    const result = await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b'), recordingHook(dir, 'c')]));
    expect(stdinInput(dir, 'a')).toEqual({ command: 'ls' });
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls', a: 'a-value' });
    expect(stdinInput(dir, 'c')).toEqual({ command: 'ls', a: 'a-value', b: 'b-value' });
    expect(result.updatedInput).toEqual({ command: 'ls', a: 'a-value', b: 'b-value', c: 'c-value' });
    expect(result.runs.map((run) => run.hookId)).toEqual(['a', 'b', 'c']);
    expectAllGone(dir, ['a', 'b', 'c']);
  });

  it('a sequential chain: each next hook\'s environment is rendered from the threaded params too', async () => {
    const dir = scratchDir('hookd-thread-');
    await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b')]));
    expect(JSON.parse(read(dir, 'a.env'))).toEqual({ command: 'ls' });
    expect(JSON.parse(read(dir, 'b.env'))).toEqual({ command: 'ls', a: 'a-value' });
  });

  it('executionFor "sequential" overrides a dialect whose execution is parallel: the next hook starts only after the previous ended', async () => {
    const dir = scratchDir('hookd-thread-');
    await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b', { after: 'a' })]));
    expect(read(dir, 'b.saw').trim()).toBe('ended');
  });

  it('executionFor "parallel": the hooks run at once and each reads the original params (nothing is threaded)', async () => {
    const dir = scratchDir('hookd-thread-');
    // a waits (bounded) for b's start mark: it sees it only when b started while a was still running.
    const result = await dispatch(threadingDialect([recordingHook(dir, 'a', { waitFor: 'b' }), recordingHook(dir, 'b')]));
    expect(read(dir, 'a.met').trim()).toBe('met');
    expect(stdinInput(dir, 'a')).toEqual({ command: 'ls' });
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls' });
    expect(result.runs.map((run) => run.hookId)).toEqual(['a', 'b']);
    expectAllGone(dir, ['a', 'b']);
  });

  it('a dialect with execution "sequential" and no executionFor threads its chain as well', async () => {
    const dir = scratchDir('hookd-thread-');
    await dispatch(threadingDialect([recordingHook(dir, 'a'), recordingHook(dir, 'b', { after: 'a' })], { execution: 'sequential', executionFor: undefined }));
    expect(read(dir, 'b.saw').trim()).toBe('ended');
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls', a: 'a-value' });
  });

  it('threadParams answering undefined leaves the next hook\'s params unchanged', async () => {
    const dir = scratchDir('hookd-thread-');
    await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b', { after: 'a' })], { threadParams: () => undefined }));
    expect(read(dir, 'b.saw').trim()).toBe('ended');
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls' });
  });

  it('a sequential dialect without threadParams: every hook reads the original params', async () => {
    const dir = scratchDir('hookd-thread-');
    await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b')], { threadParams: undefined }));
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls' });
  });

  it('stopsDispatch still ends a threaded chain: a block leaves the later hooks unstarted', async () => {
    const dir = scratchDir('hookd-thread-');
    const result = await dispatch(threadingDialect([recordingHook(dir, 'a', { sequential: true, decision: 'block' }), recordingHook(dir, 'b')]));
    expect(result.decision).toBe('block');
    expect(existsSync(join(dir, 'b.start'))).toBe(false);
    expect(result.runs.map((run) => run.hookId)).toEqual(['a']);
  });

  it('a mixed chain does not thread: the vetoing chain and the hooks beside it read the original params', async () => {
    const dir = scratchDir('hookd-thread-');
    const dialect = threadingDialect([recordingHook(dir, 'a'), recordingHook(dir, 'b', { after: 'a' })], { execution: 'mixed', executionFor: undefined, vetoes: () => true });
    await dispatch(dialect);
    expect(read(dir, 'b.saw').trim()).toBe('ended');
    expect(stdinInput(dir, 'b')).toEqual({ command: 'ls' });
  });

  it('the dialect reads each threaded run with the params that run saw (its updatedInput builds on the previous rewrite)', async () => {
    const dir = scratchDir('hookd-thread-');
    const seen: unknown[] = [];
    const dialect = threadingDialect([recordingHook(dir, 'a', { sequential: true }), recordingHook(dir, 'b')]);
    const result = await dispatch({ ...dialect, interpret: (context, spec, outcome) => (seen.push(context.params.toolInput), interpret(context, spec, outcome)) });
    expect(seen).toEqual([{ command: 'ls' }, { command: 'ls', a: 'a-value' }]);
    expect(result.runs.map((run) => run.status)).toEqual(['ok', 'ok']);
  });
});
