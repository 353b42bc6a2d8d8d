// Property: any config.toml text (user tables, comments, multi-line strings that look like state tables, CRLF,
// duplicate or broken TOML) and any sequence of trust / enable / disable / revoke edits: the editor never throws;
// an accepted edit re-parses (checked here with smol-toml directly) to the old document with exactly that entry
// changed, and a new entry leaves every earlier byte of the file in place. A refused edit names why.
import fc from 'fast-check';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { editHookState, tomlBasicString, type HookStateChange } from '../../../src/dialects/codex/config-toml-edit.js';

const KEYS = ['k1', '/h/.codex/hooks.json:pre_tool_use:0:0', 'C:\\u "x"\\hooks.json:stop:1:2'];
const HASH = `sha256:${'c'.repeat(64)}`;

const PIECES = [
  '# a comment',
  'model = "gpt-5.4" # pinned',
  '[projects."/work/repo"]\ntrust_level = "trusted"',
  'notes = """\n[hooks.state."k1"]\nenabled = true\n"""',
  '[mcp_servers.docs]\nargs = [\n  "a",\n  "b",\n]',
  `[hooks.state."k1"]\nenabled = true # mine\ntrusted_hash = "${HASH}"`,
  `[hooks.state.${tomlBasicString(KEYS[1]!)}]\n# reviewed\ntrusted_hash = '${HASH}'`,
  `[hooks.state.${tomlBasicString(KEYS[2]!)}]\nenabled = false\nextra = 1`,
  '[hooks]\nstate = { }',
  '[features]\nhooks = true',
  '[broken',
  '',
];

const change: fc.Arbitrary<HookStateChange> = fc.oneof(
  fc.constant({ enabled: true, trustedHash: HASH }),
  fc.boolean().map((enabled) => ({ enabled })),
  fc.constant({ trustedHash: null }),
);

function plain(value: unknown): unknown {
  if (value instanceof Date) return { date: value.toISOString() };
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

function tryParse(text: string): Record<string, unknown> | undefined {
  try {
    return plain(parse(text)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

describe('codex config.toml editor: property', () => {
  it('never throws; accepted edits change exactly one entry; new entries keep every earlier byte', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }), fc.boolean(), fc.array(fc.tuple(fc.constantFrom(...KEYS), change), { minLength: 1, maxLength: 4 }), (pieces, crlf, edits) => {
        let text = pieces.join('\n\n') + (pieces.length > 0 ? '\n' : '');
        if (crlf) text = text.replace(/\n/g, '\r\n');
        for (const [key, one] of edits) {
          const before = tryParse(text);
          const result = editHookState(text, key, one);
          if (before === undefined) {
            expect(result.ok).toBe(false);
            continue;
          }
          if (!result.ok) {
            expect(result.reason.length).toBeGreaterThan(0);
            continue;
          }
          const after = tryParse(result.text);
          expect(after).toBeDefined();
          const hooks = (before['hooks'] ?? {}) as Record<string, unknown>;
          const state = (hooks['state'] ?? {}) as Record<string, Record<string, unknown>>;
          const hadEntry = Object.hasOwn(state, key);
          const entry = { ...(state[key] ?? {}) };
          if (one.enabled !== undefined) entry['enabled'] = one.enabled;
          if (one.trustedHash === null) delete entry['trusted_hash'];
          else if (one.trustedHash !== undefined) entry['trusted_hash'] = one.trustedHash;
          const writes = one.enabled !== undefined || typeof one.trustedHash === 'string';
          const expected = hadEntry || writes ? { ...before, hooks: { ...hooks, state: { ...state, [key]: entry } } } : before;
          expect(after).toEqual(expected);
          if (!hadEntry) expect(result.text.startsWith(text.replace(/\r?\n?$/, ''))).toBe(true);
          text = result.text;
        }
      }),
      { numRuns: 300 },
    );
  });
});
