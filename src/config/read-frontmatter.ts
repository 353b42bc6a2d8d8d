// Reads the YAML frontmatter of a Markdown file (skill, subagent) into a JsonDocument whose fields locate to lines
// of the Markdown file. Bounded (file size, frontmatter size, aliases, nesting); knows no dialect; never throws for user content.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { errorAt } from './diagnostic.js';
import { MAX_JSON_DEPTH, type JsonDocument, type JsonPath, type JsonReadResult, type Position } from './json-locate.js';
import { readConfigFile } from './read-config-file.js';

/** Frontmatter longer than this is refused (a real one is under 2 KiB; YAML parsing is not linear in every input). */
export const MAX_FRONTMATTER_CHARS = 256 * 1024;
/** Aliases expanded when turning the YAML into values (a "billion laughs" file stops here). */
const MAX_ALIASES = 100;

/**
 * The file's frontmatter: the block between a first line `---` and the next line `---` (or `...`). A file without one
 * is an empty document (value undefined). An unclosed block, invalid YAML, too many aliases, nesting deeper than
 * MAX_JSON_DEPTH or a too long block is an `error` naming the file (and line and column where YAML says).
 */
export function readFrontmatterFile(file: string): JsonReadResult {
  const read = readConfigFile(file);
  if (read.status === 'missing') return read;
  if (read.status === 'rejected') {
    return { status: 'error', diagnostic: errorAt(`cannot read ${file}: it ${read.reason}; file skipped`, { file, code: read.code }) };
  }
  return parseFrontmatter(file, read.bytes.toString('utf8'));
}

export function parseFrontmatter(file: string, rawText: string): JsonReadResult {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const empty: JsonDocument = { file, text: '', root: undefined, value: undefined, lineStarts: [0] };
  const opening = /^---[ \t]*\r?\n/.exec(text);
  if (opening === null) return { status: 'ok', document: empty };
  const bodyStart = opening[0].length;
  const closing = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(bodyStart, bodyStart + MAX_FRONTMATTER_CHARS + 8);
  const end = rest.search(closing);
  const fail = (message: string, code: string, position: Position = { line: 1, column: 1 }): JsonReadResult => ({
    status: 'error',
    diagnostic: errorAt(`${message}; file skipped`, { file, ...position, code }),
  });
  if (end < 0) {
    return rest.length > MAX_FRONTMATTER_CHARS
      ? fail(`frontmatter longer than ${MAX_FRONTMATTER_CHARS} characters`, 'frontmatter-too-large')
      : fail('frontmatter opened with --- on line 1 is never closed by a --- line', 'invalid-frontmatter');
  }
  if (end > MAX_FRONTMATTER_CHARS) return fail(`frontmatter longer than ${MAX_FRONTMATTER_CHARS} characters`, 'frontmatter-too-large');
  const yamlText = rest.slice(0, end);
  const lines = new LineCounter();
  // The YAML starts on line 2 of the file.
  const inFile = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + 1, column: col };
  };
  let doc: Document.Parsed;
  let value: unknown;
  try {
    doc = parseDocument(yamlText, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
    const first = doc.errors[0];
    if (first !== undefined) return fail(`invalid YAML in frontmatter at line ${inFile(first.pos[0]).line}: ${first.message}`, 'invalid-yaml', inFile(first.pos[0]));
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // A stack overflow on absurd nesting, or too many aliases: refused, never a crash.
    const why = error instanceof RangeError ? 'nested too deeply' : error instanceof Error ? error.message : String(error);
    return fail(`frontmatter cannot be read: ${why}`, 'invalid-yaml');
  }
  if (deeperThan(value, MAX_JSON_DEPTH)) return fail(`frontmatter nested deeper than ${MAX_JSON_DEPTH} levels`, 'too-deep');
  const contents = doc.contents;
  const locator = (path: JsonPath): Position => {
    let node: unknown = contents;
    let offset = contents?.range?.[0] ?? 0;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
        if (pair === undefined) break;
        offset = (pair.key as YamlNode).range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as YamlNode | undefined;
        if (item === undefined) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else {
        break;
      }
    }
    return inFile(offset);
  };
  return { status: 'ok', document: { ...empty, text: yamlText, value: value ?? undefined, locator } };
}

/**
 * Whether `value` nests deeper than `limit` or refers to itself (a YAML alias inside its own anchor). Iterative and
 * linear in the distinct objects (aliases share them): each object's height is computed once.
 */
function deeperThan(value: unknown, limit: number): boolean {
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Array<{ readonly node: object; readonly leaving: boolean }> = [];
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object' || height.has(node)) return false;
    if (onPath.has(node)) return true;
    onPath.add(node);
    stack.push({ node, leaving: true });
    for (const child of Object.values(node)) stack.push({ node: child as object, leaving: false });
    return false;
  };
  if (visit(value)) return true;
  while (stack.length > 0) {
    const { node, leaving } = stack.pop() as { node: object; leaving: boolean };
    if (!leaving) {
      if (visit(node)) return true;
      continue;
    }
    let tallest = 0;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') tallest = Math.max(tallest, height.get(child) ?? 0);
    if (tallest + 1 > limit) return true;
    height.set(node, tallest + 1);
    onPath.delete(node);
  }
  return false;
}
