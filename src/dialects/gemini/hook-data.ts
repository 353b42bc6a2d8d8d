// What the gemini loader records on each hook for the rest of the dialect (HookSpec.data). Type and reader only.
import type { HookSpec } from '../../engine/dialect.js';

export type GeminiHookData = {
  /** `sequential: true` on the hook's definition: a dispatch with any such hook runs all of its hooks in order. */
  readonly sequential: boolean;
  /** The handler's `name`, when given (de-duplication is by `name:command`). */
  readonly name?: string;
  /** The event as the file names it (BeforeTool …). */
  readonly nativeEvent: string;
  /** The handler's own `env` (added to its environment). */
  readonly env?: Readonly<Record<string, string>>;
};

export function geminiData(hook: HookSpec): GeminiHookData | undefined {
  const data = hook.data as GeminiHookData | undefined;
  return data !== undefined && typeof data === 'object' && typeof data.nativeEvent === 'string' ? data : undefined;
}
