// The client's typing and delivery of two initialize options: runOutputExcerptBytes (each run's stdout/stderr
// `excerpt`) and progress (hooks/progress `elapsedMs`, the final `status`), against the built sidecar.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ServerNotificationParams, SpawnHookdOptions } from '../src/index.js';
import { claudeSettings, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

type Progress = ServerNotificationParams<'hooks/progress'>;

describe('run output excerpts and detailed progress', () => {
  it('types: the options and the new fields', () => {
    expectTypeOf<NonNullable<SpawnHookdOptions['options']>>().toHaveProperty('runOutputExcerptBytes').toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<NonNullable<SpawnHookdOptions['options']>['progress']>['hooks']>().toEqualTypeOf<'statusMessage' | 'all' | undefined>();
    expectTypeOf<Progress['phase']>().toEqualTypeOf<'started' | 'finished' | 'running'>();
    expectTypeOf<Progress['elapsedMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Progress['exitCode']>().toEqualTypeOf<number | null | undefined>();
  });

  it('a session with both options: each run carries excerpts, and progress carries elapsedMs and the status', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { UserPromptSubmit: [{ hooks: [{ type: 'command', command: "printf 'from the hook'; exit 1" }] }] });
    const client = await spawnTestClient({ workspace, options: { runOutputExcerptBytes: 4, progress: { hooks: 'all' } } });
    const heard: Progress[] = [];
    client.onProgress((params) => heard.push(params));
    const result = await client.userPromptSubmit({ session: SESSION, prompt: 'hi' });
    expect(result.runs[0]!.stdout).toMatchObject({ excerpt: 'from', excerptTruncated: true });
    expect(heard.map((params) => params.phase)).toEqual(['started', 'finished']);
    expect(heard[0]!.elapsedMs).toBe(0);
    expect(heard[1]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1 });
    expect(heard[1]!.elapsedMs).toBeGreaterThanOrEqual(0);
  });
});
