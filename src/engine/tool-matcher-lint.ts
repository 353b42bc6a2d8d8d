// Warnings about tool matchers that name no tool the agent registered (`hookd check`, initialize `tools`): such a
// guard never runs, silently. Uses the dialect's own compiled matchers; reads no files and runs nothing.
import type { Diagnostic } from '../protocol/index.js';
import type { Dialect, HookSpec } from './dialect.js';

export const UNKNOWN_TOOL_CODE = 'matcher-unknown-tool';
const MAX_WARNINGS = 50;
/** A name no agent registers: a matcher that matches it matches (nearly) everything and is not judged. */
const NO_SUCH_TOOL = '\u0001hookd-no-such-tool\u0001';
/** Alternatives judged one by one at most; a longer list is judged as a whole. */
const MAX_ALTERNATIVES = 64;
const MAX_MATCHER_LENGTH = 4096;
/** Alternatives compiled on their own at most per lint (a Rust regex compile is costly); past it matchers are judged whole. */
const MAX_COMPILES = 1_000;

type Compile = (matcher: string) => ((name: string) => boolean) | undefined;

export type ToolMatcherLintOptions = {
  /** The tool names the agent registered; default: the dialect's built-in tools, MCP tools accepted unlisted. */
  readonly tools?: readonly string[];
};

/**
 * One warning per matcher (a group of handlers shares one) on a tool event of the dialect when no listed tool matches
 * it, or, for a list of plain names (`Edit|Wrte`, `^(Write|Edit)$`, `Bash,Read`), one naming each alternative that
 * matches no tool. Without an explicit list, `mcp__<server>__<tool>` names are the agent's own and accepted.
 */
export function lintToolMatchers(dialect: Dialect, hooks: readonly HookSpec[], options: ToolMatcherLintOptions = {}): Diagnostic[] {
  const toolEvents = new Set(dialect.toolEvents ?? []);
  const tools = options.tools ?? dialect.builtinTools;
  if (toolEvents.size === 0 || tools === undefined) return [];
  const explicit = options.tools !== undefined;
  const listed = new Set(tools);
  const out: Diagnostic[] = [];
  let more = 0;
  const seen = new Set<string>();
  let compiles = 0;
  for (const hook of hooks) {
    const matcher = hook.matcher;
    if (hook.disabled === true || !toolEvents.has(hook.event) || matcher === undefined || matcher === '' || matcher === '*') continue;
    if (matcher.length > MAX_MATCHER_LENGTH) continue;
    const at = matcherLocation(hook);
    const key = `${at.file}\u0000${at.field}\u0000${matcher}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (hook.matches(NO_SUCH_TOOL)) continue;
    const compile: Compile = (pattern) => {
      if (compiles++ >= MAX_COMPILES) return undefined;
      const compiled = dialect.compileMatcher?.(hook.event, pattern);
      return compiled !== undefined && 'matches' in compiled ? (name) => compiled.matches(name) : undefined;
    };
    const unknown = unknownNames(hook, matcher, tools, listed, explicit, compile);
    if (unknown === undefined || unknown.length === 0) continue;
    if (out.length >= MAX_WARNINGS) {
      more++;
      continue;
    }
    const whose = explicit ? 'the agent registered (--tools / initialize tools)' : `${dialect.name} registers by default`;
    const named = unknown.map((name) => `"${name}"${hint(name, tools)}`).join(', ');
    const message =
      unknown.length === 1 && unknown[0] === matcher
        ? `matcher "${matcher}"${hint(matcher, tools)} matches no tool ${whose}: these hooks never run on ${hook.event}; fix the tool name (known: ${sample(tools)})${explicit ? '' : ', or pass the agent\'s tools with --tools'}`
        : `matcher "${matcher}" names ${named}, which ${unknown.length === 1 ? 'is no tool' : 'are no tools'} ${whose}: that part never matches on ${hook.event}; fix the tool name${explicit ? '' : ', or pass the agent\'s tools with --tools'}`;
    out.push({ severity: 'warning', code: UNKNOWN_TOOL_CODE, message, ...at });
  }
  if (more > 0) out.push({ severity: 'warning', code: UNKNOWN_TOOL_CODE, message: `and ${more} more matcher(s) naming no tool, not listed` });
  return out;
}

/** The names to warn about: each unknown plain alternative, or the whole matcher; undefined when it cannot tell. */
function unknownNames(
  hook: HookSpec,
  matcher: string,
  tools: readonly string[],
  listed: ReadonlySet<string>,
  explicit: boolean,
  compile: Compile,
): string[] | undefined {
  const alternatives = plainAlternatives(matcher);
  if (alternatives !== undefined) {
    // Each alternative, compiled alone (inside the same anchors), must match its own name under the whole matcher too;
    // otherwise the split is not what the dialect reads (bamboo's `Bash,Edit` is one literal) and the whole is judged.
    const judged = alternatives.map(({ name, pattern }) => ({ name, matches: compile(pattern) }));
    if (judged.every(({ name, matches }) => matches !== undefined && hook.matches(name) && matches(name))) {
      return judged
        .filter(({ name, matches }) => !listed.has(name) && !tools.some((tool) => matches?.(tool) === true) && !(!explicit && isAgentMcpName(name, matches)))
        .map(({ name }) => name);
    }
  }
  if (tools.some((tool) => hook.matches(tool))) return [];
  // Without the agent's list its MCP servers are unknown: a pattern about MCP tools may match one of them.
  if (!explicit && matcher.includes('mcp__')) return undefined;
  return [matcher];
}

/** `mcp__server__tool` (matching itself), or a pattern that matches tools of the server it names (`mcp__memory` unanchored). */
function isAgentMcpName(name: string, matches: ((name: string) => boolean) | undefined): boolean {
  if (!name.startsWith('mcp__') || matches === undefined) return false;
  if (/^mcp__[^_].*?__[^_]/.test(name)) return true;
  return matches(`${name}__hookd_probe`);
}

type Alternative = { readonly name: string; readonly pattern: string };

/** `A|B`, `A,B`, `^(A|B)$`, `^A$|^B$`, `(?:A|B)`: the plain names and each one's pattern; undefined for other regexes. */
function plainAlternatives(matcher: string): Alternative[] | undefined {
  const wrapped = /^(\^?)\((?:\?:)?([^()]*)\)(\$?)$/.exec(matcher);
  const [open, inner, close] = wrapped !== null ? [`${wrapped[1] ?? ''}(?:`, wrapped[2] ?? '', `)${wrapped[3] ?? ''}`] : ['', matcher, ''];
  const pieces = inner.split(/[|,]/);
  if (pieces.length > MAX_ALTERNATIVES) return undefined;
  const out: Alternative[] = [];
  for (const piece of pieces) {
    const trimmed = piece.trim();
    const name = trimmed.replace(/^\^/, '').replace(/\$$/, '');
    if (!/^[A-Za-z0-9_-]+$/.test(name)) return undefined;
    out.push({ name, pattern: `${open}${trimmed}${close}` });
  }
  return out;
}

/** ` (did you mean "Write"?)` for a name a letter or two from a known one, or differing only in case. */
function hint(name: string, tools: readonly string[]): string {
  if (name.startsWith('mcp__') && !/^mcp__[^_].*?__[^_]/.test(name)) return ` (MCP tools are named mcp__<server>__<tool>: "${name}__.*" matches that server's tools)`;
  const lower = name.toLowerCase();
  const close = tools.find((tool) => tool.toLowerCase() === lower) ?? tools.find((tool) => Math.abs(tool.length - name.length) <= 2 && distance(tool.toLowerCase(), lower) <= 2);
  return close !== undefined && close !== name ? ` (did you mean "${close}"?)` : '';
}

/** Levenshtein distance of two short names (matcher alternatives are at most MAX_MATCHER_LENGTH). */
function distance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Number.POSITIVE_INFINITY;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function sample(tools: readonly string[]): string {
  return tools.length <= 12 ? tools.join(', ') : `${tools.slice(0, 12).join(', ')}, …`;
}

/** The file and line of the hook, and the field of its matcher (`hooks.PreToolUse[0].matcher`). */
export function matcherLocation(hook: HookSpec): { file: string; line?: number; field: string } {
  const handlerField = hook.location?.field ?? `hooks.${hook.id.slice(hook.id.indexOf(':') + 1)}`;
  const group = handlerField.replace(/\.hooks\[\d+\]$/, '');
  return { file: hook.location?.file ?? hook.source, ...(hook.location?.line !== undefined ? { line: hook.location.line } : {}), field: `${group}.matcher` };
}
