// The client's tool declarations (initialize `tools`) as the ToolKinds map Dialect.expand reads: a bare name is a tool
// of kind "other"; a name declared twice keeps its last declaration. Pure shaping.
import type { ToolDeclaration } from '../protocol/index.js';
import type { ToolKinds } from './dialect.js';

export function toolKindsOf(tools: readonly (string | ToolDeclaration)[] | undefined): ToolKinds {
  const kinds = new Map<string, ToolDeclaration>();
  for (const tool of tools ?? []) {
    if (typeof tool === 'string') kinds.set(tool, { name: tool, kind: 'other' });
    else kinds.set(tool.name, { ...tool, kind: tool.kind ?? 'other' });
  }
  return kinds;
}
