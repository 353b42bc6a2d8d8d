// How the sidecar gets a dialect: by name, its modules loaded (and initialised) when a session asks for it, so a start
// does not initialise all seven (a bundled start spent ~25 ms of CPU on the six it did not use). Names concrete
// dialects, like index.ts, whose eager table the one-shot commands use; the two must list the same names (tested).
import type { Dialect } from '../engine/dialect.js';

const LOADERS: Readonly<Record<string, () => Promise<Dialect>>> = {
  claude: async () => (await import('./claude/index.js')).claudeDialect,
  bamboo: async () => (await import('./bamboo/index.js')).bambooDialect,
  bonsai: async () => (await import('./bonsai/index.js')).bonsaiDialect,
  wamp: async () => (await import('./wamp/index.js')).wampDialect,
  pbi: async () => (await import('./pbi/index.js')).pbiDialect,
  codex: async () => (await import('./codex/index.js')).codexDialect,
  gemini: async () => (await import('./gemini/index.js')).geminiDialect,
};

/** Every dialect's name, in the order `initialize` errors list them. */
export const LOADABLE_DIALECT_NAMES: readonly string[] = Object.keys(LOADERS);

/** The dialect called `name`, its modules loaded on the first ask; undefined for a name hookd does not speak. */
export function loadDialect(name: string): Promise<Dialect | undefined> {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]!() : Promise.resolve(undefined);
}
