// The programs a `sh -c` command line starts: the first word of each simple command (after `VAR=value` prefixes),
// tokenised with shell-quote. Builtins, keywords and words with unresolved variables are skipped. Never runs anything.
import { parse as parseShell, type ParseEntry } from 'shell-quote';

export type SimpleCommand = { readonly program: string; readonly args: readonly string[] };

/** Only the head of a long command line is looked at, and at most this many simple commands: the cost stays bounded. */
const MAX_COMMAND_CHARS = 8192;
const MAX_COMMANDS = 64;

/** Words `sh` runs itself (builtins and keywords): nothing to look up on PATH; their arguments are not commands. */
export const SHELL_BUILTINS = new Set(
  (
    '. : [ [[ ]] alias bg break cd continue echo eval exit export false fg getopts hash jobs kill let local ' +
    'printf pwd read readonly return set shift source test times trap true type typeset ulimit umask unalias unset wait ' +
    'declare shopt disown popd pushd dirs logout mapfile readarray builtin enable help history caller compgen complete suspend ' +
    'fi done esac } for in'
  ).split(' '),
);
/** Words after which the next word is again a command: `if cmd`, `then cmd`, `! cmd`, `exec cmd`, `command cmd`. */
const COMMAND_PREFIXES = new Set('if then else elif do while until ! { time exec command nohup'.split(' '));
/** Constructs this reader does not follow: analysis stops at them (what it found before still counts). */
const STOP_WORDS = new Set(['case', 'function', 'select', 'coproc']);
const CONTROL_OPS = new Set(['|', '||', '&&', ';', '&', ';;', '|&', '(', ')', ';&', ';;&', '<(', '>(']);
const REDIRECT_OPS = new Set(['>', '>>', '<', '>&', '<&', '<>', '>|', '&>', '&>>']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * `expand(name)` gives a variable's value, or undefined when it is unknown (a word using it is then skipped).
 * Lines are read one by one when the command spans lines (unless quoting, continuations or a here-document join them).
 */
export function simpleCommands(command: string, expand: (name: string) => string | undefined): SimpleCommand[] {
  const head = command.slice(0, MAX_COMMAND_CHARS);
  const out: SimpleCommand[] = [];
  for (const line of splitLines(head)) {
    if (!readLine(line, expand, out)) break;
  }
  return out;
}

/** Separate lines when each is complete by itself; otherwise the text as one line (newlines read as spaces). */
function splitLines(text: string): string[] {
  if (!text.includes('\n')) return [text];
  const lines = text.split('\n');
  const complete = lines.every((line) => !/\\\r?$/.test(line) && (line.match(/'/g)?.length ?? 0) % 2 === 0 && (line.match(/"/g)?.length ?? 0) % 2 === 0);
  return complete && !text.includes('<<') ? lines : [text];
}

/** Appends the simple commands of one line; false when reading must stop (a construct it does not follow, the cap). */
function readLine(line: string, expand: (name: string) => string | undefined, out: SimpleCommand[]): boolean {
  let tokens: ParseEntry[];
  try {
    tokens = parseShell(line, (name: string) => expand(name) ?? `$${name}`) as ParseEntry[];
  } catch {
    return false;
  }
  let atStart = true;
  let skipping = false;
  let redirectTarget = false;
  let current: { program: string; args: string[] } | undefined;
  /** Inside `[[ ... ]]` (its `&&` and `||` are not command lists) or `(( ... ))` (arithmetic): words are not commands. */
  let closer: string | undefined;
  let previousOp: string | undefined;
  const functions = new Set<string>();
  const finish = () => {
    if (current !== undefined && !functions.has(current.program)) out.push(current);
    current = undefined;
  };
  for (const token of tokens) {
    if (out.length >= MAX_COMMANDS) return false;
    const op = typeof token !== 'string' && 'op' in token ? token.op : undefined;
    const afterOpenParen = previousOp === '(';
    previousOp = op;
    if (closer !== undefined) {
      if (token === closer || (closer === '))' && op === ')')) closer = undefined;
      continue;
    }
    if (op === '(' && afterOpenParen) {
      closer = '))';
      continue;
    }
    if (token === '[[' && atStart) {
      closer = ']]';
      atStart = false;
      skipping = true;
      continue;
    }
    if (typeof token !== 'string') {
      if ('comment' in token) break;
      if (!('op' in token)) continue;
      if (token.op === 'glob') {
        if (atStart) (atStart = false), (skipping = true);
        else if (redirectTarget) redirectTarget = false;
        else current?.args.push(token.pattern);
        continue;
      }
      if (token.op === '<<' || token.op === '<<-' || token.op === '<<<') {
        finish();
        return false;
      }
      if (REDIRECT_OPS.has(token.op)) {
        redirectTarget = true;
        continue;
      }
      if (CONTROL_OPS.has(token.op)) {
        // `name() { ...; }` defines a function: not a program, and later calls of it are not looked up.
        if (token.op === '(' && current !== undefined && current.args.length === 0) {
          functions.add(current.program);
          current = undefined;
        }
        finish();
        atStart = true;
        skipping = false;
        redirectTarget = false;
      }
      continue;
    }
    if (redirectTarget) {
      redirectTarget = false;
      continue;
    }
    if (!atStart) {
      if (!skipping) current?.args.push(token);
      continue;
    }
    if (ASSIGNMENT.test(token) || COMMAND_PREFIXES.has(token)) continue;
    if (STOP_WORDS.has(token)) {
      finish();
      return false;
    }
    atStart = false;
    if (token === '' || token.startsWith('-') || token.includes('$') || token.includes('`') || SHELL_BUILTINS.has(token)) {
      skipping = true;
      continue;
    }
    current = { program: token, args: [] };
  }
  finish();
  return true;
}
