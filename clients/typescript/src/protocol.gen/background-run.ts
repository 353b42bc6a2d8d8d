// GENERATED from src/protocol/background-run.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The hooks/backgroundRun notification: one hook run that failed where no request waits for its answer (a
// fire-and-forget event such as Bamboo's Notification). Describes the wire shape only; the server produces it.
import { z } from 'zod';
import { FAILURE_CLASSES, RUN_STATUSES } from './results.js';

/** At most this many characters of the hook's stderr go into `stderrExcerpt` (and the log line). */
export const STDERR_EXCERPT_CHARS = 500;

export const BackgroundRunParamsSchema = z
  .looseObject({
    event: z.string(),
    sessionId: z.string(),
    hookId: z.string(),
    source: z.string().describe('The file the hook was configured in (or "client" for programmatic hooks).'),
    handlerType: z.string(),
    status: z.enum(RUN_STATUSES).describe('"error" or "timeout": only failed runs are reported.'),
    failureClass: z.enum(FAILURE_CLASSES).nullable(),
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable(),
    message: z.string().optional().describe('Why it failed, as in the run summary.'),
    stderrExcerpt: z
      .string()
      .describe(`The start of the hook's stderr on one line (whitespace and control characters collapsed to a space), at most ${STDERR_EXCERPT_CHARS} characters, "…" appended when cut; "" when it wrote none.`),
  })
  .meta({ id: 'BackgroundRunParams' });
export type BackgroundRunParams = z.infer<typeof BackgroundRunParamsSchema>;
