// Reads the hook's stdin JSON (the envelope Claude Code and hookd send).
export async function readInput() {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text);
}
