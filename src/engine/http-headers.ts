// Fills `$VAR` / `${VAR}` in an HTTP handler's header values from the hook's environment, for listed names only.
// Pure text; an unlisted or unset variable becomes the empty string. Must not read process.env itself.

/** `${NAME}` or `$NAME` (a shell-style name); anything else after `$` stays as written. */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

export function interpolateHeaderValue(value: string, allowed: ReadonlySet<string>, env: Readonly<Record<string, string>>): string {
  return value.replace(REFERENCE, (_match, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    return allowed.has(name) ? (env[name] ?? '') : '';
  });
}

export function interpolateHeaders(
  headers: Readonly<Record<string, string>>,
  allowedEnvVars: readonly string[],
  env: Readonly<Record<string, string>>,
): Record<string, string> {
  const allowed = new Set(allowedEnvVars);
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name] = interpolateHeaderValue(value, allowed, env);
  return result;
}

/** The variable names a header value refers to, in order, each once (for load-time checks). */
export function referencedVariables(value: string): string[] {
  const names = new Set<string>();
  for (const match of value.matchAll(REFERENCE)) names.add(match[1] ?? match[2] ?? '');
  return [...names];
}
