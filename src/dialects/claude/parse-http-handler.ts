// One Claude Code `type: "http"` handler object → an HttpHandler, or problems with paths relative to it.
// Knows the http fields, their defaults and where Claude Code refuses http hooks; must not know files or settings policy.
import { z } from 'zod';
import type { HttpHandler } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { defaultTimeoutSeconds } from './event-rules.js';
import type { HandlerParse, HandlerProblem } from './parse-handler.js';
import { referencedVariables } from '../../engine/http-headers.js';
import { fieldProblems } from './field-problems.js';

const HttpHandlerSchema = z.looseObject({
  type: z.literal('http'),
  url: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  headers: z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object of header names to strings' }).optional(),
  allowedEnvVars: z.array(z.string({ error: 'must be a string' }), { error: 'must be an array of variable names' }).optional(),
  timeout: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be a positive number of seconds' }).optional(),
  statusMessage: z.string({ error: 'must be a string' }).optional(),
  onFailure: z.enum(['block', 'continue'], { error: 'must be "block" or "continue"' }).optional(),
  if: z.string({ error: 'must be a permission rule string' }).optional(),
});

export function parseHttpHandler(raw: unknown, event: EventName): HandlerParse {
  const parsed = HttpHandlerSchema.safeParse(raw);
  if (!parsed.success) return { problems: fieldProblems(parsed.error) };
  const spec = parsed.data;
  const problems: HandlerProblem[] = [];
  const urlProblem = checkUrl(spec.url);
  if (urlProblem !== undefined) {
    problems.push({ severity: 'error', code: 'invalid-url', message: `handler field "url" ${urlProblem}; handler skipped`, path: ['url'] });
    return { problems };
  }
  const listed = new Set(spec.allowedEnvVars ?? []);
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    for (const variable of referencedVariables(value)) {
      if (listed.has(variable)) continue;
      const message = `header "${name}" uses $${variable}, which allowedEnvVars does not list: it is sent as the empty string (as Claude Code does)`;
      problems.push({ severity: 'warning', code: 'http-header-env-not-allowed', message, path: ['headers', name] });
    }
  }
  const seconds = spec.timeout ?? defaultTimeoutSeconds(event);
  const handler: HttpHandler = {
    type: 'http',
    url: spec.url,
    headers: spec.headers ?? {},
    allowedEnvVars: spec.allowedEnvVars ?? [],
    timeoutMs: Math.max(1, Math.round(seconds * 1000)),
    ...(spec.statusMessage !== undefined ? { statusMessage: spec.statusMessage } : {}),
    onFailure: spec.onFailure ?? 'continue',
  };
  return { handler, problems };
}

/** Why the URL cannot be used, or undefined: it must be absolute and http: or https:. */
function checkUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `must be an absolute http: or https: URL, got "${text}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http: or https: URL, got scheme "${url.protocol}"`;
  return undefined;
}
