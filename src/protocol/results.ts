// Zod schemas of what hookd answers: the merged outcome of an event and one summary per handler run.
// Response schemas are loose objects so that clients tolerate fields a newer sidecar adds.
import { z } from 'zod';

export const DECISIONS = ['none', 'allow', 'deny', 'ask', 'defer', 'block'] as const;
export type Decision = (typeof DECISIONS)[number];

export const RUN_STATUSES = ['ok', 'error', 'timeout', 'cancelled', 'skipped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Why a run failed; null when it did not. */
export const FAILURE_CLASSES = [
  'spawn_failed',
  'runtime_missing',
  'timeout',
  'nonzero_exit',
  'signal',
  'invalid_output',
  'output_truncated',
  'cancelled',
  'unsupported',
  'http_error',
  // Refused before starting: the hook needs trust or approval it does not have (HookSpec.whenUntrusted "refuse").
  'untrusted',
  // Refused before starting: an http handler under options.networkAccess "denied".
  'network_denied',
] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const OutputCaptureSchema = z.looseObject({
  bytes: z.number().int().describe('Bytes kept (at most the cap).'),
  totalBytes: z.number().int().describe('Bytes the hook wrote in all.'),
  truncated: z.boolean(),
  excerpt: z
    .string()
    .optional()
    .describe('What the hook printed, decoded as UTF-8 and cut to the excerpt cap (see the runOutputExcerptBytes option); present only when excerpts are on.'),
  excerptTruncated: z.boolean().optional().describe('The excerpt is shorter than what was captured.'),
});
export type OutputCapture = z.infer<typeof OutputCaptureSchema>;

export const RunSummarySchema = z
  .looseObject({
    hookId: z.string(),
    source: z.string().describe('The file the hook was configured in (or "client" for programmatic hooks).'),
    handlerType: z.string(),
    status: z.enum(RUN_STATUSES),
    failureClass: z.enum(FAILURE_CLASSES).nullable(),
    decision: z.enum(DECISIONS).describe('What this run alone asked for.'),
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable(),
    durationMs: z.number(),
    timedOut: z.boolean(),
    truncated: z.boolean().describe('stdout or stderr went past the capture cap.'),
    stdout: OutputCaptureSchema,
    stderr: OutputCaptureSchema,
    message: z.string().optional().describe('Human-readable note: why it failed, or what it said.'),
    httpStatus: z.number().int().optional().describe('HTTP handlers: the response status, when a response came.'),
    reading: z
      .string()
      .optional()
      .describe(
        "How hookd read this run's output, in one line (e.g. `stdout is JSON: hookSpecificOutput.permissionDecision \"deny\" → deny`, `exit 2: stderr is the reason → block`); present with the output excerpts (runOutputExcerptBytes).",
      ),
    unit: z
      .string()
      .optional()
      .describe(
        'The unit of the request this run belongs to, when the dialect fans one request out into several (e.g. the file of a multi-file write, or "PreBash" beside a shell tool\'s PreToolUse). Absent for a request that is one unit without a label.',
      ),
    escapedPids: z
      .array(z.number().int())
      .optional()
      .describe(
        'Descendants hookd saw that were still alive after the run, out of its reach: they left the process group and cleared the run tag from their environment. Absent when none.',
      ),
  })
  .meta({ id: 'RunSummary' });
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** An async handler this event started in the background (it outlives the request; its output comes later). */
export const AsyncRunSchema = z
  .looseObject({
    hookId: z.string(),
    source: z.string(),
    handlerType: z.string(),
    status: z.literal('started').describe('Started in the background; the event was answered without waiting for it.'),
    rewake: z.boolean().describe('asyncRewake: an exit code 2 sends hooks/asyncRewake.'),
  })
  .meta({ id: 'AsyncRun' });
export type AsyncRun = z.infer<typeof AsyncRunSchema>;

/** What a finished async handler left for the model or the user, delivered on the session's next event result. */
export const AsyncOutputSchema = z
  .looseObject({
    hookId: z.string(),
    event: z.string().describe('The event that started it.'),
    source: z.string(),
    status: z.enum(RUN_STATUSES),
    exitCode: z.number().int().nullable(),
    durationMs: z.number(),
    additionalContext: z.string().optional().describe('Context for the model, as the hook wrote it (capped by the dialect).'),
    systemMessage: z.string().optional().describe('A message for the user.'),
    environment: z.record(z.string(), z.string()).optional().describe('Variables it wrote to its environment file (claude: CLAUDE_ENV_FILE).'),
    message: z.string().optional(),
  })
  .meta({ id: 'AsyncOutput' });
export type AsyncOutput = z.infer<typeof AsyncOutputSchema>;

export const APPROVAL_OPTIONS = ['allow', 'deny'] as const;

/** One approval a hook asked for (decision "ask"), as the agent shows it. */
export const ApprovalRequestSchema = z
  .looseObject({
    options: z.array(z.enum(APPROVAL_OPTIONS)).describe('The answers offered: wamp offers only ["allow", "deny"], never "allow for this chat".'),
    reason: z.string().describe("The hook's reason, shown on the approval card."),
    answer: z.enum(APPROVAL_OPTIONS).optional().describe('The answer the client gave to hooks/askToolApproval (decision then follows it).'),
  })
  .meta({ id: 'ApprovalRequest' });
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/** A refused prompt as an engine.run.start caller reports it. */
export const RefusalSchema = z
  .looseObject({
    code: z.literal('failed_precondition'),
    message: z.string(),
    data: z.looseObject({ reason: z.string() }),
  })
  .meta({ id: 'Refusal' });
export type Refusal = z.infer<typeof RefusalSchema>;

/** How an agent hands hook context to the model (EventResult.contextDelivery). */
export const CONTEXT_DELIVERIES = ['separate-message', 'appended'] as const;
export type ContextDelivery = (typeof CONTEXT_DELIVERIES)[number];

export const EventResultSchema = z
  .looseObject({
    event: z.string(),
    decision: z.enum(DECISIONS).describe('"none": no hook decided; the agent proceeds as it would without hooks.'),
    reason: z.string().optional(),
    additionalContext: z.string().optional().describe('Context for the model, joined from every hook.'),
    contextDelivery: z
      .enum(CONTEXT_DELIVERIES)
      .optional()
      .describe(
        'How the agent this dialect follows hands additionalContext to the model: "separate-message" (codex: a developer message of its own, before the tool output or after the prompt) or "appended" (gemini: inside the tool output or the user turn, as <hook_context>…</hook_context>). Absent: the dialect says nothing beyond its docs.',
      ),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedToolOutput: z.unknown().optional(),
    updatedPermissions: z.array(z.unknown()).optional(),
    interrupt: z.boolean().optional(),
    systemMessage: z.string().optional().describe('A message for the user, not the model.'),
    continue: z.boolean().describe('false: the agent must stop (stopReason says why).'),
    stopReason: z.string().optional(),
    suppressOutput: z.boolean().optional(),
    feedback: z.string().optional().describe('Non-blocking hook errors or exit-2 stderr the dialect shows the model.'),
    worktreePath: z.string().optional().describe('WorktreeCreate: the worktree directory a hook created; use it instead of creating one.'),
    retry: z.boolean().optional().describe('PermissionDenied: tell the model it may retry the denied tool call.'),
    displayContent: z.string().optional().describe('MessageDisplay: show this instead of the delta (display only; the model keeps the original).'),
    llmRequest: z.record(z.string(), z.unknown()).optional().describe('BeforeModel (gemini): fields of the model request the hooks override (merged over the request; later hooks win).'),
    llmResponse: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('BeforeModel (gemini): a synthetic response to use instead of calling the model; AfterModel: the chunk to use instead of the streamed one.'),
    toolConfig: z
      .looseObject({ mode: z.enum(['AUTO', 'ANY', 'NONE']).optional(), allowedFunctionNames: z.array(z.string()).optional() })
      .optional()
      .describe('BeforeToolSelection (gemini): the tool-calling mode (NONE wins over ANY over AUTO) and the union of the allowed function names.'),
    elicitation: z
      .looseObject({ action: z.enum(['accept', 'decline', 'cancel']), content: z.record(z.string(), z.unknown()).optional() })
      .optional()
      .describe('Elicitation, ElicitationResult: the answer to send the MCP server (accept with content, decline or cancel).'),
    terminalSequence: z
      .string()
      .optional()
      .describe(
        'claude: terminal escape sequences the hooks asked the agent to write to its terminal (only OSC 0/1/2/9/99/777 and BEL; invalid ones are dropped), concatenated in configured order. Absent when none.',
      ),
    notes: z.array(z.string()).describe('What hookd itself decided, e.g. the Stop-block cap was reached.'),
    warnings: z
      .array(z.string())
      .optional()
      .describe('wamp: what the agent shows the user as warnings in the chat (a failed hook, a misplaced field, plain text on a tool event, a refused prompt\'s reason, problems in the hook files read for this run). Absent when none.'),
    binding: z
      .boolean()
      .optional()
      .describe('true on a deny that holds in every permission mode (wamp), even for a tool the user allowed earlier: the agent must not override it.'),
    approval: ApprovalRequestSchema.optional().describe('decision "ask": the one approval to show the user (wamp: only Allow and Deny); with `answer` when hookd already asked the client (hooks/askToolApproval).'),
    refusal: RefusalSchema.optional().describe('A refused prompt (wamp UserPromptSubmit): the error an engine.run.start caller returns (failed-precondition, data.reason).'),
    unresolved: z
      .string()
      .optional()
      .describe('Stop: the keep-working cap was reached (wamp: twice per run), so the run finishes with this reason unresolved; decision is "none".'),
    notFired: z
      .string()
      .optional()
      .describe('The dialect does not fire this event here (e.g. wamp: a Goal continuation\'s UserPromptSubmit, an aborted run\'s Stop): no hook ran; why.'),
    extra: z.record(z.string(), z.unknown()).optional().describe('Dialect-specific outcome fields.'),
    runs: z.array(RunSummarySchema),
    environment: z
      .record(z.string(), z.string())
      .optional()
      .describe('Variables the hooks wrote to their environment files (claude: CLAUDE_ENV_FILE `export NAME=value` lines), merged in configured order, later wins. Absent when none.'),
    asyncRuns: z.array(AsyncRunSchema).optional().describe('Async handlers this event started in the background, in configured order. Absent when none.'),
    asyncOutputs: z
      .array(AsyncOutputSchema)
      .optional()
      .describe("Output of the session's async handlers that finished since its previous event result, in completion order. Absent when none."),
  })
  .meta({ id: 'EventResult' });
export type EventResult = z.infer<typeof EventResultSchema>;

/** What a cancelled request's -32800 error carries in `data`. */
export const CancelledDataSchema = z.looseObject({ runs: z.array(RunSummarySchema) }).meta({ id: 'CancelledData' });
export type CancelledData = z.infer<typeof CancelledDataSchema>;
