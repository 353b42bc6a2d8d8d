// The part of hookd's environment a Claude Code hook inherits: never OTEL_*, no credentials under
// CLAUDE_CODE_SUBPROCESS_ENV_SCRUB, plus CLAUDE_CODE_REMOTE for remote sessions. Pure: reads only its arguments.
import type { ServerOptions } from '../../protocol/index.js';

/**
 * What CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 removes, as Claude Code 2.1 does (its subprocess scrub list; announced
 * with claude-code-action v1.0.77 as "Anthropic auth tokens, cloud provider credentials, GitHub Actions OIDC and
 * runtime tokens, OTEL auth headers"). GITHUB_TOKEN and GH_TOKEN are kept on purpose, as Claude Code keeps them.
 */
export const SCRUBBED_CREDENTIALS: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_FOUNDRY_API_KEY',
  'ANTHROPIC_CUSTOM_HEADERS',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'AZURE_CLIENT_SECRET',
  'AZURE_CLIENT_CERTIFICATE_PATH',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
];

export const SCRUB_VARIABLE = 'CLAUDE_CODE_SUBPROCESS_ENV_SCRUB';

/** Claude Code's truthy spellings of an environment flag. */
export function isTruthyFlag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** `options.subprocessEnvScrub` when given, else hookd's own CLAUDE_CODE_SUBPROCESS_ENV_SCRUB. */
export function scrubsCredentials(env: Readonly<Record<string, string>>, options: ServerOptions): boolean {
  return options.subprocessEnvScrub ?? isTruthyFlag(env[SCRUB_VARIABLE]);
}

export function claudeInheritedEnvironment(env: Readonly<Record<string, string>>, options: ServerOptions): Record<string, string> {
  const scrub = scrubsCredentials(env, options);
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('OTEL_')) continue;
    if (scrub && SCRUBBED_CREDENTIALS.includes(name)) continue;
    inherited[name] = value;
  }
  if (options.remote === true) inherited.CLAUDE_CODE_REMOTE = 'true';
  return inherited;
}
