// GENERATED from src/protocol/sources.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of hooks/addSource and hooks/removeSource: extension sources (plugin hooks files, skill and subagent
// frontmatter) added to or removed from a session after initialize. Shapes only; loading is the dialect's.
import { z } from 'zod';
import { DiagnosticSchema } from './diagnostics.js';
import { ConfigSourceSchema, HookInfoSchema } from './lifecycle.js';

export const ADDABLE_SCOPES = ['plugin', 'skill', 'subagent'] as const;

export const AddSourceParamsSchema = z
  .looseObject({
    source: ConfigSourceSchema.refine((source) => (ADDABLE_SCOPES as readonly string[]).includes(source.scope), {
      message: `scope must be one of ${ADDABLE_SCOPES.join(', ')}`,
      path: ['scope'],
    }).describe('The extension source: a plugin hooks/hooks.json, or a skill or subagent Markdown file (e.g. when the skill is invoked or the subagent starts).'),
  })
  .meta({ id: 'AddSourceParams' });
export type AddSourceParams = z.infer<typeof AddSourceParamsSchema>;

export const AddSourceResultSchema = z
  .looseObject({
    added: z.boolean().describe('false: a source with this path was already added (it was replaced by this one and read again).'),
    hooks: z.array(HookInfoSchema).describe('Every hook now current, the new source\'s included.'),
    diagnostics: z.array(DiagnosticSchema),
  })
  .meta({ id: 'AddSourceResult' });

export const RemoveSourceParamsSchema = z
  .looseObject({ path: z.string().min(1).describe('The path given to hooks/addSource (e.g. when the subagent finished).') })
  .meta({ id: 'RemoveSourceParams' });

export const RemoveSourceResultSchema = z
  .looseObject({
    removed: z.boolean().describe('false: no source with this path had been added.'),
    hooks: z.array(HookInfoSchema),
    diagnostics: z.array(DiagnosticSchema),
  })
  .meta({ id: 'RemoveSourceResult' });
