// The table of dialects hookd speaks. The only place that names concrete dialects; the engine never does.
import type { Dialect } from '../engine/dialect.js';
import { bambooDialect } from './bamboo/index.js';
import { bonsaiDialect } from './bonsai/index.js';
import { claudeDialect } from './claude/index.js';
import { codexDialect } from './codex/index.js';
import { geminiDialect } from './gemini/index.js';
import { pbiDialect } from './pbi/index.js';
import { wampDialect } from './wamp/index.js';

export const DIALECTS: Readonly<Record<string, Dialect>> = { claude: claudeDialect, bamboo: bambooDialect, bonsai: bonsaiDialect, wamp: wampDialect, pbi: pbiDialect, codex: codexDialect, gemini: geminiDialect };

export const DIALECT_NAMES = Object.keys(DIALECTS);

export function findDialect(name: string): Dialect | undefined {
  return Object.hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
}
