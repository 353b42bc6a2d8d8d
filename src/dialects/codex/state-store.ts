// The codex ReviewStore: trust / enable / disable / revoke written as `[hooks.state."<key>"]` into
// $CODEX_HOME/config.toml as Codex's /hooks browser records them, keeping every other byte of the file
// (config-toml-edit.ts); locked across processes and atomic, concurrent calls coalesced into one write.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import type { ReviewStore } from '../../engine/dialect.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { writeFileAtomic } from '../../trust/atomic-write.js';
import { coalescedWrites } from '../../trust/coalesced-writes.js';
import { editHookStates, type HookStateChange, type KeyedChange } from './config-toml-edit.js';

const BOM = '\uFEFF';
/** A config.toml hookd creates is private, as hookd's own trust store is. */
const NEW_FILE_MODE = 0o600;


/** The file a write replaces: a symlinked config.toml (dotfiles) is written through to its target. */
function writeTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}

/** The current text (without a BOM), whether it had one, and its permission bits; throws when it cannot be read. */
function currentText(path: string): { text: string; bom: boolean; mode: number } {
  const read = readConfigFile(path);
  if (read.status === 'missing') return { text: '', bom: false, mode: NEW_FILE_MODE };
  if (read.status === 'rejected') throw new Error(`${path} ${read.reason}; it is left as it is`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(read.bytes);
  } catch {
    throw new Error(`${path} is not valid UTF-8; hookd never rewrites it`);
  }
  let mode = NEW_FILE_MODE;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    // Gone since the read: the write creates it.
  }
  const bom = text.startsWith(BOM);
  return { text: bom ? text.slice(1) : text, bom, mode };
}

/**
 * Writes through the trust store lock (one hookd writer across processes), re-reading the file under it so other
 * writers' changes survive, and atomically (temp file, fsync, rename). Calls made while a write is under way go into
 * the next write together, applied in call order; one that cannot be applied fails alone. A file that cannot be read
 * or parsed is never rewritten: the action fails naming it. Codex itself does not take hookd's lock: a Codex write
 * racing a hookd write can lose one of the two (each file is whole either way).
 */
export function createCodexReviewStore(configPath: string): ReviewStore {
  const write = async (changes: readonly KeyedChange[], assertHeld: () => void): Promise<Array<Error | undefined>> => {
    const target = writeTarget(configPath);
    const current = currentText(target);
    const { text, outcomes: edits } = editHookStates(current.text, changes);
    const outcomes = edits.map((edit) => (edit.ok ? undefined : new Error(`${target} ${edit.reason}`)));
    if (text !== current.text) await writeFileAtomic(target, (current.bom ? BOM : '') + text, { mode: current.mode, beforeRename: assertHeld });
    return outcomes;
  };
  const queue = coalescedWrites(configPath, write);
  const update = (key: string, change: HookStateChange): Promise<void> => queue({ key, change });

  return {
    path: configPath,
    // As Codex's /hooks "trust": enabled = true and trusted_hash = the current hash (other fields of the entry kept).
    trust: (key, currentHash) => update(key, { enabled: true, trustedHash: currentHash }),
    setEnabled: (key, enabled) => update(key, { enabled }),
    // hookd's own action (Codex has none): trusted_hash removed, the rest of the entry kept.
    revoke: (key) => update(key, { trustedHash: null }),
  };
}
