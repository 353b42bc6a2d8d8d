// The dangerous trust bypass of one codex load (Codex has no variable for it, unlike pbi): `--dangerously-bypass-hook-trust`
// or initialize options.dangerouslyBypassHookTrust (LoadContext.bypassHookTrust). Pure.
import type { LoadContext } from '../../engine/dialect.js';

export function codexBypassesReview(context: LoadContext): boolean {
  return context.bypassHookTrust === true;
}
