// CONTRACT STUB (part codex-trust implements): Codex's positional hook key (hook-systems §3.2),
// `<source path>:<event_snake_case>:<group_index>:<handler_index>`. Pure.
import type { EventName } from '../../protocol/index.js';
import { codexEventSnakeCase } from './events.js';

export type CodexKeyParts = { readonly sourcePath: string; readonly event: EventName; readonly groupIndex: number; readonly handlerIndex: number };

export function codexHookKey(parts: CodexKeyParts): string {
  return `${parts.sourcePath}:${codexEventSnakeCase(parts.event)}:${parts.groupIndex}:${parts.handlerIndex}`;
}
