// Clients can be generated from protocol/schema/protocol.gen.json: TypeScript types (json-schema-to-typescript) compile
// under tsc --strict with a usage file, and Python TypedDicts (datamodel-code-generator) import with the standard
// library alone. Real tools, real processes, in a scratch directory.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';

const SCHEMA = JSON.parse(readFileSync(new URL('../../protocol/schema/protocol.gen.json', import.meta.url), 'utf8')) as { $schema: string; $defs: Record<string, unknown> };
/** Every definition as a type: a root that only holds $defs (the document's other keys are the method tables). */
const definitionsRoot = () => ({ $schema: SCHEMA.$schema, title: 'HookdProtocol', type: 'object', $defs: SCHEMA.$defs });
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
/** Pinned in .ci/run; CI must have it, elsewhere the Python half is skipped when it is not installed. */
const DATAMODEL_CODEGEN_VERSION = '0.89.0';
const codegenVersion = spawnSync('python3', ['-c', 'import importlib.metadata as m; print(m.version("datamodel-code-generator"))'], { encoding: 'utf8' }).stdout?.trim();
const hasPythonCodegen = codegenVersion === DATAMODEL_CODEGEN_VERSION;

const USAGE_TS = `import type { InitializeResult, PreToolUseResult, StopResult, ErrorResponse } from './protocol.gen.js';

export function handlerTypes(result: InitializeResult): string[] {
  const serverRequests: { method: string; capability: string }[] = result.capabilities.serverRequests;
  return [...result.capabilities.handlerTypes, ...serverRequests.map((request) => request.capability), ...result.capabilities.options];
}

export const preToolUse: PreToolUseResult = {
  event: 'PreToolUse',
  decision: 'deny',
  reason: 'no rm',
  updatedInput: { command: 'ls' },
  continue: true,
  notes: [],
  runs: [],
};
export const rewritten: string | undefined = preToolUse.updatedInput?.['command'] as string | undefined;

// @ts-expect-error a PreToolUse result names its own event
export const wrongEvent: PreToolUseResult = { ...preToolUse, event: 'Stop' };
// @ts-expect-error decision is one of the protocol's decisions
export const wrongDecision: PreToolUseResult = { ...preToolUse, decision: 'maybe' };
// @ts-expect-error runs is required
export const noRuns: StopResult = { event: 'Stop', decision: 'block', continue: true, notes: [] };
export const refused: ErrorResponse = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid params', data: { supported: ['0.1'], requested: '0.2' } } };
`;

const USAGE_PY = `
import json
import hookd_protocol as p

result = p.PreToolUseResult(event="PreToolUse", decision="deny", reason="no rm", updatedInput={"command": "ls"}, notes=[], runs=[], **{"continue": True})
assert p.PreToolUseResult.__required_keys__ == {"event", "decision", "continue", "notes", "runs"}, p.PreToolUseResult.__required_keys__
assert "worktreePath" not in p.PreToolUseResult.__annotations__ and "worktreePath" in p.WorktreeCreateResult.__annotations__
assert "capabilities" in p.InitializeResult.__required_keys__
assert "handlerTypes" in p.ServerCapabilities.__required_keys__
print(json.dumps(result, sort_keys=True))
`;

describe('code generation from protocol/schema/protocol.gen.json', () => {
  it('json-schema-to-typescript: the types compile with tsc --strict together with a usage file', async () => {
    const dir = scratchDir('hookd-codegen-ts-');
    const types = await compile(definitionsRoot() as never, 'HookdProtocol', { unreachableDefinitions: true, format: false, bannerComment: '' });
    expect(types).toContain('export interface PreToolUseResult');
    expect(types).toContain('export interface InitializeResult');
    writeFileSync(join(dir, 'protocol.gen.ts'), types);
    writeFileSync(join(dir, 'usage.ts'), USAGE_TS);
    const compilerOptions = { strict: true, noEmit: true, noUncheckedIndexedAccess: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', types: [], skipLibCheck: true };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['protocol.gen.ts', 'usage.ts'] }));
    const tsc = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
    expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 180_000);

  it.skipIf(!hasPythonCodegen && process.env.CI === undefined)(
    `datamodel-code-generator ${DATAMODEL_CODEGEN_VERSION}: TypedDicts that import (the standard library, and typing_extensions for PEP 728 extra_items) and build a PreToolUse result`,
    () => {
      expect(codegenVersion, `pip install datamodel-code-generator==${DATAMODEL_CODEGEN_VERSION} (.ci/run does)`).toBe(DATAMODEL_CODEGEN_VERSION);
      const dir = scratchDir('hookd-codegen-py-');
      writeFileSync(join(dir, 'schema.json'), JSON.stringify(definitionsRoot()));
      execFileSync(
        'python3',
        [
          '-m',
          'datamodel_code_generator',
          ...['--input', join(dir, 'schema.json'), '--input-file-type', 'jsonschema'],
          ...['--output-model-type', 'typing.TypedDict', '--target-python-version', '3.11', '--formatters', 'builtin', '--disable-timestamp'],
          ...['--output', join(dir, 'hookd_protocol.py')],
        ],
        { stdio: 'pipe', timeout: 180_000 },
      );
      writeFileSync(join(dir, 'usage.py'), USAGE_PY);
      // -E: no PYTHON* variables. The generated module needs the standard library and typing_extensions (installed
      // with the generator): a record with open-ended attributes is a TypedDict with extra_items (PEP 728).
      const run = spawnSync('python3', ['-E', join(dir, 'usage.py')], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ event: 'PreToolUse', decision: 'deny', reason: 'no rm', updatedInput: { command: 'ls' }, notes: [], runs: [], continue: true });
    },
    240_000,
  );
});
