// The seed's runner table as data: which runtimes run a script, by extension and `runner`, per platform.
// Pure selection of candidates; finding them on PATH and spawning happen in the engine and runner.
// `auto` tries the seed's "Auto runtime order"; an explicit runner tries only the runtime it names (choice, issue 9):
// `node` never falls back to bun, `bun` never to node, `bash` never to sh; `python` and `powershell` name a language
// whose launchers (python3/python/py -3, pwsh/Windows PowerShell) are the same runtime, so they keep that order.
import { extname } from 'node:path';
import type { ScriptRuntime } from '../../engine/dialect.js';

export const RUNNERS = ['auto', 'node', 'bun', 'python', 'bash', 'powershell', 'cmd'] as const;
export type Runner = (typeof RUNNERS)[number];

const rt = (label: string, file: string, args: readonly string[] = []): ScriptRuntime => ({ label, file, args });

const NODE = rt('node', 'node');
const BUN = rt('bun run', 'bun', ['run']);
const BASH = rt('bash', 'bash');
const SH = rt('sh', 'sh');
const PS_ARGS = ['-NoProfile', '-File'];

type Family = {
  readonly extensions: readonly string[];
  /** The explicit runners compatible with these extensions. */
  readonly runners: readonly Exclude<Runner, 'auto'>[];
  readonly runtimes: (runner: Runner, platform: NodeJS.Platform) => readonly ScriptRuntime[];
  /** Set when the platform cannot run these scripts at all. */
  readonly platformProblem?: (platform: NodeJS.Platform) => string | undefined;
};

const FAMILIES: readonly Family[] = [
  {
    extensions: ['.js', '.mjs', '.cjs'],
    runners: ['node', 'bun'],
    runtimes: (runner) => (runner === 'node' ? [NODE] : runner === 'bun' ? [BUN] : [NODE, BUN]),
  },
  {
    extensions: ['.py'],
    runners: ['python'],
    runtimes: (_runner, platform) => [rt('python3', 'python3'), rt('python', 'python'), ...(platform === 'win32' ? [rt('py -3', 'py', ['-3'])] : [])],
  },
  {
    extensions: ['.sh'],
    runners: ['bash'],
    // "system sh/Bash-compatible runtime" (auto: bash, then sh); an explicit `bash` is Bash, never sh.
    runtimes: (runner) => (runner === 'bash' ? [BASH] : [BASH, SH]),
  },
  {
    extensions: ['.ps1'],
    runners: ['powershell'],
    runtimes: () => [rt('pwsh', 'pwsh', PS_ARGS), rt('powershell', 'powershell', PS_ARGS)],
  },
  {
    extensions: ['.bat', '.cmd'],
    runners: ['cmd'],
    runtimes: () => [rt('cmd.exe /c', 'cmd.exe', ['/c'])],
    platformProblem: (platform) => (platform === 'win32' ? undefined : `batch files run only on Windows (cmd.exe); this platform is ${platform}`),
  },
];

export const SCRIPT_EXTENSIONS: readonly string[] = FAMILIES.flatMap((family) => family.extensions);

export type RuntimeSelection =
  | { readonly ok: true; readonly runtimes: readonly ScriptRuntime[]; readonly platformProblem?: string }
  | { readonly ok: false; readonly code: 'unsupported-extension' | 'runner-incompatible'; readonly message: string };

/** The runtimes to try, in order, for a script path and runner; the extension is compared case-insensitively. */
export function selectRuntimes(path: string, runner: Runner, platform: NodeJS.Platform = process.platform): RuntimeSelection {
  const extension = extname(path).toLowerCase();
  const family = FAMILIES.find((candidate) => candidate.extensions.includes(extension));
  if (family === undefined) {
    const what = extension === '' ? 'has no extension' : `has the unsupported extension "${extension}"`;
    return { ok: false, code: 'unsupported-extension', message: `script "${path}" ${what}; supported: ${SCRIPT_EXTENSIONS.join(', ')}` };
  }
  if (runner !== 'auto' && !family.runners.includes(runner)) {
    return {
      ok: false,
      code: 'runner-incompatible',
      message: `runner "${runner}" cannot run ${extension} scripts; use ${[...family.runners, 'auto'].map((name) => `"${name}"`).join(' or ')}`,
    };
  }
  const platformProblem = family.platformProblem?.(platform);
  return { ok: true, runtimes: family.runtimes(runner, platform), ...(platformProblem !== undefined ? { platformProblem } : {}) };
}
