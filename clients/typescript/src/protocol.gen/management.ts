// GENERATED from src/protocol/management.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of the management methods beyond listing and cancelling: runs (configuration snapshots), reload,
// trust, and the dry run of one handler. Shapes only; what they do is the server's and engine's business.
import { z } from 'zod';
import { DiagnosticSchema } from './diagnostics.js';
import { EventParamsBaseSchema } from './events.js';
import { HookInfoSchema } from './lifecycle.js';
import { EventResultSchema } from './results.js';

export const BeginRunParamsSchema = z
  .looseObject({ runId: z.string().min(1), sessionId: z.string().optional() })
  .meta({ id: 'BeginRunParams' });
export const BeginRunResultSchema = z
  .looseObject({
    runId: z.string(),
    began: z.boolean().describe('false: the run was already open (its snapshot is unchanged).'),
    hooks: z.number().int().describe('Configured hooks in the snapshot the run uses.'),
  })
  .meta({ id: 'BeginRunResult' });
export const EndRunParamsSchema = z.looseObject({ runId: z.string().min(1) }).meta({ id: 'EndRunParams' });
export const EndRunResultSchema = z.looseObject({ ended: z.boolean().describe('false: no such open run.') });

export const ReloadResultSchema = z
  .looseObject({
    hooks: z.array(HookInfoSchema),
    diagnostics: z.array(DiagnosticSchema),
  })
  .meta({ id: 'ReloadResult' });

export const TrustEntrySchema = z
  .looseObject({
    key: z.string().describe('What is trusted, e.g. "workspace:/abs/path" for project-local hooks.'),
    trusted: z.boolean().describe('Trusted for the content loaded now (state "trusted"): its hooks run.'),
    state: z
      .enum(['trusted', 'untrusted', 'modified', 'awaiting_approval', 'denied'])
      .describe(
        'modified: trusted for other content (the file changed since, or the trust predates content hashes); its hooks do not run. awaiting_approval / denied: keys of hooks that ask approval (hooks/approve): not approved yet for the current content, or denied in this hookd process.',
      ),
    hooks: z.number().int().describe('Configured hooks that need this key.'),
    sources: z.array(z.string()),
    currentHash: z.string().optional().describe('Content hash of what the key covers now, e.g. "sha256:<hex>" (absent when the dialect hashes nothing).'),
    trustedHash: z.string().optional().describe('The hash recorded with the trust (absent when not trusted, or trusted without one).'),
  })
  .meta({ id: 'TrustEntry' });
export const TrustListResultSchema = z.looseObject({ entries: z.array(TrustEntrySchema), storePath: z.string() }).meta({ id: 'TrustListResult' });

export const SetTrustParamsSchema = z
  .looseObject({
    key: z.string().min(1).optional().describe('Omitted: every key the current configuration needs (trust this workspace).'),
    trusted: z.boolean(),
    persist: z.boolean().default(true).describe('Also record it in the trust store, for later sessions.'),
  })
  .meta({ id: 'SetTrustParams' });
export const SetTrustResultSchema = z
  .looseObject({ entries: z.array(TrustEntrySchema), hooks: z.array(HookInfoSchema), diagnostics: z.array(DiagnosticSchema) })
  .meta({ id: 'SetTrustResult' });

export const DryRunParamsSchema = z
  .looseObject({
    event: z.string().min(1),
    handler: z.unknown().describe("One handler exactly as written in the dialect's configuration."),
    params: EventParamsBaseSchema.partial()
      .optional()
      .describe("Event params; omitted fields come from the dialect's deterministic synthetic payload for the event."),
  })
  .meta({ id: 'DryRunParams' });
export const DryRunResultSchema = z
  .looseObject({
    diagnostics: z.array(DiagnosticSchema).describe('Handler validation problems, then what went wrong when it ran (failure class as code).'),
    result: EventResultSchema.optional().describe('Omitted when the handler is invalid and did not run.'),
    input: z.unknown().optional().describe('The envelope the handler received on stdin.'),
  })
  .meta({ id: 'DryRunResult' });
export type DryRunResult = z.infer<typeof DryRunResultSchema>;
