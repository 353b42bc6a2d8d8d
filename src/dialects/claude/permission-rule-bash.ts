// Bash content of a Claude Code permission rule: splits a command into the subcommands a rule is checked against
// (shell-quote tokenises; `&&`, `||`, `;`, `|`, `&` and newlines separate; `$()`, `<()`, subshells and backticks are
// searched too; `VAR=value` prefixes and process wrappers stripped) and compiles the content's pattern. Bounded.
import { parse, type ParseEntry } from 'shell-quote';
import { RE2JS } from 're2js';

/** Longer commands are not parsed: the rule fails open (the hook runs), as Claude Code's does on what it cannot parse. */
export const MAX_COMMAND_CHARS = 65_536;
/** More subcommands than this, or deeper nesting, also fail open. */
const MAX_SUBCOMMANDS = 1_000;
const MAX_DEPTH = 16;

const SEPARATORS = new Set(['&&', '||', ';', ';;', '|', '|&', '&']);
/** Stands for an unquoted newline: shell-quote reads newlines as spaces. NUL cannot occur in a command Claude Code runs. */
const NEWLINE = '\u0000;\u0000';
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

class Unparsable extends Error {}

/**
 * The subcommands of `command`, each as its words joined by one space, outermost first; undefined when the command
 * cannot be parsed (unbalanced parentheses or backticks, NUL, over the bounds).
 */
export function bashSubcommands(command: string): string[] | undefined {
  if (command.length > MAX_COMMAND_CHARS || command.includes('\u0000')) return undefined;
  const out: string[] = [];
  try {
    splitList(command, 0, out);
  } catch (error) {
    if (error instanceof Unparsable) return undefined;
    throw error;
  }
  return out;
}

function tokenize(text: string): ParseEntry[] {
  const marked = text.replace(/\\\r?\n/g, ' ').replace(/\r?\n/g, NEWLINE);
  return parse(marked, (name) => `$${name}`);
}

/** Parses `text` as a command list, pushing every subcommand into `out`; returns the list's rendered text. */
function splitList(text: string, depth: number, out: string[]): string {
  if (depth > MAX_DEPTH) throw new Unparsable();
  const tokens = tokenize(text);
  const at = { index: 0 };
  const rendered = list(tokens, at, depth, out);
  if (at.index < tokens.length) throw new Unparsable(); // a `)` without its `(`
  return rendered;
}

function list(tokens: readonly ParseEntry[], at: { index: number }, depth: number, out: string[]): string {
  const parts: string[] = [];
  let words: string[] = [];
  const finish = () => {
    if (words.length > 0) {
      commit(words, depth, out);
      parts.push(words.join(' '));
    }
    words = [];
  };
  while (at.index < tokens.length) {
    const token = tokens[at.index]!;
    if (typeof token === 'string') {
      at.index++;
      const word = restoreNewlines(token);
      if (word !== '') words.push(word);
      if (word.includes('$(')) splitList(word, depth + 1, out); // a quoted "$(...)": shell-quote kept it one word
      continue;
    }
    if ('comment' in token) {
      at.index++;
      finish();
      const rest = token.comment.indexOf(NEWLINE);
      if (rest !== -1) parts.push(splitList(restoreNewlines(token.comment.slice(rest + NEWLINE.length)), depth, out));
      continue;
    }
    const op = token.op;
    if (op === ')') break;
    at.index++;
    if (op === 'glob') {
      words.push((token as { pattern: string }).pattern);
    } else if (SEPARATORS.has(op)) {
      finish();
    } else if (op === '(' || op === '<(') {
      if (depth + 1 > MAX_DEPTH) throw new Unparsable();
      const inner = list(tokens, at, depth + 1, out);
      if (tokens[at.index] === undefined || typeof tokens[at.index] === 'string' || (tokens[at.index] as { op?: string }).op !== ')') throw new Unparsable();
      at.index++;
      const previous = words[words.length - 1];
      if (op === '(' && previous !== undefined && previous.endsWith('$')) words[words.length - 1] = `${previous}(${inner})`;
      else words.push(`${op}${inner})`);
    } else {
      words.push(op); // a redirection: part of the subcommand's text
    }
  }
  finish();
  return parts.join(' ; ');
}

/** Records one subcommand (and those inside its backticks or quoted `$()`), prefixes stripped. */
function commit(words: readonly string[], depth: number, out: string[]): void {
  if (out.length >= MAX_SUBCOMMANDS) throw new Unparsable();
  const text = stripPrefixes(words).join(' ');
  if (text !== '') out.push(text);
  const joined = words.join(' ');
  if (joined.includes('`')) {
    const pieces = joined.split('`');
    if (pieces.length % 2 === 0) throw new Unparsable(); // an odd number of backticks
    for (let index = 1; index < pieces.length; index += 2) splitList(pieces[index]!, depth + 1, out);
  }
}

function restoreNewlines(word: string): string {
  return word.replaceAll(NEWLINE, '\n').replaceAll('\u0000', '');
}

/**
 * Drops leading `VAR=value` assignments and the process wrappers Claude Code strips before matching (`timeout`,
 * `time`, `nice`, `nohup`, `stdbuf`, with their options), repeatedly: `FOO=1 timeout 5 git push` is `git push`.
 */
export function stripPrefixes(words: readonly string[]): readonly string[] {
  let at = 0;
  for (let rounds = 0; rounds < 16 && at < words.length; rounds++) {
    const start = at;
    while (at < words.length && ASSIGNMENT.test(words[at]!)) at++;
    const head = words[at];
    if (head === 'nohup') at++;
    else if (head === 'time') {
      at++;
      while (words[at] === '-p') at++;
    } else if (head === 'nice') {
      at++;
      if (words[at] === '-n') at += 2;
      else if (/^(-[0-9]+|--adjustment=.*|-n[0-9]+)$/.test(words[at] ?? '')) at++;
    } else if (head === 'timeout') {
      at++;
      while (at < words.length && words[at]!.startsWith('-')) at += /^-[sk]$/.test(words[at]!) ? 2 : 1;
      at++; // the duration
    } else if (head === 'stdbuf') {
      at++;
      while (at < words.length && words[at]!.startsWith('-')) at += /^-[ioe]$/.test(words[at]!) ? 2 : 1;
    }
    if (at === start) break;
  }
  return words.slice(Math.min(at, words.length));
}

/** A compiled Bash rule content: true when a subcommand (or the whole command) matches. */
export type CommandPattern = (text: string) => boolean;

/**
 * - `prefix:*` (legacy, no other `*`): the text is the prefix or starts with the prefix and a space.
 * - any other unescaped `*`: a wildcard for any characters (spaces and newlines included), the whole text must
 *   match; a single trailing ` *` is optional (`git *` matches `git`). `\*` is a literal star.
 * - otherwise: the text equals the content.
 */
export function compileCommandPattern(content: string): CommandPattern {
  const pieces = splitOnStars(content);
  if (pieces.length === 2 && content.endsWith(':*') && pieces[1] === '') {
    const prefix = pieces[0]!.slice(0, -1);
    return (text) => text === prefix || text.startsWith(`${prefix} `);
  }
  if (pieces.length === 1) {
    const exact = pieces[0]!;
    return (text) => text === exact;
  }
  let source: string;
  if (pieces.length === 2 && pieces[1] === '' && pieces[0]!.endsWith(' ')) {
    source = `${RE2JS.quote(pieces[0]!.slice(0, -1))}(?: .*)?`;
  } else {
    source = pieces.map((piece) => RE2JS.quote(piece)).join('.*');
  }
  const regex = RE2JS.compile(source, RE2JS.DOTALL);
  return (text) => regex.matches(text);
}

/** The content split on unescaped `*`, with `\*` and `\\` unescaped in the pieces. */
function splitOnStars(content: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let index = 0; index < content.length; index++) {
    const char = content[index]!;
    const next = content[index + 1];
    if (char === '\\' && (next === '*' || next === '\\')) {
      current += next;
      index++;
    } else if (char === '*') {
      pieces.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  pieces.push(current);
  return pieces;
}
