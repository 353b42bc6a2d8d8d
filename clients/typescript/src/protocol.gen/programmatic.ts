// GENERATED from src/protocol/programmatic.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Zod schemas of programmatic hooks: the client registers its own hooks (hooks/register), and hookd calls
// it back (hooks/invoke, a server → client request) to run them. Shapes only; the engine owns ordering.
import { z } from 'zod';

export const RegisterHookParamsSchema = z
  .looseObject({
    event: z.string().min(1).describe('The lifecycle event, e.g. PreToolUse; must be one of the dialect\'s events.'),
    matcher: z.string().optional().describe("Compiled with the dialect's matcher rules, e.g. a Rust regex over the tool name."),
    priority: z
      .number()
      .finite()
      .optional()
      .describe(
        'Lower runs first. Configured handlers of an event have priorities 0, 1, 2, … in configuration order; ' +
          'a tie runs the configured handler first. Omitted: after every configured handler.',
      ),
    timeoutMs: z.number().int().min(1).max(600_000).optional().describe("Default: the dialect's handler default."),
    name: z.string().optional().describe('Shown in hooks/list and runs[].'),
  })
  .meta({ id: 'RegisterHookParams' });
export type RegisterHookParams = z.infer<typeof RegisterHookParamsSchema>;

export const RegisterHookResultSchema = z.looseObject({ hookId: z.string() }).meta({ id: 'RegisterHookResult' });
export type RegisterHookResult = z.infer<typeof RegisterHookResultSchema>;

export const UnregisterHookParamsSchema = z.looseObject({ hookId: z.string().min(1) }).meta({ id: 'UnregisterHookParams' });
export const UnregisterHookResultSchema = z.looseObject({ removed: z.boolean() });

export const InvokeHookParamsSchema = z
  .looseObject({
    hookId: z.string(),
    event: z.string(),
    sessionId: z.string(),
    input: z.unknown().describe("Exactly what a command hook would read on stdin (the dialect's envelope), parsed."),
    timeoutMs: z.number().int(),
  })
  .meta({ id: 'InvokeHookParams' });
export type InvokeHookParams = z.infer<typeof InvokeHookParamsSchema>;

export const InvokeHookResultSchema = z
  .looseObject({
    output: z
      .unknown()
      .optional()
      .describe('What a command hook would print on stdout, as JSON (an object); omitted or null: no output.'),
    exitCode: z.number().int().default(0).describe('As a command hook would exit; e.g. 2 blocks in dialects where exit 2 blocks.'),
    stderr: z.string().default(''),
  })
  .meta({ id: 'InvokeHookResult' });
export type InvokeHookResult = z.infer<typeof InvokeHookResultSchema>;
