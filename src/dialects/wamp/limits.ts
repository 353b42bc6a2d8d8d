// WAMP's numeric limits (seed 002), in hookd's units. Only constants; the modules that apply them live beside it.

/** "`timeout` Seconds. Defaults to 60 and is capped at 600." */
export const WAMP_DEFAULT_TIMEOUT_MS = 60_000;
export const WAMP_MAX_TIMEOUT_MS = 600_000;
/** "Each handler's stdout and stderr are each read up to 64 KiB." */
export const WAMP_STREAM_CAP_BYTES = 64 * 1024;
/** "Context from all handlers is joined and capped at 10,000 characters." */
export const WAMP_CONTEXT_CAP_CHARS = 10_000;
/** "The agent can be kept working twice" (per Run). */
export const WAMP_STOP_CONTINUATIONS = 2;
/** The hook files: `~/.wamp/hooks.json` and `<project>/.wamp/hooks.json`. */
export const WAMP_DIR = '.wamp';
export const WAMP_HOOKS_FILE = 'hooks.json';
/** The trust key of a project's hooks: `wamp-project:<absolute project root>`. */
export function projectTrustKey(projectRoot: string): string {
  return `wamp-project:${projectRoot}`;
}
