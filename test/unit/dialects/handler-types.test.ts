// Dialect.handlerTypes (initialize capabilities.handlerTypes) is exactly what each dialect's handler parser accepts.
import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import type { Dialect } from '../../../src/engine/dialect.js';

const context = { workspace: '/w', home: '/h', env: {} };
const MINIMAL: Record<string, Record<string, unknown>> = {
  command: { type: 'command', command: 'true' },
  script: { type: 'script', path: 'hook.sh' },
  http: { type: 'http', url: 'http://127.0.0.1:9/hook' },
  prompt: { type: 'prompt', prompt: 'is this fine? $ARGUMENTS' },
  agent: { type: 'agent', prompt: 'check $ARGUMENTS' },
  mcp_tool: { type: 'mcp_tool', server: 'memory', tool: 'check', input: {} },
};

describe.each([
  ['claude', claudeDialect],
  ['bamboo', bambooDialect],
] as const)('%s handlerTypes', (_name, dialect: Dialect) => {
  it('lists every type its parser accepts, and only those', () => {
    const listed = dialect.handlerTypes ?? [];
    expect(listed.length).toBeGreaterThan(0);
    for (const [type, raw] of Object.entries(MINIMAL)) {
      const parsed = dialect.parseHandler!(raw, 'PreToolUse', context);
      const errors = parsed.diagnostics.filter((entry) => entry.severity === 'error');
      if (listed.includes(type)) {
        expect(errors, `${type}: ${JSON.stringify(parsed.diagnostics)}`).toEqual([]);
        expect(parsed.hook?.handler.type).toBe(type);
      } else {
        expect(parsed.hook, `${type} is not listed, so it must not parse`).toBeUndefined();
      }
    }
  });
});
