// The rpc layer's public surface for the composition root. Transport only: no hook vocabulary behind it.
export { createRpcServer, type RequestContext, type RequestHandler, type RpcServer, type RpcServerOptions } from './server.js';
export { RequestCancelledError, RpcError, toResponseError } from './errors.js';
export { FRAMINGS, isFraming, type Framing } from './framing.js';
export { DEFAULT_MAX_MESSAGE_BYTES } from './transport.js';
