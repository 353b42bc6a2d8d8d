// Zod schemas of the per-hook management methods: hooks/setEnabled (a session toggle by name) and hooks/test (fire one
// configured hook once). Shapes only; what they do is the engine's (engine/session-toggles.ts, engine/test-hook.ts).
import { z } from 'zod';
import { EventParamsBaseSchema } from './events.js';
import { HookInfoSchema } from './lifecycle.js';
import { EventResultSchema } from './results.js';

const HookNameSchema = z.string().min(1).max(1024).describe("The hook's name (HookInfo.name), else its id (HookInfo.id).");

export const SetEnabledParamsSchema = z
  .looseObject({
    name: HookNameSchema,
    enabled: z.boolean().describe('false: it stops firing for events that start from now on; true: it fires again (a parked hook too), for this hookd process.'),
  })
  .meta({ id: 'SetEnabledParams' });
export type SetEnabledParams = z.infer<typeof SetEnabledParamsSchema>;

export const SetEnabledResultSchema = z
  .looseObject({
    hook: HookInfoSchema.describe('The hook as it is now (state, sessionEnabled).'),
    persist: z.string().describe("The toggle lasts for this session (reloads keep it by name): how to make it last, in the dialect's words."),
  })
  .meta({ id: 'SetEnabledResult' });
export type SetEnabledResult = z.infer<typeof SetEnabledResultSchema>;

export const TestHookParamsSchema = z
  .looseObject({
    name: HookNameSchema,
    params: EventParamsBaseSchema.partial()
      .optional()
      .describe("Event params; omitted fields come from the dialect's deterministic synthetic payload for the hook's event."),
  })
  .meta({ id: 'TestHookParams' });
export type TestHookParams = z.infer<typeof TestHookParamsSchema>;

export const TestHookResultSchema = z
  .looseObject({
    hook: HookInfoSchema,
    event: z.string().describe('The event it was fired on (its own).'),
    result: EventResultSchema.optional().describe('The decision of that one run, as an event result (omitted when it did not run: see notRun).'),
    input: z.unknown().optional().describe('What the hook received on stdin (parsed when it is JSON).'),
    notRun: z
      .string()
      .optional()
      .describe('Why it was not fired: it may not run now (awaiting approval, denied, untrusted, modified) or it is invalid. A parked or session-disabled hook is fired.'),
  })
  .meta({ id: 'TestHookResult' });
export type TestHookResult = z.infer<typeof TestHookResultSchema>;
