// The runOutputExcerptBytes initialize option: each RunSummary carries capped stdout/stderr excerpts, against the built sidecar.
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function promptWith(command: string, options: Record<string, unknown>) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, oneHook('UserPromptSubmit', command));
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  await sidecar.initialize(workspace, { options });
  return sidecar.request('hooks/UserPromptSubmit', { session: { id: 'e2e-excerpts' }, prompt: 'hi' });
}

describe('run output excerpts', () => {
  it('with runOutputExcerptBytes, a run carries what the hook printed on stdout and stderr, cut to the cap', async () => {
    const result = await promptWith("printf 'context line'; printf 'warning: 0123456789' >&2", { runOutputExcerptBytes: 12 });
    expect(result.runs[0].stdout).toMatchObject({ excerpt: 'context line', excerptTruncated: false });
    expect(result.runs[0].stderr).toMatchObject({ excerpt: 'warning: 012', excerptTruncated: true, bytes: 19 });
  });

  it('without the option, runs carry no excerpts', async () => {
    const result = await promptWith("printf 'context line'", {});
    expect(result.runs[0].stdout).not.toHaveProperty('excerpt');
  });
});
