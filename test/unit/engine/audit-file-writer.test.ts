// The audit file writer: whole lines in order, rotation FILE → FILE.1 → … → FILE.<keep> at a tiny maxBytes with
// nothing lost but what falls off the end, a full queue dropping with a counted note, and an unwritable path.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditFileWriter, probeAppendable } from '../../../src/engine/audit-file-writer.js';
import { openAuditLog } from '../../../src/engine/audit-log.js';
import { AuditRecordSchema } from '../../../src/protocol/index.js';
import { scratchDir } from '../../helpers/scratch.js';

const line = (index: number) => `${JSON.stringify({ n: index, pad: 'x'.repeat(20) })}\n`;
const linesOf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((text) => text !== '') : []);

function writer(path: string, options: { maxBytes?: number; keepFiles?: number; maxQueuedBytes?: number } = {}) {
  const problems: string[] = [];
  const instance = new AuditFileWriter({ path, ...options, onProblem: (message) => problems.push(message), droppedLine: (count) => `${JSON.stringify({ dropped: count })}\n` });
  return { instance, problems };
}

describe('audit file writer', () => {
  it('appends whole lines in the order they were queued', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const { instance, problems } = writer(path);
    for (let index = 0; index < 200; index += 1) instance.enqueue(line(index));
    await instance.close();
    expect(linesOf(path).map((text) => JSON.parse(text).n)).toEqual(Array.from({ length: 200 }, (_, index) => index));
    expect(problems).toEqual([]);
  });

  it('rotates at maxBytes: every file stays within the cap, and the kept files hold the newest lines in order', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const size = Buffer.byteLength(line(10)); // every line below has the same length (n < 100)
    const { instance } = writer(path, { maxBytes: size * 4, keepFiles: 3 });
    // one at a time, so rotation happens between batches as well as inside them
    for (let index = 0; index < 50; index += 1) {
      instance.enqueue(line(index + 10));
      if (index % 7 === 0) await instance.flush();
    }
    await instance.close();
    const files = [`${path}.3`, `${path}.2`, `${path}.1`, path];
    for (const file of files) expect(statSync(file).size).toBeLessThanOrEqual(size * 4);
    expect(existsSync(`${path}.4`)).toBe(false);
    const kept = files.flatMap(linesOf).map((text) => JSON.parse(text).n);
    // the newest lines survive, oldest first, none repeated, none missing in between
    expect(kept.at(-1)).toBe(59);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, index) => 59 - kept.length + 1 + index));
    expect(kept.length).toBeGreaterThan(12); // 3 full rotated files plus the current one
  });

  it('with keepFiles large enough nothing is lost across rotations', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const size = Buffer.byteLength(line(10));
    const { instance } = writer(path, { maxBytes: size * 3, keepFiles: 20 });
    for (let index = 0; index < 45; index += 1) instance.enqueue(line(index + 10));
    await instance.close();
    const files = [...Array.from({ length: 20 }, (_, index) => `${path}.${20 - index}`), path];
    expect(files.flatMap(linesOf).map((text) => JSON.parse(text).n)).toEqual(Array.from({ length: 45 }, (_, index) => index + 10));
  });

  it('keepFiles 0 starts the file afresh without keeping the full one', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const size = Buffer.byteLength(line(10));
    const { instance } = writer(path, { maxBytes: size * 2, keepFiles: 0 });
    for (let index = 0; index < 5; index += 1) instance.enqueue(line(index + 10));
    await instance.close();
    expect(linesOf(path).map((text) => JSON.parse(text).n)).toEqual([14]);
    expect(existsSync(`${path}.1`)).toBe(false);
  });

  it('a line longer than maxBytes is written whole, alone in its file', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const { instance } = writer(path, { maxBytes: 10, keepFiles: 2 });
    instance.enqueue(line(1));
    instance.enqueue(line(2));
    await instance.close();
    expect(linesOf(`${path}.1`).map((text) => JSON.parse(text).n)).toEqual([1]);
    expect(linesOf(path).map((text) => JSON.parse(text).n)).toEqual([2]);
  });

  it('when the queue is full, records are dropped, said once on stderr and counted in the file', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const size = Buffer.byteLength(line(10));
    const { instance, problems } = writer(path, { maxQueuedBytes: size * 5 });
    // queued in one tick: nothing is written before the queue holds 5 lines (a sixth may already be on its way to the disk)
    const accepted = Array.from({ length: 30 }, (_, index) => instance.enqueue(line(index + 10))).filter(Boolean).length;
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(6);
    expect(instance.droppedTotal).toBe(30 - accepted);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/dropping records/);
    await instance.flush();
    expect(instance.enqueue(line(99))).toBe(true);
    await instance.close();
    const written = linesOf(path).map((text) => JSON.parse(text));
    // the note stands where the records went missing: after the ones accepted, before the next one
    expect(written.slice(0, accepted).map((record) => record.n)).toEqual(Array.from({ length: accepted }, (_, index) => index + 10));
    expect(written.slice(accepted)).toEqual([{ dropped: 30 - accepted }, { n: 99, pad: 'x'.repeat(20) }]);
  });

  it('a write that fails (the directory vanished) drops its records, says so once, and the next line written counts them', async () => {
    const dir = join(scratchDir('hookd-audit-'), 'logs');
    mkdirSync(dir);
    const path = join(dir, 'audit.jsonl');
    const { instance, problems } = writer(path);
    instance.enqueue(line(10));
    await instance.flush();
    rmSync(dir, { recursive: true });
    instance.enqueue(line(11));
    await instance.flush();
    instance.enqueue(line(12));
    await instance.flush();
    expect(instance.droppedTotal).toBe(2);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/cannot write: .*ENOENT/);
    mkdirSync(dir);
    instance.enqueue(line(13));
    await instance.close();
    expect(linesOf(path).map((text) => JSON.parse(text))).toEqual([{ dropped: 2 }, { n: 13, pad: 'x'.repeat(20) }]);
  });

  it('an unwritable path is reported, not thrown', () => {
    const dir = scratchDir('hookd-audit-');
    writeFileSync(join(dir, 'a-file'), '');
    expect(probeAppendable(join(dir, 'a-file', 'audit.jsonl'))).toMatch(/ENOTDIR/);
    const opened = openAuditLog({ path: join(dir, 'a-file', 'audit.jsonl'), onProblem: () => {} });
    expect('problem' in opened && opened.problem).toMatch(/cannot be written .*ENOTDIR/);
  });

  it('the service stamps each appended record with an ISO 8601 UTC time with milliseconds; each line parses with the schema', async () => {
    const path = join(scratchDir('hookd-audit-'), 'audit.jsonl');
    const opened = openAuditLog({ path, onProblem: () => {} });
    if (!('log' in opened)) throw new Error(opened.problem);
    opened.log.append({ 'event.name': 'bonsai.authorization', 'session.id': 's', 'bonsai.hook.name': 'cargo-fmt', 'bonsai.allowed': true });
    await opened.log.flush();
    const [record] = linesOf(path).map((text) => JSON.parse(text));
    expect(record.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(record).toMatchObject({ 'event.name': 'bonsai.authorization', 'hookd.sidecar.pid': process.pid, 'bonsai.allowed': true });
    expect(AuditRecordSchema.safeParse(record).success).toBe(true);
  });
});
