// Deterministic sample params for each bonsai event (dry run, `hookd test`, `hookd hooks test`): a bonsai-looking
// session that edits src/main.rs with the `write` tool and runs `cargo test` with the `bash` tool. Data only.
import type { EventName, EventParams, FileChange } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = 'hookd-dry-run';
export const SYNTHETIC_FILE = 'src/main.rs';
export const SYNTHETIC_COMMAND = 'cargo test';

const OLD_CONTENT = 'fn main() {\n    println!("old");\n}\n';
const NEW_CONTENT = 'fn main() {\n    println!("new");\n}\n';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace };
  const file: FileChange = { path: SYNTHETIC_FILE, operation: 'modify', oldContent: OLD_CONTENT, newContent: NEW_CONTENT };
  const write = { toolName: 'write', toolInput: { path: SYNTHETIC_FILE, content: NEW_CONTENT }, toolUseId: 'call_dry_run_1', files: [file] };
  const bash = { toolName: 'bash', toolInput: { command: SYNTHETIC_COMMAND }, toolUseId: 'call_dry_run_2', command: SYNTHETIC_COMMAND };
  const ran = { exitCode: 0, outputExcerpt: 'running 3 tests\ntest result: ok. 3 passed; 0 failed\n' };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    SessionStart: { source: 'startup' },
    SessionEnd: { reason: 'exit' },
    PreToolUse: write,
    PostToolUse: { ...write, toolResponse: { ok: true } },
    PreFileWrite: write,
    PostFileWrite: write,
    PreBash: bash,
    PostBash: { ...bash, ...ran },
  };
  return { session, ...(byEvent[event] ?? {}) };
}
