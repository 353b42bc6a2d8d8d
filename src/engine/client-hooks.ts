// Programmatic hooks the client registered: validated against the dialect (event, matcher) and kept in
// registration order. They are live: a dispatch sees the registrations current at its start.
import type { EventName, RegisterHookParams } from '../protocol/index.js';
import { isEventName } from '../protocol/index.js';
import type { Dialect, HookSpec } from './dialect.js';

export class ClientHooks {
  readonly #hooks = new Map<string, HookSpec>();
  #next = 1;

  constructor(private readonly dialect: Dialect) {}

  /** A new hook id, or an error message naming the bad field. */
  register(params: RegisterHookParams): { readonly hookId: string } | { readonly error: string } {
    const { event } = params;
    if (!isEventName(event) || !this.dialect.events.includes(event))
      return { error: `event: the ${this.dialect.name} dialect has no event "${event}" (known: ${this.dialect.events.join(', ')})` };
    let matches: HookSpec['matches'] = () => true;
    if (this.dialect.compileMatcher) {
      const compiled = this.dialect.compileMatcher(event, params.matcher);
      if ('error' in compiled) return { error: `matcher: ${compiled.error}` };
      matches = compiled.matches;
    } else if (params.matcher !== undefined) {
      return { error: `matcher: the ${this.dialect.name} dialect does not support matchers on programmatic hooks` };
    }
    const number = this.#next++;
    const name = params.name ?? `client hook ${number}`;
    const hookId = `client:${number}`;
    this.#hooks.set(hookId, {
      id: hookId,
      event,
      ...(params.matcher !== undefined ? { matcher: params.matcher } : {}),
      matches,
      handler: { type: 'client', name, timeoutMs: params.timeoutMs ?? this.dialect.defaultTimeoutMs, onFailure: 'continue' },
      source: 'client',
      scope: 'client',
      ...(params.priority !== undefined ? { priority: params.priority } : {}),
    });
    return { hookId };
  }

  unregister(hookId: string): boolean {
    return this.#hooks.delete(hookId);
  }

  forEvent(event: EventName): HookSpec[] {
    return [...this.#hooks.values()].filter((hook) => hook.event === event);
  }

  all(): HookSpec[] {
    return [...this.#hooks.values()];
  }
}
