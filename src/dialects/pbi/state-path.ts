// Where the review state file of a load is: initialize options.hookStatePath, else <home>/.pbi-agent/hooks_state.json.
// One rule shared by the loader (reads it) and the review store (writes it); paths only.
import { resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import { defaultHookStatePath } from './state-file.js';

export function pbiStatePath(context: LoadContext): string {
  return context.hookStatePath !== undefined ? resolve(context.workspace, context.hookStatePath) : defaultHookStatePath(context.home);
}
