// The persisted trust store: which keys (e.g. "workspace:/abs/path") the user trusted, in one JSON file written
// atomically. Storage only; deciding what needs trust is the dialect's job, gating is the engine's.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '../protocol/issue-text.js';

const TrustFileSchema = z.object({
  version: z.literal(1),
  trusted: z.record(z.string(), z.looseObject({ trustedAt: z.string() })),
});
type TrustFile = z.infer<typeof TrustFileSchema>;

export function defaultTrustStorePath(home: string): string {
  return join(home, '.hookd', 'trust.json');
}

export class TrustStore {
  #data: TrustFile = { version: 1, trusted: {} };
  /** Set when the file exists but cannot be used; the store then refuses to overwrite it. */
  readonly problem: string | undefined;

  constructor(readonly path: string) {
    this.problem = this.#read();
  }

  #read(): string | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.#data = { version: 1, trusted: {} };
        return undefined;
      }
      return `cannot read the trust store ${this.path}: ${(error as Error).message}`;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return `the trust store ${this.path} is not valid JSON (${(error as Error).message}); nothing is trusted from it and it will not be overwritten`;
    }
    const parsed = TrustFileSchema.safeParse(raw);
    if (!parsed.success) return `the trust store ${this.path} is invalid: ${describeIssues(parsed.error.issues)}; nothing is trusted from it and it will not be overwritten`;
    this.#data = parsed.data;
    return undefined;
  }

  isTrusted(key: string): boolean {
    return Object.hasOwn(this.#data.trusted, key);
  }

  trustedKeys(): string[] {
    return Object.keys(this.#data.trusted);
  }

  /** Records the change and writes the file (temp file + rename). Throws when the file cannot be written. */
  set(key: string, trusted: boolean, now: Date = new Date()): void {
    if (this.problem !== undefined) throw new Error(this.problem);
    // Start from the file as it is now: another hookd (one runs per agent session) may have written it since.
    const problem = this.#read();
    if (problem !== undefined) throw new Error(problem);
    if (trusted) this.#data.trusted[key] = { trustedAt: now.toISOString() };
    else delete this.#data.trusted[key];
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.#data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
