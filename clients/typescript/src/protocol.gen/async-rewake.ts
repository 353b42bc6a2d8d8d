// GENERATED from src/protocol/async-rewake.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The hooks/asyncRewake notification: an asyncRewake hook exited with code 2 in the background, so the agent
// should wake the model with its message. Describes the wire shape only; the server produces it.
import { z } from 'zod';

/** At most this many characters of the hook's stderr (or stdout) go into `message`. */
export const REWAKE_MESSAGE_CHARS = 10_000;

export const AsyncRewakeParamsSchema = z
  .looseObject({
    sessionId: z.string(),
    event: z.string().describe('The event that started the hook.'),
    hookId: z.string(),
    source: z.string(),
    exitCode: z.literal(2),
    message: z.string().describe(`The hook's stderr, or its stdout when stderr is empty, trimmed; at most ${REWAKE_MESSAGE_CHARS} characters.`),
  })
  .meta({ id: 'AsyncRewakeParams' });
export type AsyncRewakeParams = z.infer<typeof AsyncRewakeParamsSchema>;
