// GENERATED from src/protocol/diagnostics.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The shape of a configuration diagnostic on the wire. Producers live in config/; this file only describes.
import { z } from 'zod';

export const DiagnosticSchema = z
  .looseObject({
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    file: z.string().optional(),
    line: z.number().int().optional().describe('1-based line in `file`, when known.'),
    column: z.number().int().optional(),
    field: z.string().optional().describe('Path of the offending field, e.g. hooks.PreToolUse[0].matcher.'),
    code: z.string().optional().describe('Stable machine-readable code, e.g. invalid-regex.'),
  })
  .meta({ id: 'Diagnostic' });
export type Diagnostic = z.infer<typeof DiagnosticSchema>;
