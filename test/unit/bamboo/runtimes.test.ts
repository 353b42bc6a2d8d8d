import { describe, expect, it } from 'vitest';
import { selectRuntimes, type Runner } from '../../../src/dialects/bamboo/runtimes.js';

const labels = (path: string, runner: Runner, platform: NodeJS.Platform = 'linux') => {
  const selection = selectRuntimes(path, runner, platform);
  if (!selection.ok) throw new Error(selection.message);
  return selection.runtimes.map((runtime) => `${runtime.file}${runtime.args.map((arg) => ` ${arg}`).join('')}`);
};

describe('the runner table', () => {
  it('.js/.mjs/.cjs: auto → node, then bun run; node → node; bun → bun run', () => {
    for (const ext of ['.js', '.mjs', '.cjs']) {
      expect(labels(`hook${ext}`, 'auto')).toEqual(['node', 'bun run']);
      expect(labels(`hook${ext}`, 'node')).toEqual(['node']);
      expect(labels(`hook${ext}`, 'bun')).toEqual(['bun run']);
    }
  });

  it('.py: python3, then python; Windows also tries py -3; explicit python is the same list', () => {
    expect(labels('hook.py', 'auto')).toEqual(['python3', 'python']);
    expect(labels('hook.py', 'python')).toEqual(['python3', 'python']);
    expect(labels('hook.py', 'auto', 'win32')).toEqual(['python3', 'python', 'py -3']);
    expect(labels('hook.py', 'auto', 'darwin')).toEqual(['python3', 'python']);
  });

  it('.sh: bash, then sh; an explicit runner "bash" is bash only', () => {
    expect(labels('hook.sh', 'auto')).toEqual(['bash', 'sh']);
    expect(labels('hook.sh', 'bash')).toEqual(['bash']);
  });

  it('.ps1: pwsh, then powershell, each with -NoProfile -File', () => {
    expect(labels('hook.ps1', 'auto')).toEqual(['pwsh -NoProfile -File', 'powershell -NoProfile -File']);
    expect(labels('hook.ps1', 'powershell')).toEqual(['pwsh -NoProfile -File', 'powershell -NoProfile -File']);
  });

  it('.bat/.cmd: cmd.exe /c; outside Windows a platform problem, on Windows none', () => {
    for (const ext of ['.bat', '.cmd']) {
      expect(selectRuntimes(`hook${ext}`, 'auto', 'linux')).toEqual({
        ok: true,
        runtimes: [{ label: 'cmd.exe /c', file: 'cmd.exe', args: ['/c'] }],
        platformProblem: 'batch files run only on Windows (cmd.exe); this platform is linux',
      });
      expect(selectRuntimes(`hook${ext}`, 'cmd', 'win32')).toEqual({ ok: true, runtimes: [{ label: 'cmd.exe /c', file: 'cmd.exe', args: ['/c'] }] });
    }
  });

  it('runtime labels are what a refusal lists ("tried node, then bun run")', () => {
    const selection = selectRuntimes('a.js', 'auto', 'linux');
    expect(selection.ok && selection.runtimes.map((runtime) => runtime.label)).toEqual(['node', 'bun run']);
  });

  it('extensions compare case-insensitively', () => {
    expect(labels('HOOK.JS', 'auto')).toEqual(['node', 'bun run']);
  });

  it('an explicit runner must be compatible with the extension', () => {
    const incompatible: Array<[string, Runner]> = [
      ['a.js', 'python'],
      ['a.py', 'node'],
      ['a.sh', 'python'],
      ['a.ps1', 'bash'],
      ['a.bat', 'powershell'],
      ['a.js', 'cmd'],
    ];
    for (const [path, runner] of incompatible) expect(selectRuntimes(path, runner, 'linux')).toMatchObject({ ok: false, code: 'runner-incompatible' });
    expect(selectRuntimes('a.py', 'node', 'linux')).toEqual({ ok: false, code: 'runner-incompatible', message: 'runner "node" cannot run .py scripts; use "python" or "auto"' });
  });

  it('other extensions, and no extension, are unsupported', () => {
    expect(selectRuntimes('a.rb', 'auto', 'linux')).toMatchObject({ ok: false, code: 'unsupported-extension', message: expect.stringContaining('".rb"') });
    expect(selectRuntimes('hooks/run', 'auto', 'linux')).toMatchObject({ ok: false, code: 'unsupported-extension', message: expect.stringContaining('has no extension') });
  });
});
