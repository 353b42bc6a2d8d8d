// GENERATED from src/protocol/cancel-notifications.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of the cancel notifications (LSP's `$/cancelRequest {id}`, ACP's `$/cancel_request {requestId}`) and
// their table. Describes the wire only; the rpc layer (message-gate.ts, cancellation.ts) does the cancelling.
import { z } from 'zod';

const RequestIdSchema = z
  .union([z.string(), z.number(), z.null()])
  .describe('The id of the request to cancel, exactly as it was sent (a number is compared by its JSON text).');

export const CancelRequestParamsSchema = z.looseObject({ id: RequestIdSchema }).meta({ id: 'CancelRequestParams' });
export type CancelRequestParams = z.infer<typeof CancelRequestParamsSchema>;

export const AcpCancelRequestParamsSchema = z.looseObject({ requestId: RequestIdSchema }).meta({ id: 'AcpCancelRequestParams' });
export type AcpCancelRequestParams = z.infer<typeof AcpCancelRequestParamsSchema>;

/**
 * Cancel notifications. Both are accepted from the client; hookd itself sends `$/cancelRequest` for its own requests
 * (hooks/invoke, hooks/judge, hooks/callMcpTool) on a timeout or when their event is cancelled.
 */
export const CancelNotifications = {
  '$/cancelRequest': {
    params: CancelRequestParamsSchema,
    sentByServer: true,
    doc: 'Cancel one request (LSP spelling). The client cancels an event: its hook trees are killed and it is answered -32800 with the partial runs. hookd cancels a server → client request it stopped waiting for; a later answer is ignored.',
  },
  '$/cancel_request': {
    params: AcpCancelRequestParamsSchema,
    sentByServer: false,
    doc: 'Cancel one request (ACP spelling); the same as $/cancelRequest {id}. Only accepted, never sent.',
  },
} as const satisfies Record<string, { params: z.ZodType; sentByServer: boolean; doc: string }>;
