// Judge handlers with reply "text" (the model's reply verbatim, read as stdout) and a dialect-rendered prompt.
import { describe, expect, it } from 'vitest';
import { runDelegatedHook, type DelegatedClient, type JudgeRequest } from '../../../src/engine/delegated-hook.js';
import type { JudgeHandler } from '../../../src/engine/dialect.js';
import { delegatedClient } from '../../../src/server/delegated-client.js';

const run = { hookId: 'project:review', event: 'PreFileWrite', sessionId: 's1', stdin: '{"diff":"-a\\n+b"}', signal: new AbortController().signal, maxOutputBytes: 64 };

function judgeHandler(extra: Partial<JudgeHandler> = {}): JudgeHandler {
  return { type: 'prompt', prompt: 'Review: $ARGUMENTS', timeoutMs: 5000, onFailure: 'continue', ...extra };
}

function recordingClient(answer: unknown): DelegatedClient & { requests: JudgeRequest[] } {
  const requests: JudgeRequest[] = [];
  return { requests, judge: async (request) => (requests.push(request), answer as never) };
}

describe('judge reply "text"', () => {
  it('sends reply "text" and hands the model text to the dialect as the run\'s stdout', async () => {
    const client = recordingClient({ text: '{"decision":"block","reason":"drops a column"}' });
    const outcome = await runDelegatedHook(client, judgeHandler({ reply: 'text' }), run);
    expect(client.requests[0]?.reply).toBe('text');
    expect(outcome).toMatchObject({ started: true, exitCode: 0, stdout: { text: '{"decision":"block","reason":"drops a column"}', truncated: false } });
    expect(outcome.delegated).toBeUndefined();
  });

  it('a text reply longer than the output cap is kept truncated (flagged), never whole', async () => {
    const long = 'x'.repeat(200);
    const outcome = await runDelegatedHook(recordingClient({ text: long }), judgeHandler({ reply: 'text' }), run);
    expect(outcome.stdout).toMatchObject({ bytes: 64, totalBytes: 200, truncated: true });
  });

  it('a text-reply answer without text is an invalid answer', async () => {
    const outcome = await runDelegatedHook(recordingClient({ ok: true }), judgeHandler({ reply: 'text' }), run);
    expect(outcome.delegated).toMatchObject({ kind: 'invalid_answer' });
    expect(outcome.delegated?.kind === 'invalid_answer' && outcome.delegated.message).toContain('text');
  });

  it('a verdict judge does not send reply and reads {ok, reason} as before', async () => {
    const client = recordingClient({ ok: false, reason: 'no' });
    const outcome = await runDelegatedHook(client, judgeHandler(), run);
    expect(client.requests[0]).not.toHaveProperty('reply');
    expect(outcome.delegated).toEqual({ kind: 'judgement', ok: false, reason: 'no' });
  });
});

describe('renderPrompt', () => {
  it("the dialect's renderPrompt builds the prompt from the hook input instead of the $ARGUMENTS substitution", async () => {
    const client = recordingClient({ text: '{}' });
    await runDelegatedHook(client, judgeHandler({ reply: 'text', prompt: 'Review $ARGUMENTS {{diff}}', renderPrompt: (input) => `rendered <<${input}>>` }), run);
    expect(client.requests[0]?.prompt).toBe(`rendered <<${run.stdin}>>`);
  });

  it('without renderPrompt $ARGUMENTS is substituted', async () => {
    const client = recordingClient({ ok: true });
    await runDelegatedHook(client, judgeHandler(), run);
    expect(client.requests[0]?.prompt).toBe(`Review: ${run.stdin}`);
  });
});

describe('the server side of hooks/judge (delegatedClient)', () => {
  const request = { hookId: 'h', event: 'PreFileWrite', sessionId: 's', kind: 'prompt' as const, prompt: 'p', timeoutMs: 1000, signal: new AbortController().signal };

  it('passes reply "text" to the client and returns its text', async () => {
    const sent: unknown[] = [];
    const client = delegatedClient({ modelJudge: true }, async (_method, params) => (sent.push(params), { text: 'model says hi' }));
    expect(await client.judge!({ ...request, reply: 'text' })).toEqual({ text: 'model says hi' });
    expect(sent[0]).toMatchObject({ reply: 'text', prompt: 'p' });
  });

  it('a text-reply answer without text throws InvalidClientAnswer (the run is an invalid answer)', async () => {
    const client = delegatedClient({ modelJudge: true }, async () => ({ ok: true }));
    await expect(client.judge!({ ...request, reply: 'text' })).rejects.toThrow(/text: expected string/);
  });
});
