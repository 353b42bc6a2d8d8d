// Type-level test, checked by `npm run lint`: each event method in the table keeps its own params type.
import type { z } from 'zod';
import type { Requests } from '../../../src/protocol/index.js';
type P = z.input<(typeof Requests)['hooks/PreToolUse']['params']>;
const ok: P = { session: { id: 's' }, toolName: 'Bash', toolInput: {} };
// @ts-expect-error toolName is required
const bad: P = { session: { id: 's' }, toolInput: {} };
export { ok, bad };
