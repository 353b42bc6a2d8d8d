// Type-level test, checked by `npm run lint`: a server request's client capability is one initialize declares.
import type { ClientCapabilityName } from '../../../src/protocol/index.js';
const known: ClientCapabilityName[] = ['programmaticHooks', 'modelJudge', 'mcpTools'];
// @ts-expect-error not a client capability of initialize
const unknown: ClientCapabilityName = 'telepathy';
export { known, unknown };
