// Dialect.serializedTools as the engine reports it (serializeTools in initialize, hooks/list and hooks/reload results).
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

function engineWith(hooks: HookSpec[], serializedTools?: (hooks: readonly HookSpec[]) => string[]) {
  const engine = new Engine({ dialect: fakeDialect(hooks, serializedTools ? { serializedTools } : {}), runner: scriptedRunner(), workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/h' });
  return engine;
}

describe('serializeTools', () => {
  it("the result tells the client which tools must serialize in a parallel batch (the dialect's answer, without duplicates)", () => {
    const engine = engineWith([{ ...hook('a', 'PreToolUse', 'x'), matcher: 'bash' }, { ...hook('b', 'PreToolUse', 'y'), matcher: 'bash' }], (hooks) => hooks.flatMap((spec) => (spec.matcher ? [spec.matcher] : [])));
    expect(engine.serializeTools()).toEqual(['bash']);
  });

  it('disabled (parked) hooks force no serialization', () => {
    const engine = engineWith([{ ...hook('a', 'PreToolUse', 'x'), matcher: 'bash', disabled: true }], (hooks) => hooks.flatMap((spec) => (spec.matcher ? [spec.matcher] : [])));
    expect(engine.serializeTools()).toBeUndefined();
  });

  it('a dialect without serializedTools reports none', () => {
    expect(engineWith([hook('a', 'PreToolUse', 'x')]).serializeTools()).toBeUndefined();
  });
});
