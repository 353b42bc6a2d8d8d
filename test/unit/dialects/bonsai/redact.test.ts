import { describe, expect, it } from 'vitest';
import { MAX_REDACTED_CHARS, REDACTION_OVERLAP_CHARS, REDACTION_WINDOW_CHARS, redactText, redactTexts } from '../../../../src/dialects/bonsai/redact.js';
import { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, BEARER_TOKEN, GITHUB_TOKEN, SLACK_TOKEN, leaks, pkcs8PrivateKey, rsaPrivateKey } from './secrets.js';

describe('bonsai redaction (secretlint recommended preset)', () => {
  it('masks an AWS access key id and secret access key, keeping the variable names', async () => {
    const text = `export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID}\nexport AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}\n`;
    const out = await redactText(text);
    expect(leaks(out, AWS_ACCESS_KEY_ID)).toEqual([]);
    expect(leaks(out, AWS_SECRET_ACCESS_KEY)).toEqual([]);
    expect(out).toContain('export AWS_ACCESS_KEY_ID=[REDACTED:aws]');
    expect(out).toContain('export AWS_SECRET_ACCESS_KEY=[REDACTED:aws]\n');
    expect(out.split('\n')).toHaveLength(3);
  });

  it('masks the whole AWS secret value even where secretlint reports a range starting at the key name', async () => {
    const text = `aws_secret_access_key = "${AWS_SECRET_ACCESS_KEY}"`;
    const out = await redactText(text);
    expect(out).not.toContain(AWS_SECRET_ACCESS_KEY.slice(-12));
    expect(leaks(out, AWS_SECRET_ACCESS_KEY)).toEqual([]);
    expect(out).toBe('aws_secret_access_key = "[REDACTED:aws]"');
  });

  it('masks a GitHub token', async () => {
    const out = await redactText(`remote: https://github.com push with token ${GITHUB_TOKEN} done`);
    expect(out).toBe('remote: https://github.com push with token [REDACTED:github] done');
  });

  it('masks a Slack token', async () => {
    const out = await redactText(`SLACK_BOT_TOKEN=${SLACK_TOKEN}`);
    expect(out).toBe('SLACK_BOT_TOKEN=[REDACTED:slack]');
  });

  it('masks an RSA private key block line by line, keeping the line count and the text around it', async () => {
    const key = rsaPrivateKey();
    const text = `before\n${key}after\n`;
    const out = await redactText(text);
    expect(leaks(out, key)).toEqual([]);
    expect(out.startsWith('before\n[REDACTED:privatekey]\n')).toBe(true);
    expect(out.endsWith('\nafter\n')).toBe(true);
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
  });

  it('masks a PKCS#8 private key block', async () => {
    const key = pkcs8PrivateKey();
    const out = await redactText(key);
    expect(key).toContain('-----BEGIN PRIVATE KEY-----');
    expect(leaks(out, key)).toEqual([]);
  });

  it('masks a bearer token, keeping the scheme', async () => {
    const out = await redactText(`curl -H "Authorization: Bearer ${BEARER_TOKEN}" https://api.internal`);
    expect(out).toBe('curl -H "Authorization: Bearer [REDACTED:bearer-token]" https://api.internal');
    expect(await redactText(`authorization: bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0`)).toBe('authorization: bearer [REDACTED:bearer-token]');
  });

  it('leaves text without secrets (and prose about bearers) unchanged', async () => {
    const prose = 'The bearer responsibilities are documented; exit 2 means block.\nline two\n';
    expect(await redactText(prose)).toBe(prose);
    expect(await redactText('')).toBe('');
    expect(await redactText('short')).toBe('short');
  });

  it('a secretlint-disable comment in the text does not switch redaction off', async () => {
    const text = `// secretlint-disable\n# secretlint-disable-next-line\ntoken=${GITHUB_TOKEN}\n`;
    const out = await redactText(text);
    expect(out).not.toContain(GITHUB_TOKEN);
  });

  it('redactTexts answers one text per text, in order', async () => {
    const out = await redactTexts(['plain', `a ${SLACK_TOKEN}`, '', `b ${GITHUB_TOKEN}`]);
    expect(out).toEqual(['plain', 'a [REDACTED:slack]', '', 'b [REDACTED:github]']);
  });

  it('finds a secret that straddles the boundary of two scan windows of a long text', async () => {
    const step = REDACTION_WINDOW_CHARS - REDACTION_OVERLAP_CHARS;
    const filler = 'x'.repeat(step - 10);
    const text = `${filler}\n${GITHUB_TOKEN}\n${'y'.repeat(REDACTION_WINDOW_CHARS)}\nlast ${SLACK_TOKEN}\n`;
    const out = await redactText(text);
    expect(out).not.toContain(GITHUB_TOKEN);
    expect(out).not.toContain(SLACK_TOKEN);
    expect(out.length).toBeLessThan(text.length);
    expect(out.startsWith(filler)).toBe(true);
  });

  it('withholds what lies beyond the redaction bound instead of passing it on unscanned', async () => {
    const text = `${'z'.repeat(MAX_REDACTED_CHARS)}${GITHUB_TOKEN}`;
    const out = await redactText(text);
    expect(out).not.toContain(GITHUB_TOKEN);
    expect(out).toMatch(/\[40 characters withheld: beyond the \d+-character redaction bound\]$/);
  });

  it('never throws on odd input (NUL bytes, lone surrogates, CRLF, non-strings)', async () => {
    const odd = `a\u0000b\ud800c\r\ntoken ${GITHUB_TOKEN}\r\nend`;
    const out = await redactText(odd);
    expect(out).toBe('a\u0000b\ud800c\r\ntoken [REDACTED:github]\r\nend');
    expect(await redactText(undefined as unknown as string)).toBe('');
  });
});
