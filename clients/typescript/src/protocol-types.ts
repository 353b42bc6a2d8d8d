// The protocol's types as a client sees them, derived from the zod schemas and the method table in ./protocol.gen
// (generated from the repository's src/protocol). Type-level only: nothing in this file exists at runtime.
import type { z } from 'zod';
import type {
  ClientNotifications,
  EventName,
  EventParamsSchemas,
  EventResultSchema,
  RequestMethod,
  Requests,
  ServerNotifications,
  ServerRequestMethod,
  ServerRequests,
} from './protocol.gen/index.js';

export type { EventName, RequestMethod, ServerRequestMethod };

/**
 * The params and result schemas of a request. The table types its `hooks/<Event>` entries as a plain `RequestSpec`
 * (params `z.ZodType`), so for events the precise schemas come from `EventParamsSchemas`, the table's own source.
 */
type RequestSchemas<M extends RequestMethod> = M extends `hooks/${infer E extends EventName}`
  ? { readonly params: (typeof EventParamsSchemas)[E]; readonly result: typeof EventResultSchema }
  : (typeof Requests)[M];

/** What a caller may send (zod input: defaulted fields are optional). */
export type RequestParams<M extends RequestMethod> = z.input<RequestSchemas<M>['params']>;
/** What hookd answers (zod output). */
export type RequestResult<M extends RequestMethod> = z.output<RequestSchemas<M>['result']>;

export type EventMethod = `hooks/${EventName}`;
export type EventInput<E extends EventName> = RequestParams<`hooks/${E}`>;
export type EventOutcome = RequestResult<EventMethod>;
/** The client method of an event: `PreToolUse` → `preToolUse`. */
export type EventMethodName<E extends EventName = EventName> = Uncapitalize<E>;

export type ClientNotificationMethod = keyof typeof ClientNotifications;
export type ClientNotificationParams<N extends ClientNotificationMethod> = z.input<(typeof ClientNotifications)[N]['params']>;

export type ServerNotificationMethod = keyof typeof ServerNotifications;
export type ServerNotificationParams<N extends ServerNotificationMethod> = z.output<(typeof ServerNotifications)[N]['params']>;

/** What hookd sends in a server → client request (e.g. `hooks/invoke`). */
export type ServerRequestParams<M extends ServerRequestMethod> = z.output<(typeof ServerRequests)[M]['params']>;
/** What the client answers to it (zod input: `exitCode` and `stderr` have defaults). */
export type ServerRequestAnswer<M extends ServerRequestMethod> = z.input<(typeof ServerRequests)[M]['result']>;

/** A request's parameter list: params may be omitted when the method's params are optional (e.g. `ping`). */
export type ParamsArgs<M extends RequestMethod, Options> = undefined extends RequestParams<M>
  ? [params?: RequestParams<M>, options?: Options]
  : [params: RequestParams<M>, options?: Options];
