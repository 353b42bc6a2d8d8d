// Unit: the guard lint's parts on real files in scratch directories (no processes): which programs a command line
// starts, what keeps a script file from starting, and the lint over loaded claude and bamboo hooks.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintGuards } from '../../../src/commands/guard-lint.js';
import { directProgramProblems, readShebang } from '../../../src/commands/program-file.js';
import { simpleCommands } from '../../../src/commands/shell-programs.js';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { scratchDir } from '../../helpers/scratch.js';

const file = (dir: string, path: string, text: string, mode = 0o755): string => {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  chmodSync(full, mode);
  return full;
};

describe('the programs a command line starts (shell-quote tokens)', () => {
  const programs = (command: string) => simpleCommands(command, (name) => (name === 'CLAUDE_PROJECT_DIR' ? '/ws' : undefined)).map((entry) => entry.program);

  it.each([
    ['jq -r .tool_input.command | grep -q "rm -rf" && exit 2 || exit 0', ['jq', 'grep']],
    ["jq -r '.tool_input.file_path' | xargs npx prettier --write", ['jq', 'xargs']],
    ['npx prettier --write "$(jq -r .tool_input.file_path)"', ['npx']],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-style.sh --fix', ['/ws/.claude/hooks/check-style.sh']],
    ['FOO=1 BAR=2 mycmd 2>/dev/null >&2', ['mycmd']],
    ['if [[ -f x && -r y ]]; then bash y.sh; fi', ['bash']],
    ['f() { echo hi; }; f', []],
    ['(( i++ )); cd /tmp && ls', ['ls']],
    ['echo a\nnotify-send done', ['notify-send']],
    ['for f in *.ts; do prettier "$f"; done', ['prettier']],
    ['cat <<EOF | never-read\nbody | words\nEOF', ['cat']],
    ['$TOOL run; "${UNKNOWN}/x.sh"', []],
    ['case "$x" in a) foo ;; esac', []],
    ['! grep -q secret && exec node hook.js', ['grep', 'node']],
  ])('%j starts %j (builtins, keywords, redirect targets and unknown variables skipped)', (command, expected) => {
    expect(programs(command)).toEqual(expected);
  });

  it('a long line is read only to its first 8 KiB, at most 64 commands', () => {
    const long = Array.from({ length: 10_000 }, (_, index) => `p${index}`).join(' ; ');
    const found = simpleCommands(long, () => undefined);
    expect(found.length).toBeLessThanOrEqual(64);
    expect(found[0]?.program).toBe('p0');
  });
});

describe('what keeps a script started directly from starting', () => {
  const env = { PATH: '/usr/bin:/bin' };

  it('"a script without the executable bit": script-not-executable with the fix chmod +x', () => {
    const dir = scratchDir();
    const path = file(dir, 'guard.sh', '#!/bin/sh\nexit 2\n', 0o644);
    expect(directProgramProblems(path, './guard.sh', env)).toEqual([
      { code: 'script-not-executable', message: expect.stringMatching(new RegExp(`^"\\./guard\\.sh" is not executable: .*; fix: chmod \\+x ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`)) },
    ]);
  });

  it('"a CRLF shebang (#!/bin/bash\\r): the kernel looks for bash\\r": crlf-shebang', () => {
    const dir = scratchDir();
    const path = file(dir, 'crlf.sh', '#!/bin/bash\r\nexit 2\r\n');
    const problems = directProgramProblems(path, 'crlf.sh', env);
    expect(problems.map((problem) => problem.code)).toEqual(['crlf-shebang']);
    expect(problems[0]?.message).toContain('"bash\\r"');
  });

  it('"#!/usr/bin/env definitely-not-here": interpreter-not-found naming the program; an absolute interpreter that does not exist too', () => {
    const dir = scratchDir();
    const viaEnv = file(dir, 'env.sh', '#!/usr/bin/env definitely-not-here\n');
    const viaSplit = file(dir, 'split.sh', '#!/usr/bin/env -S definitely-not-here-either --flag\n');
    const absolute = file(dir, 'abs.sh', '#!/opt/hookd-no-such/bin/zsh\n');
    expect(directProgramProblems(viaEnv, 'env.sh', env)).toEqual([{ code: 'interpreter-not-found', message: expect.stringContaining('"definitely-not-here" is not found on PATH') }]);
    expect(directProgramProblems(viaSplit, 'split.sh', env)).toEqual([{ code: 'interpreter-not-found', message: expect.stringContaining('"definitely-not-here-either"') }]);
    expect(directProgramProblems(absolute, 'abs.sh', env)).toEqual([{ code: 'interpreter-not-found', message: expect.stringContaining('/opt/hookd-no-such/bin/zsh does not exist') }]);
  });

  it('no exec bit and a CRLF shebang: both reported (after chmod +x the CRLF would still fail)', () => {
    const dir = scratchDir();
    const path = file(dir, 'both.sh', '#!/bin/sh\r\n', 0o644);
    expect(directProgramProblems(path, 'both.sh', env).map((problem) => problem.code)).toEqual(['script-not-executable', 'crlf-shebang']);
  });

  it('a clean script (#!/bin/sh, #!/usr/bin/env sh, no shebang, a binary) has no problems; a missing file and a directory do', () => {
    const dir = scratchDir();
    for (const [name, text] of [['a.sh', '#!/bin/sh\n'], ['b.sh', '#!/usr/bin/env sh\nexit 0\n'], ['c.sh', 'exit 0\n'], ['d', '\u007fELF\u0002\u0001']] as const)
      expect(directProgramProblems(file(dir, name, text), name, env)).toEqual([]);
    expect(directProgramProblems(join(dir, 'gone.sh'), 'gone.sh', env)).toEqual([{ code: 'command-not-found', message: '"gone.sh" does not exist' }]);
    expect(directProgramProblems(dir, 'dir', env)).toEqual([{ code: 'command-not-found', message: '"dir" is not a file' }]);
  });

  it('reads at most the first 256 bytes: a shebang line longer than that is cut, not read further', () => {
    const dir = scratchDir();
    const path = file(dir, 'long.sh', `#!/bin/sh ${'x'.repeat(100_000)}\n`);
    expect(readShebang(path)?.length).toBe(256);
  });
});

describe('lintGuards over loaded hooks', () => {
  it('claude plugin hooks: ${CLAUDE_PLUGIN_ROOT} is the plugin directory (a script there without the exec bit is named by its real path)', () => {
    const root = scratchDir();
    const workspace = join(root, 'ws');
    mkdirSync(workspace);
    const plugin = join(root, 'plugin');
    const script = file(plugin, 'scripts/format.sh', '#!/bin/sh\n', 0o644);
    const hooksFile = file(plugin, 'hooks/hooks.json', JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/scripts/format.sh"' }] }] } }), 0o644);
    const context: LoadContext = { workspace, home: join(root, 'home'), managedSettingsPath: join(root, 'none.json'), sources: [{ path: hooksFile, scope: 'plugin' }], env: { PATH: '/usr/bin:/bin' } };
    const warnings = lintGuards(claudeDialect, claudeDialect.load(context).hooks, context);
    expect(warnings).toEqual([expect.objectContaining({ severity: 'warning', code: 'script-not-executable', file: hooksFile, message: expect.stringContaining(`chmod +x ${script}`) })]);
  });

  it('bamboo: a script handler is run by its runtime, so no exec bit is needed; a command handler is started directly, so it is', () => {
    const root = scratchDir();
    const workspace = join(root, 'ws');
    file(workspace, '.bamboo/hooks/check.sh', 'exit 0\n', 0o644);
    file(workspace, '.bamboo/hooks/audit.sh', '#!/bin/sh\n', 0o644);
    const config = file(
      root,
      'data/hooks.json',
      JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [{ type: 'script', path: '.bamboo/hooks/check.sh' }, { type: 'command', command: '.bamboo/hooks/audit.sh' }] }] } }),
      0o644,
    );
    const context: LoadContext = { workspace, home: join(root, 'home'), env: { PATH: '/usr/bin:/bin', BAMBOO_DATA_DIR: join(root, 'data') } };
    const warnings = lintGuards(bambooDialect, bambooDialect.load(context).hooks, context);
    expect(warnings.map((entry) => [entry.code, entry.file, entry.field, entry.line])).toEqual([['script-not-executable', config, 'lifecycle_hooks.Stop[0].hooks[1].command', 1]]);
  });

  it('disabled hooks and non-POSIX shells (PowerShell) are not judged', () => {
    const root = scratchDir();
    const workspace = join(root, 'ws');
    file(
      workspace,
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'Get-Item no-such-hookd-cmdlet', shell: 'powershell' }] }] } }),
      0o644,
    );
    const context: LoadContext = { workspace, home: join(root, 'home'), managedSettingsPath: join(root, 'none.json'), env: { PATH: '/usr/bin:/bin' } };
    const hooks = claudeDialect.load(context).hooks;
    expect(lintGuards(claudeDialect, hooks, context).filter((entry) => entry.code === 'command-not-found')).toEqual([]);
  });
});
