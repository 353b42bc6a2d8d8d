// Gemini CLI's load-time variable expansion of settings strings (packages/cli/src/utils/envVarResolver.ts): `$NAME`,
// `${NAME}` and `${NAME:-default}` are replaced from the environment; an unset name without a default stays as written.
// Linear time (re2js, the same expression). Pure: the caller passes the environment.
import { RE2JS } from 're2js';

/** Gemini's `/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g`, which re2js reads alike (leftmost-first, lazy `+?`). */
const VARIABLE = RE2JS.compile('\\$(?:(\\w+)|\\{([^}]+?)(?::-([^}]*))?\\})');

export type Environment = Readonly<Record<string, string | undefined>>;

/** `value` with every variable Gemini would replace replaced (the same text when there is none). */
export function expandSettingsVariables(value: string, env: Environment): string {
  if (!value.includes('$')) return value;
  const matcher = VARIABLE.matcher(value);
  let out = '';
  let last = 0;
  while (matcher.find()) {
    const start = matcher.start();
    const end = matcher.end();
    const name = matcher.group(1) ?? matcher.group(2) ?? '';
    const fallback = matcher.group(3);
    const set = Object.hasOwn(env, name) ? env[name] : undefined;
    const replacement = typeof set === 'string' ? set : fallback !== null ? fallback : value.slice(start, end);
    out += value.slice(last, start) + replacement;
    last = end;
  }
  return out + value.slice(last);
}
