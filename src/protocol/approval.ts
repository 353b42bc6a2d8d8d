// Zod schemas of hooks/approve: hookd asks the client to approve a hook before it first runs (bonsai project hooks
// with a shell or http action), as a permission-style prompt. Shapes only; the flow is the server's and engine's.
import { z } from 'zod';

export const APPROVAL_ANSWERS = ['once', 'session', 'project', 'deny'] as const;
export type ApprovalAnswer = (typeof APPROVAL_ANSWERS)[number];

export const ApproveHookParamsSchema = z
  .looseObject({
    hookId: z.string(),
    name: z.string().optional().describe('The name the configuration gives the hook.'),
    event: z.string(),
    source: z.string().describe('The configuration file the hook comes from.'),
    actionType: z.string().describe('What the hook does when it fires, e.g. shell or http.'),
    summary: z.string().describe('What to show: the command it runs or the URL it calls.'),
    matcher: z.string().optional().describe('The matcher as written, when it has one.'),
    hash: z.string().describe('The hash of the complete effect declaration the answer covers; an edit of any of it asks again.'),
  })
  .meta({ id: 'ApproveHookParams' });
export type ApproveHookParams = z.infer<typeof ApproveHookParamsSchema>;

export const ApproveHookResultSchema = z
  .looseObject({
    answer: z
      .enum(APPROVAL_ANSWERS)
      .describe('once: for this configuration load; session: while this hookd runs; project: recorded in the trust store for later sessions; deny: it does not run (fail-closed).'),
  })
  .meta({ id: 'ApproveHookResult' });
export type ApproveHookResult = z.infer<typeof ApproveHookResultSchema>;
