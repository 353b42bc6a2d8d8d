// The fields of the seed's wire object, in the seed's order, and its type. Names only (no imports), so that the
// envelope, the prompt template and the docs agree without an import cycle.

export const WIRE_FIELDS = ['event', 'session_id', 'cwd', 'tool_name', 'file_path', 'tool_args', 'command', 'exit_code', 'output_excerpt', 'diff'] as const;
export type WireField = (typeof WIRE_FIELDS)[number];

/** Every field is always present, null when the unit has no such fact. */
export type WireObject = {
  readonly event: string;
  readonly session_id: string;
  readonly cwd: string;
  readonly tool_name: string | null;
  readonly file_path: string | null;
  readonly tool_args: Record<string, unknown> | null;
  readonly command: string | null;
  readonly exit_code: number | null;
  readonly output_excerpt: string | null;
  readonly diff: string | null;
};
