// Every golden fixture replayed through the client in content-length framing against the built sidecar (see golden.ts):
// hooks/invoke answered by a registered handler, $/cancelRequest as an AbortSignal or CancellationToken.
import { describeReplay } from './golden.js';

describeReplay('content-length');
