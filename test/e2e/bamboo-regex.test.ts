// Bamboo matchers written in Rust syntax that re2js lacks (issue 9), through the built sidecar: a file with a `(?x)`
// verbose matcher and a class set operation loads without errors and matches as Rust would; one whose matcher cannot
// be run with Rust's meaning is reported at initialize, naming the construct, the file and the field.
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const context = (text: string) => ({ type: 'command', command: `printf '{"additional_context":"${text}"}'` });
const SESSION = { id: 'bamboo-regex', model: 'm' };

describe('Rust-syntax matchers through the sidecar', () => {
  it('"matcher is a Rust regular expression over the tool name ..." — a (?x) matcher and a set operation load and match', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, {
      PreToolUse: [
        { matcher: '(?x) ^ (?: Bash | Multi\\ Edit ) $   # the shell, or an edit with a space in its name', hooks: [context('verbose')] },
        { matcher: '^[A-Z&&[^W]][a-z]+$', hooks: [context('set-op')] },
      ],
    });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    const init = await initializeBamboo(sidecar, setup);
    expect(init.diagnostics.filter((entry: any) => entry.severity === 'error')).toEqual([]);
    const contextsFor = async (toolName: string) => {
      const result: any = await sidecar.request('hooks/PreToolUse', { session: SESSION, toolName, toolInput: {} });
      return result.runs.map((run: any) => run.hookId);
    };
    expect(await contextsFor('Bash')).toEqual(['user:PreToolUse[0].hooks[0]', 'user:PreToolUse[1].hooks[0]']);
    expect(await contextsFor('Multi Edit')).toEqual(['user:PreToolUse[0].hooks[0]']);
    expect(await contextsFor('Write')).toEqual([]);
    expect(await contextsFor('Read')).toEqual(['user:PreToolUse[1].hooks[0]']);
  });

  it('"matcher is a Rust regular expression over the tool name ..." — an untranslatable matcher is an error diagnostic naming it', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ matcher: '^\\p{Lu}', hooks: [context('never')] }] });
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    const init = await initializeBamboo(sidecar, setup);
    const error = init.diagnostics.find((entry: any) => entry.code === 'unsupported-matcher');
    expect(error).toMatchObject({ severity: 'error', file: setup.userFile, field: 'lifecycle_hooks.PreToolUse[0].matcher' });
    expect(error.message).toContain('the Unicode class `\\p{Lu}`');
    const result: any = await sidecar.request('hooks/PreToolUse', { session: SESSION, toolName: 'Bash', toolInput: {} });
    expect(result.runs).toEqual([]);
  });
});
