// Runs one fuzz batch against a long-lived sidecar and lists what went wrong: a death, a request with an id that
// got no answer (a hang) or two, an undocumented error code (-32603 included), non-protocol bytes on stdout, and a
// ping after the batch that is not answered. The pool restarts a sidecar that died, wedged or was shut down.
import { ANSWER_DEADLINE_MS, type FuzzSidecar } from './fuzz-sidecar.js';
import { waitUntil } from '../../helpers/processes.js';

/** One message as bytes, with the raw id text of the answer it is owed (undefined: none is owed). */
export type WireMessage = { readonly bytes: Buffer; readonly owedAnswer?: string; readonly label: string };

export class SidecarPool {
  #current: FuzzSidecar | undefined;
  #retired = false;
  /** How many sidecars this pool started (the first included). */
  started = 0;

  constructor(private readonly launch: () => Promise<FuzzSidecar>) {}

  /** The live sidecar, started (and initialized by `launch`) when there is none or the last one was retired. */
  async get(): Promise<FuzzSidecar> {
    if (this.#current === undefined || this.#current.dead || this.#retired) {
      await this.#current?.stop();
      this.#retired = false;
      this.#current = await this.launch();
      this.started += 1;
    }
    return this.#current;
  }

  /** The next get() starts a fresh sidecar (after a failure, a shutdown or an exit). */
  retire(): void {
    this.#retired = true;
  }

  async close(): Promise<void> {
    await this.#current?.stop();
    this.#current = undefined;
  }
}

/** Writes `bytes` in pieces cut at `cuts` (fractions of the length), so framing is read across chunk borders. */
export function writeInPieces(sidecar: FuzzSidecar, bytes: Buffer, cuts: readonly number[] = []): void {
  const offsets = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].filter((offset) => offset > 0 && offset < bytes.length).sort((a, b) => a - b);
  let start = 0;
  for (const offset of [...offsets, bytes.length]) {
    sidecar.write(bytes.subarray(start, offset));
    start = offset;
  }
}

/**
 * Sends the messages (in pieces), waits (polled, with a deadline) until every owed answer arrived, then pings.
 * Returns the problems found; an empty list is a pass. `expectExit` tolerates the sidecar ending (e.g. after exit).
 */
export async function runBatch(
  sidecar: FuzzSidecar,
  messages: readonly WireMessage[],
  options: { cuts?: readonly number[]; expectExit?: boolean } = {},
): Promise<string[]> {
  const badCodesBefore = sidecar.badCodes.length;
  const violationsBefore = sidecar.violations.length;
  writeInPieces(sidecar, Buffer.concat(messages.map((message) => message.bytes)), options.cuts);
  const owed = messages.filter((message) => message.owedAnswer !== undefined);
  await waitUntil(() => sidecar.dead || owed.every((message) => sidecar.answersTo(message.owedAnswer!).length > 0), ANSWER_DEADLINE_MS, 5);
  const problems: string[] = [];
  const pinged = sidecar.dead ? false : await sidecar.pingAnswered();
  if (sidecar.dead) {
    if (options.expectExit !== true) problems.push(`hookd died: ${sidecar.exitDescription}`);
  } else if (!pinged) {
    problems.push(`a ping after the batch got no answer within ${ANSWER_DEADLINE_MS} ms (hookd hangs or its reader is out of sync)`);
  }
  for (const message of owed) {
    const answers = sidecar.answersTo(message.owedAnswer!);
    if (answers.length === 0 && !(sidecar.dead && options.expectExit === true)) problems.push(`no answer to ${message.label}`);
    if (answers.length > 1) problems.push(`${answers.length} answers to ${message.label}: ${JSON.stringify(answers).slice(0, 400)}`);
  }
  for (const bad of sidecar.badCodes.slice(badCodesBefore)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 600)}`);
  for (const violation of sidecar.violations.slice(violationsBefore)) problems.push(`non-protocol output: ${violation}`);
  if (problems.length > 0) problems.push(`hookd stderr (tail):\n${sidecar.stderrTail}`);
  return problems;
}

/** Throws one error listing the problems (fast-check then reports the counterexample, seed and path). */
export function assertNoProblems(problems: readonly string[], context: string): void {
  if (problems.length === 0) return;
  throw new Error(`${context}\n- ${problems.join('\n- ')}`);
}
