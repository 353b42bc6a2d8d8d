// The sidecar's dialect loaders (loaded when a session asks) and the commands' eager table name the same dialects and
// give the same objects.
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS } from '../../../src/dialects/index.js';
import { LOADABLE_DIALECT_NAMES, loadDialect } from '../../../src/dialects/loaders.js';

describe('loadDialect', () => {
  it('names the same dialects as the eager table, in the same order', () => {
    expect(LOADABLE_DIALECT_NAMES).toEqual(DIALECT_NAMES);
  });

  it('loads each dialect as the very object the eager table holds', async () => {
    for (const name of DIALECT_NAMES) {
      const dialect = await loadDialect(name);
      expect(dialect, name).toBe(DIALECTS[name]);
      expect(dialect?.name).toBe(name);
    }
  });

  it('gives undefined for a name hookd does not speak, also for an inherited property name', async () => {
    expect(await loadDialect('emacs')).toBeUndefined();
    expect(await loadDialect('constructor')).toBeUndefined();
  });
});
