// Diff evidence for bonsai's file events: one file's change as a unified diff (jsdiff) under the header
// `diff --bonsai <created|modified|deleted> <path>`, secrets masked (redact.ts), capped at 2,000 rendered lines and
// 128 KiB with a `[diff truncated …]` marker carrying the full totals. The work is bounded for huge inputs; never throws.
import { structuredPatch, type StructuredPatchHunk } from 'diff';
import { REDACTION_OVERLAP_CHARS, findSecretSpans, maskSpans, type SecretSpan } from './redact.js';

/** Rendered lines of one file's evidence at most, the truncation marker included. */
export const MAX_DIFF_LINES = 2000;
/** UTF-8 bytes of one file's evidence at most, the truncation marker included. */
export const MAX_DIFF_BYTES = 128 * 1024;
/** Unchanged lines shown around each change (as `diff -u` and git). */
export const DIFF_CONTEXT_LINES = 3;
/**
 * Line comparisons the diff may spend (Myers: about lines × edits). Past it the changed region, from the first to the
 * last differing line, is shown as removed and re-added: still a correct diff, only not the smallest.
 */
export const DIFF_WORK_BUDGET = 20_000_000;
/** Lines (and characters) of unchanged neighbourhood scanned with the shown lines, so a secret spanning lines is found whole. */
const REDACTION_MARGIN_LINES = 256;

export type DiffKind = 'created' | 'modified' | 'deleted';

export type DiffEvidenceInput = {
  /** As hooks see it (relative to the project root). */
  readonly path: string;
  readonly kind: DiffKind;
  /** The precondition: what the file holds before ('' for a creation). */
  readonly oldContent: string;
  /** The intended content ('' for a deletion). */
  readonly newContent: string;
  /** Overrides DIFF_WORK_BUDGET (tests and benchmarks). */
  readonly workBudget?: number;
};

export type DiffEvidence = {
  readonly text: string;
  /** Lines added and removed by the whole diff (not just the part shown). */
  readonly added: number;
  readonly removed: number;
  /** A bound was hit: the text ends with the `[diff truncated …]` marker. */
  readonly truncated: boolean;
  /** False when the work bound made the diff show the changed region as replaced rather than the smallest diff. */
  readonly minimal: boolean;
};

type Side = 'old' | 'new';
/** One rendered line: fixed text (headers, `\ No newline at end of file`) or a line of a file, prefixed by its op. */
type Entry = { readonly text: string } | { readonly op: ' ' | '-' | '+'; readonly side: Side; readonly index: number };
type Hunks = { readonly count: number; readonly added: number; readonly removed: number; readonly minimal: boolean; entries(): Generator<Entry> };
type Lines = { readonly lines: readonly string[]; readonly endsWithNewline: boolean };

const NO_NEWLINE = '\\ No newline at end of file';

/** The evidence for one file. Never throws (a failed secret scan withholds the lines it covered). */
export async function renderDiffEvidence(input: DiffEvidenceInput): Promise<DiffEvidence> {
  const oldText = input.kind === 'created' ? '' : input.oldContent;
  const newText = input.kind === 'deleted' ? '' : input.newContent;
  const old = splitLines(oldText);
  const next = splitLines(newText);
  const hunks = diffHunks(oldText, newText, old, next, input.workBudget ?? DIFF_WORK_BUDGET);
  const header = [
    `diff --bonsai ${input.kind} ${quotePath(input.path)}`,
    `--- ${input.kind === 'created' ? '/dev/null' : quotePath(sidePath('a', input.path))}`,
    `+++ ${input.kind === 'deleted' ? '/dev/null' : quotePath(sidePath('b', input.path))}`,
  ];
  const total = header.length + hunks.count;
  const notes = hunks.minimal ? 0 : 1;
  const lineBound = total + notes > MAX_DIFF_LINES ? MAX_DIFF_LINES - 1 - notes : total;

  // The lines that can be shown: within the line bound, and (by raw length) within the byte bound.
  const shown: Entry[] = [];
  let rawChars = 0;
  for (const entry of allEntries(header, hunks)) {
    if (shown.length >= lineBound || rawChars > MAX_DIFF_BYTES) break;
    shown.push(entry);
    rawChars += 'text' in entry ? entry.text.length : Math.min(lineOf(entry.side === 'old' ? old : next, entry.index).length, MAX_DIFF_BYTES) + 2;
  }
  const masked = { old: await maskedLines(old, shown, 'old'), new: await maskedLines(next, shown, 'new') };

  const out: string[] = [];
  let bytes = 0;
  let cutLines = 0;
  let bound: string | undefined = shown.length < total ? `${MAX_DIFF_LINES}-line` : undefined;
  const budget = MAX_DIFF_BYTES - 256; // room for the marker
  for (const entry of shown) {
    const line = 'text' in entry ? entry.text : `${entry.op}${masked[entry.side].get(entry.index) ?? ''}`;
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > budget) {
      const cut = cutToBytes(line, budget - bytes - 1);
      if (cut.length > 1) {
        out.push(cut);
        cutLines = 1;
      }
      bound = '128 KiB';
      break;
    }
    out.push(line);
    bytes += size;
  }
  const shownCount = out.length - cutLines; // a line cut at the byte bound is not counted as shown
  if (!hunks.minimal) out.push('[diff not minimal: over the diff work bound, the changed region is shown as replaced]');
  if (bound !== undefined) {
    out.push(`[diff truncated at the ${bound} bound: ${shownCount} of ${total} lines shown; +${hunks.added} -${hunks.removed} lines in total]`);
  }
  return { text: `${out.join('\n')}\n`, added: hunks.added, removed: hunks.removed, truncated: bound !== undefined, minimal: hunks.minimal };
}

function* allEntries(header: readonly string[], hunks: Hunks): Generator<Entry> {
  for (const text of header) yield { text };
  yield* hunks.entries();
}

function splitLines(text: string): Lines {
  if (text === '') return { lines: [], endsWithNewline: true };
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  return { lines, endsWithNewline };
}

function lineOf(lines: Lines, index: number): string {
  return lines.lines[index] ?? '';
}

/** The hunks: jsdiff's within the work bound, else the changed region as one replacement hunk (also for creations and deletions). */
function diffHunks(oldText: string, newText: string, old: Lines, next: Lines, workBudget: number): Hunks {
  if (oldText === newText) return { count: 0, added: 0, removed: 0, minimal: true, *entries() {} };
  if (oldText !== '' && newText !== '') {
    const maxEditLength = Math.max(1, Math.floor(workBudget / Math.max(1, old.lines.length + next.lines.length)));
    const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context: DIFF_CONTEXT_LINES, maxEditLength });
    if (patch !== undefined) return jsdiffHunks(patch.hunks);
  }
  return replacementHunk(old, next, oldText !== '' && newText !== '');
}

function jsdiffHunks(hunks: readonly StructuredPatchHunk[]): Hunks {
  let added = 0;
  let removed = 0;
  let count = 0;
  for (const hunk of hunks) {
    count += 1 + hunk.lines.length;
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  return {
    count,
    added,
    removed,
    minimal: true,
    *entries() {
      for (const hunk of hunks) {
        yield { text: hunkHeader(hunk.oldStart, hunk.oldLines, hunk.newStart, hunk.newLines) };
        let oldIndex = hunk.oldStart - 1;
        let newIndex = hunk.newStart - 1;
        for (const line of hunk.lines) {
          const op = line[0];
          if (op === ' ') {
            yield { op: ' ', side: 'new', index: newIndex };
            oldIndex += 1;
            newIndex += 1;
          } else if (op === '-') yield { op: '-', side: 'old', index: oldIndex++ };
          else if (op === '+') yield { op: '+', side: 'new', index: newIndex++ };
          else yield { text: NO_NEWLINE };
        }
      }
    },
  };
}

/** One hunk replacing everything between the common first and last lines (exact for a creation or a deletion). */
function replacementHunk(old: Lines, next: Lines, approximate: boolean): Hunks {
  const oldCount = old.lines.length;
  const newCount = next.lines.length;
  const same = (oldIndex: number, newIndex: number): boolean =>
    old.lines[oldIndex] === next.lines[newIndex] && hasNewline(old, oldIndex) === hasNewline(next, newIndex);
  let prefix = 0;
  while (prefix < oldCount && prefix < newCount && same(prefix, prefix)) prefix += 1;
  let suffix = 0;
  while (suffix < oldCount - prefix && suffix < newCount - prefix && same(oldCount - 1 - suffix, newCount - 1 - suffix)) suffix += 1;
  const before = Math.min(DIFF_CONTEXT_LINES, prefix);
  const after = Math.min(DIFF_CONTEXT_LINES, suffix);
  const removed = oldCount - prefix - suffix;
  const added = newCount - prefix - suffix;
  const oldEnd = oldCount - suffix;
  const newEnd = newCount - suffix;
  const noNewlineMarks =
    (removed > 0 && !old.endsWithNewline && oldEnd === oldCount ? 1 : 0) +
    (added > 0 && !next.endsWithNewline && newEnd === newCount ? 1 : 0) +
    (after > 0 && suffix === after && !next.endsWithNewline ? 1 : 0);
  const start = prefix - before;
  return {
    count: 1 + before + removed + added + after + noNewlineMarks,
    added,
    removed,
    minimal: !approximate,
    *entries() {
      yield { text: hunkHeader(start + 1, before + removed + after, start + 1, before + added + after) };
      for (let index = start; index < prefix; index += 1) yield { op: ' ', side: 'new', index };
      for (let index = prefix; index < oldEnd; index += 1) {
        yield { op: '-', side: 'old', index };
        if (index === oldCount - 1 && !old.endsWithNewline) yield { text: NO_NEWLINE };
      }
      for (let index = prefix; index < newEnd; index += 1) {
        yield { op: '+', side: 'new', index };
        if (index === newCount - 1 && !next.endsWithNewline) yield { text: NO_NEWLINE };
      }
      for (let index = newEnd; index < newEnd + after; index += 1) {
        yield { op: ' ', side: 'new', index };
        if (index === newCount - 1 && !next.endsWithNewline) yield { text: NO_NEWLINE };
      }
    },
  };
}

function hasNewline(lines: Lines, index: number): boolean {
  return index < lines.lines.length - 1 || lines.endsWithNewline;
}

/** As jsdiff's formatPatch writes it: an empty range names the line before it. */
function hunkHeader(oldStart: number, oldLines: number, newStart: number, newLines: number): string {
  return `@@ -${oldLines === 0 ? oldStart - 1 : oldStart},${oldLines} +${newLines === 0 ? newStart - 1 : newStart},${newLines} @@`;
}

function sidePath(prefix: 'a' | 'b', path: string): string {
  return path.startsWith('/') ? path : `${prefix}/${path}`;
}

/** A path with control characters, quotes or backslashes is written as a JSON string, so it cannot forge diff lines. */
function quotePath(path: string): string {
  return /[\u0000-\u001f\u007f"\\]/.test(path) ? JSON.stringify(path) : path;
}

/** At most `bytes` UTF-8 bytes of the line, cut between characters. */
function cutToBytes(line: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (used + size > bytes) break;
    used += size;
    end += char.length;
  }
  return line.slice(0, end);
}

/** Characters of one line scanned for secrets: what can be shown (≤ MAX_DIFF_BYTES) plus the overlap beyond it. */
const LINE_SCAN_CHARS = MAX_DIFF_BYTES + REDACTION_OVERLAP_CHARS;

/**
 * The shown lines of one side with their secrets masked, by line index. Each run of shown lines is scanned together
 * with up to REDACTION_MARGIN_LINES (and REDACTION_OVERLAP_CHARS) of neighbours on each side, so a secret spanning
 * lines (a private key block) is found whole; long lines are scanned up to LINE_SCAN_CHARS and shown up to MAX_DIFF_BYTES.
 */
async function maskedLines(lines: Lines, shown: readonly Entry[], side: Side): Promise<Map<number, string>> {
  const indices = shown.flatMap((entry) => ('side' in entry && entry.side === side ? [entry.index] : []));
  const result = new Map<number, string>();
  for (const [first, last] of scanRanges(lines, indices)) {
    const pieces: string[] = [];
    const offsets: number[] = [];
    let offset = 0;
    for (let index = first; index <= last; index += 1) {
      const piece = lineOf(lines, index).slice(0, LINE_SCAN_CHARS);
      offsets.push(offset);
      pieces.push(piece);
      offset += piece.length + 1;
    }
    const spans = await findSecretSpans(pieces.join('\n'));
    for (const index of indices) {
      if (index < first || index > last) continue;
      const raw = lineOf(lines, index).slice(0, MAX_DIFF_BYTES);
      if (spans === undefined) {
        result.set(index, '[line withheld: secret redaction failed]');
        continue;
      }
      const at = offsets[index - first] ?? 0;
      const own: SecretSpan[] = spans
        .filter((span) => span.end > at && span.start < at + raw.length)
        .map((span) => ({ ...span, start: span.start - at, end: span.end - at }));
      result.set(index, maskSpans(raw, own));
    }
  }
  return result;
}

/** The shown indices (ascending) grouped into runs, each widened by its margin; runs whose widened ranges touch are joined. */
function scanRanges(lines: Lines, indices: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const index of indices) {
    const last = runs[runs.length - 1];
    if (last !== undefined && index <= last[1] + 1) last[1] = Math.max(last[1], index);
    else runs.push([index, index]);
  }
  const ranges: [number, number][] = [];
  for (const [first, last] of runs) {
    const range: [number, number] = [widen(lines, first, -1), widen(lines, last, +1)];
    const previous = ranges[ranges.length - 1];
    if (previous !== undefined && range[0] <= previous[1] + 1) previous[1] = Math.max(previous[1], range[1]);
    else ranges.push(range);
  }
  return ranges;
}

function widen(lines: Lines, from: number, step: -1 | 1): number {
  let at = Math.max(0, from);
  let chars = 0;
  for (let taken = 0; taken < REDACTION_MARGIN_LINES; taken += 1) {
    const next = at + step;
    if (next < 0 || next >= lines.lines.length) break;
    chars += Math.min(lineOf(lines, next).length, LINE_SCAN_CHARS) + 1;
    if (chars > REDACTION_OVERLAP_CHARS) break;
    at = next;
  }
  return at;
}
