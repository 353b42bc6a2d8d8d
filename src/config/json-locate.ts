// Reads a strict JSON file (no comments, no trailing commas) keeping offsets, and turns a parse error or a
// field path into a 1-based line/column. Knows no dialect vocabulary; never throws for bad user content.
import { createScanner, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, SyntaxKind, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../protocol/index.js';
import { errorAt, type DiagnosticAt } from './diagnostic.js';
import { formatPath } from '../protocol/issue-text.js';
import { readConfigFile } from './read-config-file.js';

/**
 * The deepest nesting of arrays and objects a configuration file may have. jsonc-parser's parseTree and
 * getNodeValue (and our own walkers of the value) recurse once per level and overflow the stack at a few thousand;
 * serde_json (Bamboo's parser) stops at 128 too. Real settings files nest under 10.
 */
export const MAX_JSON_DEPTH = 128;

export type JsonPath = readonly (string | number)[];

export type Position = { readonly line: number; readonly column: number };

export type JsonDocument = {
  readonly file: string;
  readonly text: string;
  /** Undefined for an empty (whitespace-only) file. */
  readonly root: Node | undefined;
  readonly value: unknown;
  readonly lineStarts: readonly number[];
  /** Set for documents not parsed from JSON text (e.g. YAML frontmatter): positions come from it instead of `root`. */
  readonly locator?: (path: JsonPath) => Position;
};

export type JsonReadResult =
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly diagnostic: Diagnostic }
  | { readonly status: 'ok'; readonly document: JsonDocument };

/**
 * Reads and parses `file`. A file that does not exist is `missing` (not an error); a file that is not a regular
 * file, is over the size cap (readConfigFile), cannot be read, is invalid JSON or nests too deep is an `error` with
 * a Diagnostic naming the file (and line/column for a parse error). Never blocks on a FIFO or device.
 */
export function readJsonFile(file: string, syntax: JsonSyntax = {}): JsonReadResult {
  const read = readConfigFile(file);
  if (read.status === 'missing') return read;
  if (read.status === 'rejected') {
    return { status: 'error', diagnostic: errorAt(`cannot read configuration file ${file}: it ${read.reason}; file skipped`, { file, code: read.code }) };
  }
  return parseJsonText(file, read.bytes.toString('utf8'), syntax);
}

/** `comments`: line and block comments are allowed (JSONC, e.g. Gemini CLI's settings files); trailing commas never are. */
export type JsonSyntax = { readonly comments?: boolean };

/**
 * Parses `text` as strict JSON (with comments when `syntax.comments`). A leading byte-order mark is skipped; whitespace-only text is an empty
 * document (value undefined) rather than an error; nesting deeper than `MAX_JSON_DEPTH` is an error at the
 * first bracket too deep (checked with the scanner, which does not recurse, before the parser, which does).
 */
export function parseJsonText(file: string, rawText: string, syntax: JsonSyntax = {}): JsonReadResult {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const lineStarts = computeLineStarts(text);
  if (text.trim() === '') return { status: 'ok', document: { file, text, root: undefined, value: undefined, lineStarts } };
  const tooDeep = firstOffsetDeeperThan(text, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) {
    const position = positionAt(lineStarts, tooDeep);
    const message = `nested deeper than ${MAX_JSON_DEPTH} levels at line ${position.line}, column ${position.column}; file skipped`;
    return { status: 'error', diagnostic: errorAt(message, { file, ...position, code: 'too-deep' }) };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: syntax.comments !== true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first !== undefined || root === undefined) {
    const offset = first?.offset ?? 0;
    const position = positionAt(lineStarts, offset);
    const what = first === undefined ? 'not a JSON value' : describeParseError(first.error);
    return {
      status: 'error',
      diagnostic: errorAt(`invalid JSON at line ${position.line}, column ${position.column}: ${what}`, {
        file,
        ...position,
        code: 'invalid-json',
      }),
    };
  }
  return { status: 'ok', document: { file, text, root, value: getNodeValue(root), lineStarts } };
}

/**
 * The position of the field at `path`: the property key when the field exists, otherwise the nearest
 * existing ancestor (so a missing field points at the object that lacks it).
 */
export function locate(document: JsonDocument, path: JsonPath): Position {
  if (document.locator !== undefined) return document.locator(path);
  if (document.root === undefined) return { line: 1, column: 1 };
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(document.root, path.slice(0, length) as (string | number)[]);
    if (node === undefined) continue;
    const anchor = node.parent?.type === 'property' ? node.parent : node;
    return positionAt(document.lineStarts, anchor.offset);
  }
  return positionAt(document.lineStarts, document.root.offset);
}

/** Where a diagnostic about the field at `path` points: the file, the field's position and its path (`(root)` for the file). */
export function fieldAt(document: JsonDocument, path: JsonPath, code?: string): DiagnosticAt {
  return { file: document.file, ...locate(document, path), field: path.length === 0 ? '(root)' : formatPath(path), ...(code !== undefined ? { code } : {}) };
}

/** 1-based line and column (UTF-16 code units) of a 0-based offset. */
export function positionAt(lineStarts: readonly number[], offset: number): Position {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
}

/** The offset of the first `[` or `{` that opens level `maxDepth + 1`, if any (strings and comments are skipped). */
function firstOffsetDeeperThan(text: string, maxDepth: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      depth++;
      if (depth > maxDepth) return scanner.getTokenOffset();
    } else if ((token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x0a) starts.push(i + 1);
    else if (ch === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

const PARSE_ERROR_TEXT: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected (trailing commas are not allowed)',
  ValueExpected: 'value expected (trailing commas are not allowed)',
  ColonExpected: 'colon expected',
  CommaExpected: 'comma expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

function describeParseError(code: ParseError['error']): string {
  return PARSE_ERROR_TEXT[printParseErrorCode(code)] ?? 'syntax error';
}
