// Zod schema of the server capabilities `initialize` answers (what this hookd and the loaded dialect support).
// Describes only; the lists are built from the method tables by server-capabilities.ts, never written by hand.
import { z } from 'zod';
import type { InitializeParamsSchema } from './lifecycle.js';

/** A key of initialize's `capabilities` (what the client declares it answers). */
export type ClientCapabilityName = keyof (typeof InitializeParamsSchema.shape.capabilities)['def']['innerType']['shape'];

export const ServerCapabilitiesSchema = z
  .looseObject({
    handlerTypes: z
      .array(z.string())
      .describe('The handler `type`s the loaded dialect\'s configuration accepts (claude: command, http, mcp_tool, prompt, agent; bamboo: command, script). Programmatic hooks (hooks/register) come on top, as handlerType "client".'),
    requests: z
      .array(z.string())
      .describe('Every request method hookd answers, besides one hooks/<Event> per name in `events` and one hooks/<Alias> per key of `eventAliases`.'),
    serverRequests: z
      .array(
        z.looseObject({
          method: z.string(),
          capability: z.string().describe('The initialize `capabilities` flag a client must set to be sent this request.'),
        }),
      )
      .describe('The requests hookd may send the client, each only to a client that declared its capability.'),
    notifications: z
      .looseObject({
        client: z.array(z.string()).describe('Notifications hookd accepts from the client (cancels included).'),
        server: z.array(z.string()).describe('Notifications hookd may send the client.'),
      })
      .describe('Notification methods in each direction.'),
    options: z.array(z.string()).describe('The initialize `options` keys this hookd understands; others are ignored.'),
  })
  .meta({ id: 'ServerCapabilities', description: 'What this hookd and the loaded dialect support: handler types, methods, notifications and options.' });
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;
