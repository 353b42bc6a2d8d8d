// Diagnostics for delegated handlers (prompt, agent, mcp_tool) whose client did not declare the capability they need:
// one per handler, at the handler's file, line and field. Values only; the run itself fails by the failure policy.
import type { Diagnostic } from '../protocol/index.js';
import { DELEGATED_CAPABILITY, isDelegatedHandler } from './delegated-hook.js';
import type { HookSpec } from './dialect.js';

export type DelegatedCapabilities = { readonly modelJudge: boolean; readonly mcpTools: boolean };

export function missingCapabilityDiagnostics(hooks: readonly HookSpec[], capabilities: DelegatedCapabilities): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const hook of hooks) {
    if (!isDelegatedHandler(hook.handler)) continue;
    const { type } = hook.handler;
    const capability = DELEGATED_CAPABILITY[type];
    if (capabilities[capability]) continue;
    const request = capability === 'modelJudge' ? 'hooks/judge' : 'hooks/callMcpTool';
    const policy = hook.handler.onFailure === 'block' ? 'it blocks (onFailure "block")' : 'a non-blocking error';
    out.push({
      severity: 'warning',
      message:
        `${type} handler of ${hook.event} (${hook.id}) needs a client that declared capabilities.${capability} (it answers ${request}); ` +
        `this client did not, so each run of it fails: ${policy}`,
      ...(hook.location?.file !== undefined ? { file: hook.location.file } : { file: hook.source }),
      ...(hook.location?.line !== undefined ? { line: hook.location.line } : {}),
      ...(hook.location?.column !== undefined ? { column: hook.location.column } : {}),
      field: hook.location?.field !== undefined ? `${hook.location.field}.type` : 'type',
      code: 'capability-missing',
    });
  }
  return out;
}
