// The live line of the one-shot commands on a terminal: `⠋ <hookId> running 2.4 s` on stderr for a hook running
// longer than a second, redrawn in place and cleared when it ends. Fed by the engine's onProgress; draws nothing
// unless the stream is a TTY (piped output stays clean), and never touches stdout.
import { performance } from 'node:perf_hooks';
import type { ProgressParams } from '../protocol/index.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;
/** A hook is shown once it has run this long. */
export const LIVE_LINE_AFTER_MS = 1000;
const REDRAW_MS = 100;
const CLEAR_LINE = '\r\x1b[2K';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export type LiveProgress = {
  readonly onProgress: (progress: ProgressParams) => void;
  /** Clears the line and stops redrawing (call before printing the report). */
  stop(): void;
};

type LiveStream = Pick<NodeJS.WriteStream, 'write'> & { readonly isTTY?: boolean; readonly columns?: number };

/** The line for the longest-running hook (and how many more run), cut to the terminal's width; '' when none is shown. */
export function liveLineText(running: ReadonlyMap<string, number>, now: number, frame: number, columns?: number): string {
  let oldest: [string, number] | undefined;
  for (const entry of running) if (oldest === undefined || entry[1] < oldest[1]) oldest = entry;
  if (oldest === undefined || now - oldest[1] < LIVE_LINE_AFTER_MS) return '';
  const more = running.size > 1 ? ` (+${running.size - 1} more)` : '';
  const text = `${FRAMES[frame % FRAMES.length]} ${oldest[0]} running ${((now - oldest[1]) / 1000).toFixed(1)} s${more}`;
  // A line longer than the terminal wraps, and \r would then redraw only its last row.
  const width = columns !== undefined && columns > 1 ? columns - 1 : undefined;
  return width !== undefined && [...text].length > width ? `${[...text].slice(0, Math.max(0, width - 1)).join('')}…` : text;
}

/** A live line on `stream` (default stderr); undefined when it is not a terminal. */
export function liveProgress(stream: LiveStream = process.stderr): LiveProgress | undefined {
  if (stream.isTTY !== true) return undefined;
  const running = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let drawn = false;
  let frame = 0;

  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const clear = () => {
    if (drawn) stream.write(CLEAR_LINE);
    drawn = false;
    // Listeners only while a line is on screen (inside the command's interruptible run, whose own listeners keep
    // the signal's meaning): a message written on a signal or at exit starts on a clean line.
    for (const signal of SIGNALS) process.off(signal, halt);
    process.off('exit', clear);
  };
  /** On a signal the command is ending: no more redraws. */
  const halt = () => {
    stopTimer();
    running.clear();
    clear();
  };
  const draw = () => {
    const text = liveLineText(running, performance.now(), frame++, stream.columns);
    if (text === '') return clear();
    if (!drawn) {
      for (const signal of SIGNALS) process.prependListener(signal, halt);
      process.on('exit', clear);
    }
    stream.write(`${CLEAR_LINE}${text}`);
    drawn = true;
  };
  return {
    onProgress(progress) {
      // One key per run: the same hook id may run in two events at once only across dispatches, not in `hookd test`.
      if (progress.phase === 'started') {
        running.set(progress.hookId, performance.now());
        if (timer === undefined) {
          timer = setInterval(draw, REDRAW_MS);
          timer.unref?.();
        }
      } else if (progress.phase === 'finished') {
        running.delete(progress.hookId);
        if (running.size === 0) {
          stopTimer();
          clear();
        } else draw();
      }
    },
    stop: halt,
  };
}
