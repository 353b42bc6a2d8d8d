// Python's str.strip() with no argument: removes the characters str.isspace() accepts (not U+FEFF, but U+001C–U+001F
// and U+0085). Pure; pbi-agent strips matchers and commands with it, so the key and hash must too.

const PYTHON_SPACE = '\\t\\n\\u000b\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGES = new RegExp(`^[${PYTHON_SPACE}]+|[${PYTHON_SPACE}]+$`, 'g');

export function pythonStrip(text: string): string {
  return text.replace(EDGES, '');
}
