// CONTRACT STUB (part codex-trust implements): the dangerous trust bypass of one load: `--dangerously-bypass-hook-trust`
// or initialize options.dangerouslyBypassHookTrust (LoadContext.bypassHookTrust). Pure.
import type { LoadContext } from '../../engine/dialect.js';

export function codexBypassesReview(context: LoadContext): boolean {
  return context.bypassHookTrust === true;
}
