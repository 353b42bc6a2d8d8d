// Turns the auditLog initialize option (or `hookd serve --audit-log FILE`) into the session's audit log, or into a
// warning diagnostic (and a stderr line) when the file cannot be written: the session goes on without one.
import { isAbsolute, resolve } from 'node:path';
import { openAuditLog, type AuditLog } from '../engine/audit-log.js';
import type { Logger } from '../logger.js';
import type { AuditLogOptions, Diagnostic } from '../protocol/index.js';

export type AuditLogSetup = { readonly log?: AuditLog; readonly diagnostic?: Diagnostic };

/** `fromOption` (initialize options.auditLog) wins over `fromFlag` (an absolute path); neither: no audit log. */
export function setUpAuditLog(fromOption: AuditLogOptions | undefined, fromFlag: string | undefined, workspace: string, logger: Logger): AuditLogSetup {
  const chosen = fromOption ?? (fromFlag !== undefined ? { path: fromFlag } : undefined);
  if (chosen === undefined) return {};
  const path = isAbsolute(chosen.path) ? chosen.path : resolve(workspace, chosen.path);
  const opened = openAuditLog({
    path,
    ...(chosen.maxBytes !== undefined ? { maxBytes: chosen.maxBytes } : {}),
    ...(chosen.keepFiles !== undefined ? { keepFiles: chosen.keepFiles } : {}),
    onProblem: (message) => logger.warn(message),
  });
  if ('problem' in opened) {
    logger.warn(opened.problem);
    return { diagnostic: { severity: 'warning', file: path, code: 'audit-log', message: opened.problem } };
  }
  logger.info(`audit log: ${path}`);
  return { log: opened.log };
}
