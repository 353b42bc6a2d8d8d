// The tools a client must run alone in a parallel batch (Dialect.serializedTools): those named literally by the tool
// matcher of an enabled blocking PreToolUse hook, whose veto or rewrite must be seen before anything else runs. Pure.
import type { HookSpec } from '../../engine/dialect.js';
import { bonsaiDataOrUndefined, canVeto } from './hook-data.js';

/** Characters that make a tool glob a pattern rather than one tool's name (picomatch's glob and extglob syntax). */
const GLOB_CHARACTERS = /[*?[\]{}()!+@|\\]/;

/** A tool glob that names exactly one tool: no glob characters. */
export function isLiteralToolGlob(glob: string): boolean {
  return glob !== '' && !GLOB_CHARACTERS.test(glob);
}

/** In configured order, each tool once. Hooks with a wildcard tool glob (or none) do not force serialization. */
export function serializedTools(hooks: readonly HookSpec[]): string[] {
  const tools: string[] = [];
  for (const hook of hooks) {
    const data = bonsaiDataOrUndefined(hook);
    if (hook.disabled === true || data === undefined || data.event !== 'PreToolUse' || !canVeto(data)) continue;
    const tool = data.matcher.tool;
    if (tool !== undefined && isLiteralToolGlob(tool) && !tools.includes(tool)) tools.push(tool);
  }
  return tools;
}
