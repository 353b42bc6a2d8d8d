// WAMP matchers. STUB: owned by part D (wamp-load).
export type CompiledWampMatcher = { readonly ok: true; readonly matches: (target: string | undefined) => boolean } | { readonly ok: false; readonly error: string };

export function compileWampMatcher(_matcher: string | undefined): CompiledWampMatcher {
  return { ok: true, matches: () => true };
}
