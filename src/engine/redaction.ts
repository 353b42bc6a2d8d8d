// Applies Dialect.redact to what leaves hookd for the client: an event result's reason, messages, feedback and notes,
// each run's message and output excerpts, the runs' stderr text, and diagnostics. Context for the model (the hook's
// own output) is not touched. One redact call per answer; never throws (a failing redactor leaves texts as they are).
import type { Diagnostic, EventResult } from '../protocol/index.js';
import type { Dialect } from './dialect.js';
import type { EventDispatch } from './engine.js';

type Slot = { readonly get: () => string | undefined; readonly set: (value: string) => void };

async function redactSlots(redact: NonNullable<Dialect['redact']>, slots: readonly Slot[]): Promise<void> {
  const present = slots.flatMap((slot) => {
    const value = slot.get();
    return value === undefined || value === '' ? [] : [{ slot, value }];
  });
  if (present.length === 0) return;
  let answers: string[];
  try {
    answers = await redact(present.map((entry) => entry.value));
  } catch {
    return;
  }
  present.forEach((entry, index) => {
    const answer = answers[index];
    if (typeof answer === 'string') entry.slot.set(answer);
  });
}

function field<T extends object, K extends keyof T>(target: T, key: K): Slot {
  return { get: () => target[key] as string | undefined, set: (value) => ((target as Record<K, unknown>)[key] = value) };
}

function resultSlots(result: EventResult): Slot[] {
  const slots: Slot[] = [field(result, 'reason'), field(result, 'systemMessage'), field(result, 'stopReason'), field(result, 'feedback')];
  result.notes.forEach((_note, index) => slots.push({ get: () => result.notes[index], set: (value) => (result.notes[index] = value) }));
  for (const run of result.runs) slots.push(field(run, 'message'), field(run.stdout, 'excerpt'), field(run.stderr, 'excerpt'));
  for (const output of result.asyncOutputs ?? []) slots.push(field(output, 'message'), field(output, 'systemMessage'));
  return slots;
}

/** The dispatch with its client-bound texts redacted (a copy; the dialect without redact gets it as it is). */
export async function redactDispatch(dialect: Dialect, dispatch: EventDispatch): Promise<EventDispatch> {
  if (dialect.redact === undefined) return dispatch;
  const result: EventResult = structuredClone(dispatch.result);
  const runStderr = [...dispatch.runStderr];
  const slots = [...resultSlots(result), ...runStderr.map((_text, index): Slot => ({ get: () => runStderr[index], set: (value) => (runStderr[index] = value) }))];
  await redactSlots(dialect.redact, slots);
  return { ...dispatch, result, runStderr };
}

/** Diagnostics with their messages redacted (copies). */
export async function redactDiagnostics(dialect: Dialect, diagnostics: readonly Diagnostic[]): Promise<Diagnostic[]> {
  const copies = diagnostics.map((diagnostic) => ({ ...diagnostic }));
  if (dialect.redact === undefined) return copies;
  await redactSlots(dialect.redact, copies.map((diagnostic) => field(diagnostic, 'message')));
  return copies;
}
