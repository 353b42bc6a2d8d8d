// The schema failures of one handler object as problems: one error per zod issue, naming the field. Shared by the
// parsers of every handler type; must not know any type's fields.
import type { z } from 'zod';
import { formatPath } from '../../protocol/issue-text.js';
import type { HandlerProblem } from './parse-handler.js';

export function fieldProblems(error: z.ZodError): HandlerProblem[] {
  return error.issues.map((issue) => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    return { severity: 'error' as const, code: 'invalid-field', message: `handler field "${formatPath(path)}" ${issue.message}; handler skipped`, path };
  });
}
