// What hooks/list says of each hook: its state (one word for whether and why it fires) and its provenance (where it
// is written). Schemas only; deciding a hook's state is the engine's (engine/hook-status.ts).
import { z } from 'zod';

/**
 * active: fires on matching events. parked: disabled in its configuration (e.g. bonsai `enabled = false`), still
 * listed. disabled: turned off for this session (hooks/setEnabled). awaiting_approval: a hook that asks for approval
 * (hooks/approve) and has none for its current effect yet. denied: its approval was denied. untrusted / modified: it
 * needs trust/set (modified: trusted for other content). invalid: written in the configuration but failed to load.
 */
export const HOOK_STATES = ['active', 'parked', 'disabled', 'awaiting_approval', 'denied', 'untrusted', 'modified', 'invalid'] as const;
export type HookState = (typeof HOOK_STATES)[number];

export const HookProvenanceSchema = z
  .looseObject({
    scope: z.string().describe('Where the configuration comes from: user (bonsai: global), project, local, managed, explicit, plugin, skill, subagent, or client (hooks/register).'),
    file: z.string().describe('The file it is written in ("client" for programmatic hooks).'),
    line: z.number().int().min(1).optional().describe('1-based line of its entry, when the dialect locates it.'),
    column: z.number().int().min(1).optional(),
    field: z.string().optional().describe('Its entry as the file names it, e.g. hooks.cargo-fmt or lifecycle_hooks.PreToolUse[0].hooks[0].'),
  })
  .meta({ id: 'HookProvenance' });
export type HookProvenance = z.infer<typeof HookProvenanceSchema>;
