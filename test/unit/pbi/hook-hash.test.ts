// pbi-agent's hook hash, handler identity and timeout normalization against every vector of
// shared/reference/pbi-agent-facts.md §2, §3 and §13 (observed from the real pbi-agent 0.40.0) plus Python-computed ones.
import { describe, expect, it } from 'vitest';
import { normalizeTimeout, pbiHandlerIdentity, pbiHashPayload, pbiHookHash, pythonStrip, type PbiHashInput } from '../../../src/dialects/pbi/hook-hash.js';
import { pbiHookKey } from '../../../src/dialects/pbi/hook-key.js';
import { compareCodePoints, pythonJsonString } from '../../../src/dialects/pbi/python-json.js';

/** What a hooks.json handler normalizes to (facts §3), as the loader builds it; `literal` is the timeout's source text. */
function inputOf(event: string, matcher: unknown, handler: Record<string, unknown>, literal?: string): PbiHashInput {
  const type = typeof handler['type'] === 'string' && handler['type'] !== '' ? handler['type'] : 'command';
  return {
    event,
    matcher: typeof matcher === 'string' ? pythonStrip(matcher) : '',
    command: typeof handler['command'] === 'string' ? handler['command'] : '',
    type,
    statusMessage: typeof handler['statusMessage'] === 'string' ? handler['statusMessage'] : '',
    timeoutSeconds: normalizeTimeout(handler['timeout'], literal).seconds,
    managed: false,
  };
}

const WS = '/work/ws';
const HOME = '/home/u';

describe('pbi hook hash: the facts file worked examples (byte for byte)', () => {
  it('example 1, the seed example: PreToolUse shell|apply_patch, timeout 30, statusMessage', () => {
    const input = inputOf('PreToolUse', 'shell|apply_patch', {
      type: 'command',
      command: 'python3 .agents/hooks/check_policy.py',
      timeout: 30,
      statusMessage: 'Checking policy',
    });
    expect(pbiHashPayload(input)).toBe(
      '{"event":"PreToolUse","handler":{"command":"python3 .agents/hooks/check_policy.py","managed":false,"statusMessage":"Checking policy","timeout":30,"type":"command"},"matcher":"shell|apply_patch"}',
    );
    expect(pbiHookHash(input)).toBe('sha256:d395a41c641c6270f6d65662056d12033b1465f9b7a1f237a013e5fdd3444b1f');
    expect(pbiHandlerIdentity('command', 'python3 .agents/hooks/check_policy.py')).toBe(
      'sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7',
    );
    expect(
      pbiHashPayload({ event: 'handler_identity', matcher: 'command', command: 'python3 .agents/hooks/check_policy.py', type: 'command', statusMessage: '', timeoutSeconds: 600n, managed: false }),
    ).toBe(
      '{"event":"handler_identity","handler":{"command":"python3 .agents/hooks/check_policy.py","managed":false,"statusMessage":"","timeout":600,"type":"command"},"matcher":"command"}',
    );
  });

  it('example 2: Stop without matcher, defaults (timeout 600, statusMessage "")', () => {
    const input = inputOf('Stop', undefined, { type: 'command', command: 'python3 .agents/hooks/session_end.py' });
    expect(pbiHashPayload(input)).toBe(
      '{"event":"Stop","handler":{"command":"python3 .agents/hooks/session_end.py","managed":false,"statusMessage":"","timeout":600,"type":"command"},"matcher":""}',
    );
    expect(pbiHookHash(input)).toBe('sha256:f1b0ab3b19f265153080b06574aba983b3bfc1886626c68dc29378eab4d9e474');
    expect(pbiHandlerIdentity('command', 'python3 .agents/hooks/session_end.py')).toBe(
      'sha256:781551ee6cccca781b5ecf246bd7f76b5de49fa76f02185dc7e140c1133c243e',
    );
  });

  it('example 3: padded * matcher, type omitted, non-ASCII escaped, string timeout, self-declared managed ignored', () => {
    const input = inputOf('UserPromptSubmit', '  *  ', { command: "  echo 'héllo ✓'  ", statusMessage: 'Prüfe ✓', timeout: '45', managed: true });
    expect(pbiHashPayload(input)).toBe(
      '{"event":"UserPromptSubmit","handler":{"command":"  echo \'h\\u00e9llo \\u2713\'  ","managed":false,"statusMessage":"Pr\\u00fcfe \\u2713","timeout":45,"type":"command"},"matcher":"*"}',
    );
    expect(pbiHookHash(input)).toBe('sha256:67f972a6645da271c1696c3d21e80ecc8f389478e9b49658e31022ba71ca8f91');
    // The identity uses the trimmed command.
    expect(pbiHandlerIdentity('command', "  echo 'héllo ✓'  ")).toBe('sha256:fac991cf4498b78b49242315ca74b0bcac515d7d5377a6ce075d78c7a8c77e9e');
    expect(pbiHandlerIdentity('command', "echo 'héllo ✓'")).toBe('sha256:fac991cf4498b78b49242315ca74b0bcac515d7d5377a6ce075d78c7a8c77e9e');
  });

  it('the `pbi-agent hooks` capture (facts §13): SessionStart startup `echo hi` from the global file', () => {
    expect(pbiHookHash(inputOf('SessionStart', 'startup', { command: 'echo hi' }))).toBe(
      'sha256:bbdcad05c20e5452ab4ca5dfeb82d9d877606be23f7882d4b05f47d5199a2a39',
    );
    expect(pbiHandlerIdentity('command', 'echo hi')).toBe('sha256:a1a89dc40bfe082e100c6fcb302bf1ded9c2337652bdb35cf28738fe33c6dc46');
  });

  it('the three example keys of facts §2 are rebuilt exactly', () => {
    const project = `${WS}/.agents/hooks.json`;
    expect(
      pbiHookKey({ source: 'project', resolvedPath: project, event: 'PreToolUse', matcher: 'shell|apply_patch', identity: pbiHandlerIdentity('command', 'python3 .agents/hooks/check_policy.py') }, 1),
    ).toBe(`project:${project}:PreToolUse:shell|apply_patch:sha256:4b555ea2d9121f3c31450589fe164cea2cc97e653e95a70accc0b2d697b6d9a7:1`);
    expect(pbiHookKey({ source: 'project', resolvedPath: project, event: 'Stop', matcher: '', identity: pbiHandlerIdentity('command', 'python3 .agents/hooks/session_end.py') }, 1)).toBe(
      `project:${project}:Stop::sha256:781551ee6cccca781b5ecf246bd7f76b5de49fa76f02185dc7e140c1133c243e:1`,
    );
    expect(
      pbiHookKey({ source: 'global', resolvedPath: `${HOME}/.pbi-agent/hooks.json`, event: 'SessionStart', matcher: 'startup', identity: pbiHandlerIdentity('command', 'echo hi') }, 1),
    ).toBe(`global:${HOME}/.pbi-agent/hooks.json:SessionStart:startup:sha256:a1a89dc40bfe082e100c6fcb302bf1ded9c2337652bdb35cf28738fe33c6dc46:1`);
  });

  it('the identity depends only on type and trimmed command (not timeout, statusMessage, event or path)', () => {
    const base = pbiHandlerIdentity('command', 'run.sh');
    expect(pbiHandlerIdentity('command', ' \t run.sh \n')).toBe(base);
    expect(pbiHandlerIdentity('command', 'run.sh --x')).not.toBe(base);
    expect(pbiHandlerIdentity('Command', 'run.sh')).not.toBe(base);
  });
});

describe('pbi hook hash: Python json.dumps(sort_keys, separators, ensure_ascii) semantics', () => {
  // Expected payloads and hashes computed with CPython's json.dumps + hashlib.
  const withStatus = (statusMessage: string): PbiHashInput => ({
    event: 'PreToolUse',
    matcher: '',
    command: '',
    type: 'command',
    statusMessage,
    timeoutSeconds: 1n,
    managed: false,
  });

  it('control characters, DEL, quote and backslash escape as Python does (\\b \\f \\n \\r \\t short, others \\u00xx, lowercase)', () => {
    const input = withStatus('a\u0000b\u001f\u007f"\\\b\f\n\r\t/');
    expect(pbiHashPayload(input)).toBe(
      '{"event":"PreToolUse","handler":{"command":"","managed":false,"statusMessage":"a\\u0000b\\u001f\\u007f\\"\\\\\\b\\f\\n\\r\\t/","timeout":1,"type":"command"},"matcher":""}',
    );
    expect(pbiHookHash(input)).toBe('sha256:e1333d7a50ef3b27ca4082c23728739ca0d5e01bd2e389df13ff84c9222e7ee1');
  });

  it('an astral character is its UTF-16 surrogate pair; a lone surrogate is escaped on its own', () => {
    const input = withStatus('😀 \ud83d x');
    expect(pbiHashPayload(input)).toContain('"statusMessage":"\\ud83d\\ude00 \\ud83d x"');
    expect(pbiHookHash(input)).toBe('sha256:9a95ad44f27cb79562cd8d0ef18ee59a07583de58d975f5fd232ccd115090f1d');
  });

  it('BMP characters above ASCII, including U+2028 and U+FFFF, are \\uXXXX', () => {
    const input = withStatus('é\u2028\uffff');
    expect(pbiHashPayload(input)).toContain('"statusMessage":"\\u00e9\\u2028\\uffff"');
    expect(pbiHookHash(input)).toBe('sha256:9b0f6f3c8bc5013012d2360d280fe5fa18cbf797f36c2b5da3dabaafce8ef7f3');
  });

  it('a huge exact integer timeout (int(1e300)) and managed true serialize as Python does', () => {
    const seconds = normalizeTimeout(1e300, '1e300').seconds;
    expect(seconds.toString().length).toBe(301);
    expect(pbiHookHash({ event: 'Stop', matcher: '𝟘', command: 'x', type: 'command', statusMessage: '', timeoutSeconds: seconds, managed: true })).toBe(
      'sha256:ce7d20a7b3a71059696204f4f13819f36f798d8202b506bafe9af8bcbec7bd06',
    );
  });

  it('keys sort by code point, as Python sorts str (not by UTF-16 code unit)', () => {
    const keys = ['\uffff', '😀', 'b', 'a'];
    expect([...keys].sort(compareCodePoints)).toEqual(['a', 'b', '\uffff', '😀']);
    expect(pythonJsonString('')).toBe('""');
  });
});

describe('pbi timeout normalization (facts §3 table, Python int() semantics)', () => {
  const cases: Array<[string, unknown, string | undefined, bigint]> = [
    ['absent', undefined, undefined, 600n],
    ['null', null, undefined, 600n],
    ['30', 30, '30', 30n],
    ['30.9 (float truncated)', 30.9, '30.9', 30n],
    ['"30"', '30', undefined, 30n],
    ['" 7 "', ' 7 ', undefined, 7n],
    ['"1_000"', '1_000', undefined, 1000n],
    ['true', true, undefined, 1n],
    ['false', false, undefined, 1n],
    ['0', 0, '0', 1n],
    ['-5', -5, '-5', 1n],
    ['0.5', 0.5, '0.5', 1n],
    ['-0.5', -0.5, '-0.5', 1n],
    ['"abc"', 'abc', undefined, 600n],
    ['"30.5"', '30.5', undefined, 600n],
    ['[5]', [5], undefined, 600n],
    ['{}', {}, undefined, 600n],
    ['"+5" (sign)', '+5', undefined, 5n],
    ['"-5" (clamped)', '-5', undefined, 1n],
    ['"- 5" (space after sign)', '- 5', undefined, 600n],
    ['"1__0"', '1__0', undefined, 600n],
    ['"_1"', '_1', undefined, 600n],
    ['"1_"', '1_', undefined, 600n],
    ['"0_7"', '0_7', undefined, 7n],
    ['"007"', '007', undefined, 7n],
    ['"\\u00a030\\u3000" (Unicode whitespace)', '\u00a030\u3000', undefined, 30n],
    ['"\\u001c7" (not whitespace to int())', '\u001c7', undefined, 600n],
    ['"\\ufeff7" (BOM)', '\ufeff7', undefined, 600n],
    ['"٣٠" (Arabic-Indic digits)', '٣٠', undefined, 30n],
    ['"𝟗" (mathematical digit)', '𝟗', undefined, 9n],
    ['"1e3"', '1e3', undefined, 600n],
    ['"²" (superscript, not decimal)', '²', undefined, 600n],
    ['"" (empty)', '', undefined, 600n],
    ['1E2 (float literal)', 100, '1E2', 100n],
    ['a 4301-digit string (over the limit)', '1'.repeat(4301), undefined, 600n],
  ];
  for (const [name, raw, literal, seconds] of cases) {
    it(`${name} → ${seconds}`, () => {
      const result = normalizeTimeout(raw, literal);
      expect(result.seconds).toBe(seconds);
      expect(result.error).toBeUndefined();
    });
  }

  it('1e300 is that exact (huge) integer', () => {
    expect(normalizeTimeout(1e300, '1e300').seconds).toBe(BigInt(1e300));
    expect(normalizeTimeout(1e300, '1e300').seconds.toString().startsWith('10000000000000000525047602552044202487')).toBe(true);
  });

  it('an integer literal beyond float precision stays exact', () => {
    expect(normalizeTimeout(12345678901234567890, '12345678901234567890').seconds).toBe(12345678901234567890n);
  });

  it('4300 digits with underscores are within the limit (underscores do not count)', () => {
    expect(normalizeTimeout(`${'1_'.repeat(2150)}${'1'.repeat(2150)}`).seconds).toBe(BigInt('1'.repeat(4300)));
  });

  it('Infinity and 1e400 (pbi-agent crashes on them) are 600 with an error, never a throw', () => {
    for (const [raw, literal] of [
      [Infinity, undefined],
      [-Infinity, undefined],
      [Infinity, '1e400'],
      [-Infinity, '-1e400'],
    ] as const) {
      const result = normalizeTimeout(raw, literal);
      expect(result.seconds).toBe(600n);
      expect(result.error).toMatch(/infinite/);
    }
  });

  it('an integer literal of more than 4300 digits (Python json fails on it) is 600 with an error', () => {
    const result = normalizeTimeout(Number('9'.repeat(400)), '9'.repeat(4301));
    expect(result.seconds).toBe(600n);
    expect(result.error).toMatch(/4301 digits/);
  });

  it('NaN (int() raises ValueError) is 600 without error', () => {
    expect(normalizeTimeout(NaN)).toEqual({ seconds: 600n });
  });
});

describe('Formatting changes to JSON do not invalidate trust, but command, matcher, timeout, status message, or managed-policy changes do.', () => {
  const reference = pbiHookHash(inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30'));
  const sameHash: Array<[string, PbiHashInput]> = [
    ['unknown extra fields', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking', extra: [1] }, '30')],
    ['matcher padding', inputOf('PreToolUse', '  shell\t', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['type omitted', inputOf('PreToolUse', 'shell', { command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['type ""', inputOf('PreToolUse', 'shell', { type: '', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['timeout 30.9', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30.9, statusMessage: 'Checking' }, '30.9')],
    ['timeout "30"', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: '30', statusMessage: 'Checking' })],
    ['"managed": true in an ordinary file', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking', managed: true }, '30')],
  ];
  for (const [name, input] of sameHash) it(`keeps trust: ${name}`, () => expect(pbiHookHash(input)).toBe(reference));

  it('keeps trust: statusMessage "" vs absent; timeout absent vs 600 vs an invalid value', () => {
    const plain = pbiHookHash(inputOf('Stop', undefined, { command: 'x' }));
    expect(pbiHookHash(inputOf('Stop', undefined, { command: 'x', statusMessage: '' }))).toBe(plain);
    expect(pbiHookHash(inputOf('Stop', undefined, { command: 'x', statusMessage: 5 }))).toBe(plain);
    expect(pbiHookHash(inputOf('Stop', undefined, { command: 'x', timeout: 600 }, '600'))).toBe(plain);
    expect(pbiHookHash(inputOf('Stop', undefined, { command: 'x', timeout: 'abc' }))).toBe(plain);
    expect(pbiHookHash(inputOf('Stop', 123, { command: 'x' }))).toBe(plain);
  });

  const changed: Array<[string, PbiHashInput]> = [
    ['the command', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check2.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ["the command's surrounding whitespace", inputOf('PreToolUse', 'shell', { type: 'command', command: ' check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['the matcher', inputOf('PreToolUse', 'shell|web', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['the timeout', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 31, statusMessage: 'Checking' }, '31')],
    ['the status message', inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking!' }, '30')],
    ['the event', inputOf('PostToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30')],
    ['the managed policy (effective managed flag)', { ...inputOf('PreToolUse', 'shell', { type: 'command', command: 'check.sh', timeout: 30, statusMessage: 'Checking' }, '30'), managed: true }],
  ];
  for (const [name, input] of changed) it(`changes it: ${name}`, () => expect(pbiHookHash(input)).not.toBe(reference));
});

describe('pythonStrip (str.strip())', () => {
  it('removes Python whitespace incl. U+001C–U+001F and U+0085, keeps U+FEFF', () => {
    expect(pythonStrip('\u001c\u0085\u00a0 a b \u3000\u2029\t')).toBe('a b');
    expect(pythonStrip('\ufeffa')).toBe('\ufeffa');
    expect(pythonStrip('')).toBe('');
  });
});
