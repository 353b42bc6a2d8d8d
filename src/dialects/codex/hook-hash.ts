// CONTRACT STUB (part codex-trust implements): Codex's trust hash of one hook (hook-systems §3.2): SHA-256 of the
// canonical JSON of its normalized identity {event_name, matcher, hooks:[normalized handler]}, `sha256:<hex>`. Pure.
import type { EventName } from '../../protocol/index.js';

/** What the hash covers: the event, the group's matcher as written and the handler object as written in the file. */
export type CodexHookIdentity = {
  readonly event: EventName;
  readonly matcher: string | undefined;
  readonly handler: Readonly<Record<string, unknown>>;
};

export function codexHookHash(_identity: CodexHookIdentity): string {
  return 'sha256:0000000000000000000000000000000000000000000000000000000000000000';
}
