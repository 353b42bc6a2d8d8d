// Opens the session's authorization ledger: initialize options.ledgerPath (relative to the workspace), else the
// dialect's default (Dialect.defaultLedgerPath); neither: none. A file that cannot be written is a warning
// diagnostic (and a stderr line): the session goes on without a ledger. Knows no dialect by name.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { openAuthorizationLedger, type AuthorizationLedger } from '../engine/authorization-ledger.js';
import type { Dialect } from '../engine/dialect.js';
import type { Logger } from '../logger.js';
import type { Diagnostic } from '../protocol/index.js';

export type LedgerSetup = { readonly ledger?: AuthorizationLedger; readonly diagnostic?: Diagnostic };

export function setUpLedger(dialect: Dialect, fromOption: string | undefined, place: { readonly workspace: string; readonly home: string }, logger: Logger): LedgerSetup {
  if (dialect.gatesEffect === undefined) return {};
  const chosen = fromOption ?? dialect.defaultLedgerPath?.(place);
  if (chosen === undefined) return {};
  const path = isAbsolute(chosen) ? chosen : resolve(place.workspace, chosen);
  // The dialect's default lives in a directory of its own (e.g. ~/.bonsai) that may not exist yet.
  if (fromOption === undefined) {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch {
      // the probe below says why it cannot be written
    }
  }
  const opened = openAuthorizationLedger({ path, onProblem: (message) => logger.warn(message) });
  if ('problem' in opened) {
    logger.warn(opened.problem);
    return { diagnostic: { severity: 'warning', file: path, code: 'authorization-ledger', message: opened.problem } };
  }
  logger.info(`authorization ledger: ${path}`);
  return { ledger: opened.ledger };
}
