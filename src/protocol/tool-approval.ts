// Zod schemas of hooks/askToolApproval: a hook asked for approval of a tool call (decision "ask") and hookd asks the
// client to show it (wamp: one approval card, Allow or Deny). Shapes only; the flow is the server's.
import { z } from 'zod';
import { APPROVAL_OPTIONS } from './results.js';

export const AskToolApprovalParamsSchema = z
  .looseObject({
    sessionId: z.string(),
    event: z.string().describe('The event whose hooks asked (PreToolUse).'),
    runId: z.string().optional(),
    toolName: z.string().optional(),
    toolUseId: z.string().optional(),
    toolInput: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().describe("The hooks' reason, joined; shown on the card."),
    options: z.array(z.enum(APPROVAL_OPTIONS)).describe('The answers to offer, no others (wamp: ["allow", "deny"]).'),
  })
  .meta({ id: 'AskToolApprovalParams' });
export type AskToolApprovalParams = z.infer<typeof AskToolApprovalParamsSchema>;

export const AskToolApprovalResultSchema = z
  .looseObject({
    answer: z.enum(APPROVAL_OPTIONS).describe('allow: the hooks no longer object (the agent\'s own permission decision follows); deny: the call is refused.'),
  })
  .meta({ id: 'AskToolApprovalResult' });
export type AskToolApprovalResult = z.infer<typeof AskToolApprovalResultSchema>;
