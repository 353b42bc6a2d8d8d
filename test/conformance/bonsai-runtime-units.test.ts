// Conformance of bonsai's fan-out (one request → the units it runs, in order) through the real engine and runner:
// a declared shell tool's PreToolUse also fires PreBash, a file-writing tool's fires PreFileWrite per file, a
// multi-file write runs one unit per file and ends at the first veto, a rewrite is what later units see.
import { describe, expect, it } from 'vitest';
import type { ToolKinds } from '../../src/engine/dialect.js';
import { bashCall, emit, shell, trackedBonsaiBenches } from './bonsai-runtime-bench.js';

const bench = trackedBonsaiBenches();
const tools: ToolKinds = new Map([
  ['bash', { name: 'bash', kind: 'shell' }],
  ['write', { name: 'write', kind: 'file_write' }],
  ['edit', { name: 'edit', kind: 'file_write', pathField: 'file_path' }],
]);
/** A node one-liner that appends `<name> <event> [file_path] [command]` (from the wire object on stdin) to $REC/order. */
const LOGGER =
  'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const o=JSON.parse(s);' +
  'require("fs").appendFileSync(process.env.REC+"/order",[process.argv[1],o.event,o.file_path,o.command].filter(Boolean).join(" ")+"\\n")})';
const log = (name: string) => shell(`node -e '${LOGGER}' '${name}'`);

describe('bonsai fan-out', () => {
  it('PreToolUse of a declared shell tool runs the PreToolUse hooks, then the PreBash hooks; runs name their unit', async () => {
    const b = bench({ tools });
    b.configure([
      { name: 'bash-guard', event: 'PreBash', action: log('bash-guard') },
      { name: 'tool-guard', event: 'PreToolUse', matcher: { tool: 'bash' }, action: log('tool-guard') },
    ]);
    const result = await b.dispatch('PreToolUse', bashCall('cargo build'));
    expect(b.read('order')).toBe('tool-guard PreToolUse cargo build\nbash-guard PreBash cargo build\n');
    expect(result.runs.map((run) => [run.hookId, run.unit])).toEqual([
      ['global:tool-guard', 'PreToolUse'],
      ['global:bash-guard', 'PreBash'],
    ]);
    expect(result.event).toBe('PreToolUse');
  });

  it('a PreToolUse rewrite is what the PreBash hooks see', async () => {
    const b = bench({ tools });
    b.configure([
      { name: 'rewrite', event: 'PreToolUse', blocking: true, action: shell(emit({ decision: 'modify', tool_args: { command: 'cargo build --locked' } })) },
      { name: 'bash-log', event: 'PreBash', action: log('bash-log') },
    ]);
    const result = await b.dispatch('PreToolUse', bashCall('cargo build'));
    expect(result.updatedInput).toEqual({ command: 'cargo build --locked' });
    expect(b.read('order')).toBe('bash-log PreBash cargo build --locked\n');
  });

  it('a multi-file write with a veto on the second file: the first file\'s hooks ran, the third\'s never did; the reason names the file', async () => {
    const b = bench();
    b.configure([
      { name: 'every-file', event: 'PreFileWrite', action: log('every-file') },
      { name: 'no-secrets', event: 'PreFileWrite', blocking: true, matcher: { path: '**/*.env' }, action: shell('echo "secrets file" >&2; exit 2') },
    ]);
    const files = ['src/a.rs', 'config/prod.env', 'src/c.rs'].map((path) => ({ path, operation: 'create' as const, newContent: 'x\n' }));
    const result = await b.dispatch('PreFileWrite', { toolName: 'write', toolInput: {}, files });
    expect(result).toMatchObject({ decision: 'block', reason: '[PreFileWrite config/prod.env] secrets file' });
    expect(b.read('order')).toBe('every-file PreFileWrite src/a.rs\nevery-file PreFileWrite config/prod.env\n');
    expect(result.runs.map((run) => run.unit)).toEqual(['PreFileWrite src/a.rs', 'PreFileWrite config/prod.env', 'PreFileWrite config/prod.env']);
  });

  it('a file-writing tool\'s PreToolUse fires PreFileWrite per file; a move is a creation of the destination plus a deletion of the source', async () => {
    const b = bench({ tools });
    b.configure([
      { name: 'tool', event: 'PreToolUse', action: log('tool') },
      { name: 'file', event: 'PreFileWrite', action: log('file') },
    ]);
    const files = [
      { path: 'src/a.rs', operation: 'modify' as const, oldContent: 'a\n', newContent: 'b\n' },
      { path: 'src/new.rs', operation: 'move' as const, fromPath: 'src/old.rs', oldContent: 'x\n', newContent: 'x\n' },
    ];
    await b.dispatch('PreToolUse', { toolName: 'write', toolInput: {}, files });
    expect(b.read('order')).toBe('tool PreToolUse src/a.rs\nfile PreFileWrite src/a.rs\nfile PreFileWrite src/new.rs\nfile PreFileWrite src/old.rs\n');
  });

  it('a file-writing tool that sends no files: one PreFileWrite for the file its tool input names (pathField)', async () => {
    const b = bench({ tools });
    b.configure([{ name: 'file', event: 'PostFileWrite', matcher: { path: 'src/**' }, action: log('file') }]);
    await b.dispatch('PostToolUse', { toolName: 'edit', toolInput: { file_path: 'src/lib.rs' } });
    expect(b.read('order')).toBe('file PostFileWrite src/lib.rs\n');
  });

  it('PostToolUse of a declared shell tool also fires PostBash with the command, its exit code and the output excerpt', async () => {
    const b = bench({ tools });
    b.configure([{ name: 'post-bash', event: 'PostBash', action: shell('cat > "$REC/post.json"') }]);
    await b.dispatch('PostToolUse', { ...bashCall('cargo test'), exitCode: 101, outputExcerpt: 'test result: FAILED' });
    expect(b.json('post.json')).toMatchObject({ event: 'PostBash', tool_name: 'bash', command: 'cargo test', exit_code: 101, output_excerpt: 'test result: FAILED' });
  });

  it('a path glob is tested against each file of a multi-file write on its own (the matching file need not come first)', async () => {
    const b = bench();
    b.configure([{ name: 'rs-only', event: 'PostFileWrite', matcher: { path: '**/*.rs' }, action: log('rs-only') }]);
    const files = ['README.md', 'src/main.rs', 'docs/x.md'].map((path) => ({ path, operation: 'modify' as const, oldContent: 'a\n', newContent: 'b\n' }));
    const result = await b.dispatch('PostFileWrite', { toolName: 'write', toolInput: {}, files });
    expect(b.read('order')).toBe('rs-only PostFileWrite src/main.rs\n');
    expect(result.runs.map((run) => run.unit)).toEqual(['PostFileWrite src/main.rs']);
  });
});
