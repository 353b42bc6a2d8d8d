// Zod schemas of JSON-RPC error responses and what each code in error-codes.ts means, with the shape of its
// `data` where it has one. Describes only; mapping thrown errors to codes lives in rpc/errors.ts.
import { z } from 'zod';
import { ErrorCodes } from './error-codes.js';
import { UnsupportedProtocolVersionDataSchema } from './protocol-negotiation.js';
import { CancelledDataSchema } from './results.js';

export const ErrorObjectSchema = z
  .looseObject({
    code: z.number().int().describe('One of the codes in `errors.codes`.'),
    message: z.string().describe('Human-readable; for -32602 it names every offending field.'),
    data: z.unknown().optional().describe("The code's `data` shape, when it has one."),
  })
  .meta({ id: 'ErrorObject' });

export const ErrorResponseSchema = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]).describe("The request's id as sent; null when it could not be read."),
    error: ErrorObjectSchema,
  })
  .meta({ id: 'ErrorResponse' });

/** `data` of a -32602 for params that failed validation: the zod issues, each with the path of its field. */
export const InvalidParamsIssuesDataSchema = z
  .looseObject({
    issues: z.array(
      z.looseObject({
        code: z.string(),
        path: z.array(z.union([z.string(), z.number()])),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'InvalidParamsIssuesData' });

/** Every code's meaning, and its `data` (absent: the error carries none). Complete by type: a new code needs a line here. */
export const ErrorCodeDocs = {
  ParseError: { meaning: 'A message is not valid JSON, or its framing is broken; answered with id null, and hookd keeps serving.' },
  InvalidRequest: {
    meaning:
      'Not a JSON-RPC request; a message over the size limit (id null); a second initialize; a request after shutdown (except ping and shutdown); hooks/register without capabilities.programmaticHooks; an id of a request not answered yet.',
  },
  MethodNotFound: { meaning: 'An unknown method, or an event the loaded dialect does not have.' },
  InvalidParams: {
    meaning:
      'Params fail validation (the message names every offending field; data.issues), nest deeper than 256 levels, or initialize names a protocolVersion hookd does not speak (data.supported) or an unknown dialect.',
    data: z.union([InvalidParamsIssuesDataSchema, UnsupportedProtocolVersionDataSchema]).optional(),
  },
  InternalError: { meaning: 'A bug in hookd (logged on stderr); no input should ever get it.' },
  ServerNotInitialized: { meaning: 'A request before initialize succeeded.' },
  RequestCancelled: {
    meaning: 'The request was cancelled ($/cancelRequest, $/cancel_request, hooks/cancel), or hookd is exiting and the event had hooks to run; data.runs has the partial runs.',
    data: CancelledDataSchema.optional(),
  },
  PersistenceFailed: { meaning: 'hookd could not persist what was asked (e.g. trust/set with a corrupt, unwritable or locked trust store).' },
  HookNotFound: { meaning: 'review/trust, review/disable or review/enable named a key no hook has (review/list shows the keys).' },
  ReviewNotAllowed: { meaning: 'review/disable or review/enable of a managed hook (trusted by policy), or of a hook trusted per file (trust/set is its control).' },
} as const satisfies Record<keyof typeof ErrorCodes, { meaning: string; data?: z.ZodType }>;
