// The TypeScript client builds outside this repository: clients/typescript copied to a scratch directory, `npm install`
// (its declared dependencies, from the npm cache; `prepare` builds it), its .d.ts free of Node's types; a consumer
// compiled with `types: []` and no @types/node anywhere reads `initializeResult.serverInfo` without `!` and runs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmEnvironment, REPO_ROOT, runTool } from '../helpers/repo-copy.js';
import { scratchDir } from '../helpers/scratch.js';

const TEST_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 420_000;
const CLIENT = join(REPO_ROOT, 'clients', 'typescript');
const HOOKD_JS = join(REPO_ROOT, 'dist', 'cli.js');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const CONSUMER = `import { spawnHookd, type InitializedHookdClient } from 'hookd-client';

export async function main(workspace: string, hookdJs: string): Promise<string> {
  const client: InitializedHookdClient = await spawnHookd({ workspace, home: workspace, hookdJs });
  const serverInfo = client.initializeResult.serverInfo;
  const name: string = serverInfo.name;
  const outcome = await client.preToolUse({ session: { id: 's1' }, toolName: 'Bash', toolInput: { command: 'ls' } });
  const exit = await client.shutdown();
  return [name, serverInfo.version, outcome.decision, String(exit.code)].join(' ');
}
`;

/** Every .d.ts under `dir`, as [relative path, text]. */
function declarations(dir: string, prefix = ''): Array<[string, string]> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): Array<[string, string]> => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarations(path, `${prefix}${entry.name}/`);
    return entry.name.endsWith('.d.ts') ? [[`${prefix}${entry.name}`, readFileSync(path, 'utf8')]] : [];
  });
}

describe('clients/typescript outside the repository', () => {
  it(
    'npm install builds it; its .d.ts mention no Node types; a consumer with types: [] compiles and plays a session',
    async () => {
      expect(existsSync(HOOKD_JS), 'npm run build first').toBe(true);
      const scratch = scratchDir('hookd-ts-client-');
      const tmp = join(scratch, 'tmp');
      mkdirSync(tmp);
      const env = npmEnvironment(tmp);
      const client = join(scratch, 'hookd-client');
      mkdirSync(client);
      for (const entry of ['package.json', 'tsconfig.json', 'README.md', 'src']) cpSync(join(CLIENT, entry), join(client, entry), { recursive: true });

      await runTool('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: client, env, timeoutMs: STEP_TIMEOUT_MS });
      expect(existsSync(join(client, 'dist', 'index.js')) && existsSync(join(client, 'dist', 'index.d.ts')), 'prepare built dist/').toBe(true);
      const nodeMentions = declarations(join(client, 'dist')).filter(([, text]) => /from 'node:|NodeJS\.|reference types="node"|vscode-jsonrpc\/node/.test(text));
      expect(nodeMentions.map(([path]) => path), 'no .d.ts mentions Node types').toEqual([]);

      // The consumer: no @types/node anywhere it could resolve from (the client's own devDependency removed too).
      rmSync(join(client, 'node_modules', '@types', 'node'), { recursive: true, force: true });
      const consumer = join(scratch, 'consumer');
      mkdirSync(join(consumer, 'node_modules'), { recursive: true });
      symlinkSync(client, join(consumer, 'node_modules', 'hookd-client'), 'dir');
      writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
      writeFileSync(join(consumer, 'consumer.ts'), CONSUMER);
      // Checked twice: as `tsc --init` sets it up (skipLibCheck), and checking every .d.ts (ours and vscode-jsonrpc's
      // included). zod's own .d.ts need a global URL (lib DOM or @types/node give it): with neither, the consumer says so.
      writeFileSync(join(consumer, 'url.d.ts'), 'declare class URL {\n  constructor(url: string);\n  readonly href: string;\n}\n');
      const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'ESNext.Disposable'], types: [], strict: true, outDir: 'out' };
      writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck: true }, files: ['consumer.ts'] }));
      writeFileSync(join(consumer, 'tsconfig.strict.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck: false, noEmit: true }, files: ['consumer.ts', 'url.d.ts'] }));
      await runTool(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: consumer, env, timeoutMs: STEP_TIMEOUT_MS });
      await runTool(process.execPath, [TSC, '-p', 'tsconfig.strict.json'], { cwd: consumer, env, timeoutMs: STEP_TIMEOUT_MS });

      const workspace = join(scratch, 'workspace');
      mkdirSync(workspace);
      writeFileSync(join(consumer, 'run.mjs'), `import { main } from './out/consumer.js';\nconsole.log(await main(process.argv[2], process.argv[3]));\n`);
      const output = await runTool(process.execPath, ['run.mjs', workspace, HOOKD_JS], { cwd: consumer, env, timeoutMs: STEP_TIMEOUT_MS });
      expect(output.trim().split('\n').at(-1)).toBe('hookd 0.1.0 none 0');
    },
    TEST_TIMEOUT_MS,
  );
});
